/**
 * The root `preinstall` (tooling/scripts/npm-install-guard.mjs): `npm install` at the root stops
 * with one line saying to use `npm start` / `npm test`, exit code 1, and leaves no
 * package-lock.json; pnpm's install (which runs the root `preinstall` too), `npx` and npm
 * installs of other projects pass through.
 *
 * npm runs a root `preinstall` once it has installed the tree. The root package.json declares
 * nothing npm installs (the workspace's tools are under `workspaceDevDependencies`, which pnpm
 * reads through .pnpmfile.cjs), so npm gets there at once; the copy used here is that
 * package.json as it is: nothing to download, no network. The pinned pnpm is the one setup.mjs
 * uses (on PATH, else through npx).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
const guard = join(root, 'tooling', 'scripts', 'npm-install-guard.mjs');
type Manifest = {
  name: string;
  packageManager: string;
  scripts: Record<string, string>;
  workspaceDevDependencies: Record<string, string>;
  [field: string]: unknown;
};
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;
const LINE = 'webfw: no `npm install` here; run `npm start` (installs with pnpm, builds, starts the demo) or `npm test` (installs, builds, tests)';

/** The environment without what an outer npm or pnpm (running jest) put there. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(npm_|INIT_CWD$|PNPM_)/i.test(k)));
  return { ...env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', ...extra };
}

function run(command: string, args: string[], cwd: string, env = cleanEnv()): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, env, encoding: 'utf8' });
}

let copy: string;
beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'webfw-npm-install-'));
  copyFileSync(join(root, 'package.json'), join(copy, 'package.json'));
  if (existsSync(join(root, '.npmrc'))) copyFileSync(join(root, '.npmrc'), join(copy, '.npmrc'));
  mkdirSync(join(copy, 'tooling', 'scripts'), { recursive: true });
  copyFileSync(guard, join(copy, 'tooling', 'scripts', 'npm-install-guard.mjs'));
  mkdirSync(join(copy, 'docs'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('npm install at the root', () => {
  it('should be guarded by the root preinstall script', () => {
    expect(rootManifest.scripts.preinstall).toBe('node tooling/scripts/npm-install-guard.mjs');
  });

  it('should find nothing to install: the workspace tools are for pnpm only, which gets them as the root devDependencies', () => {
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies', 'bundleDependencies']) {
      expect([field, rootManifest[field]]).toEqual([field, undefined]);
    }
    expect(Object.keys(rootManifest.workspaceDevDependencies)).toEqual(expect.arrayContaining(['jest', 'typescript', 'tsup', 'express']));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { hooks } = require(join(root, '.pnpmfile.cjs')) as { hooks: { readPackage: (m: Manifest) => Manifest } };
    const read = hooks.readPackage(structuredClone(rootManifest));
    expect(read.devDependencies).toEqual(rootManifest.workspaceDevDependencies);
    const other = { name: 'express', version: '5.3.0', workspaceDevDependencies: { jest: '1' } } as unknown as Manifest;
    expect(hooks.readPackage(structuredClone(other))).toEqual(other);
  });

  it('should stop with the one line and exit code 1, leaving no package-lock.json, from the root or a folder below', () => {
    for (const cwd of [copy, join(copy, 'docs')]) {
      const npm = run('npm', ['install'], cwd);
      expect(npm.status).toBe(1);
      expect(npm.stderr.split('\n')[0]).toBe(LINE);
      expect(npm.stderr.split('\n').filter((l) => l.startsWith('webfw'))).toEqual([LINE]);
      expect(existsSync(join(copy, 'package-lock.json'))).toBe(false);
    }
  });

  it("should, after pnpm's setup, drop npm's hidden lockfile and the record of that install (npm unlinked what it did not know)", () => {
    const modules = join(copy, 'node_modules');
    mkdirSync(join(modules, '.webfw-setup'), { recursive: true });
    writeFileSync(join(modules, '.modules.yaml'), 'layoutVersion: 5\n');
    writeFileSync(join(modules, '.webfw-setup', 'install.json'), '{"hash":"x"}\n');
    writeFileSync(join(modules, '.webfw-setup', 'build-_webfw_core.json'), '{}\n');
    const npm = run('npm', ['install'], copy);
    expect([npm.status, npm.stderr.split('\n')[0]]).toEqual([1, LINE]);
    expect(['package-lock.json', 'node_modules/.package-lock.json', 'node_modules/.webfw-setup/install.json'].filter((f) => existsSync(join(copy, f)))).toEqual(
      [],
    );
    expect(existsSync(join(modules, '.webfw-setup', 'build-_webfw_core.json'))).toBe(true);
    rmSync(modules, { recursive: true, force: true });
  });

  it("should let pnpm's install through", () => {
    const version = rootManifest.packageManager.split('@')[1]!;
    const env = cleanEnv({ npm_config_prefer_offline: 'true', npm_config_loglevel: 'error' });
    const onPath = run('pnpm', ['--version'], copy, env);
    const pnpm =
      onPath.status === 0 && onPath.stdout.trim() === version
        ? run('pnpm', ['install', '--reporter=silent'], copy, env)
        : run('npx', ['-y', rootManifest.packageManager, 'install', '--reporter=silent'], copy, env);
    expect(`${pnpm.stdout}${pnpm.stderr}`).not.toContain(LINE);
    expect(pnpm.status).toBe(0);
  });
});

describe('npm-install-guard.mjs run by other commands', () => {
  /** Runs the guard as a lifecycle script would, in the copy, with `env` set. */
  const guardIn = (env: Record<string, string>) => run(process.execPath, [join(copy, 'tooling', 'scripts', 'npm-install-guard.mjs')], copy, cleanEnv(env));
  const npm = 'npm/11.6.0 node/v22.0.0 linux x64 workspaces/false';

  it.each([
    ['pnpm install', { npm_config_user_agent: 'pnpm/10.34.8 npm/? node/v22.0.0 linux x64', npm_command: 'install', INIT_CWD: '.' }],
    ['yarn install', { npm_config_user_agent: 'yarn/1.22.22 npm/? node/v22.0.0 linux x64', INIT_CWD: '.' }],
    ['npx (npm exec)', { npm_config_user_agent: npm, npm_command: 'exec', INIT_CWD: '.' }],
    ['npm install of a project that depends on this folder', { npm_config_user_agent: npm, npm_command: 'install', INIT_CWD: tmpdir() }],
  ])('should pass %s through', (_name, env) => {
    const ran = guardIn({ ...env, INIT_CWD: env.INIT_CWD === '.' ? copy : env.INIT_CWD });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it('should stop npm ci at the root', () => {
    const ran = guardIn({ npm_config_user_agent: npm, npm_command: 'ci', INIT_CWD: copy });
    expect({ status: ran.status, stderr: ran.stderr }).toEqual({ status: 1, stderr: LINE + '\n' });
  });
});
