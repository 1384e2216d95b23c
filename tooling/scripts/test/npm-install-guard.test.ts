/**
 * `npm install` at the root: the root's tools are plain `devDependencies` (what Renovate,
 * Dependabot and `pnpm add -D -w` read), and npm stops at once, before it resolves or downloads
 * anything, with exit code 1, no package-lock.json and no node_modules: the root names the
 * workspace's test helpers by pnpm's `workspace:` protocol, and npm refuses that spec with one
 * line (`Unsupported URL Type "workspace:"`) as it reads the manifest. `npm run` (so
 * `npm start` and `npm test`, which install with pnpm) reads no dependency and runs.
 *
 * Each check runs in a temp copy of the root's package.json: nothing is downloaded.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..', '..');
type Manifest = {
  packageManager: string;
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
  [field: string]: unknown;
};
const rootManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

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
  for (const file of ['package.json', 'tooling/test-support/package.json']) {
    mkdirSync(join(copy, file, '..'), { recursive: true });
    copyFileSync(join(root, file), join(copy, file));
  }
  mkdirSync(join(copy, 'docs'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

describe('the root manifest', () => {
  it("should list the workspace's tools as devDependencies, with no install script and no field of its own", () => {
    expect(Object.keys(rootManifest.devDependencies)).toEqual(expect.arrayContaining(['jest', 'typescript', 'tsup', 'express', '@webfw/test-support']));
    expect(rootManifest).not.toHaveProperty('workspaceDevDependencies');
    expect(Object.keys(rootManifest.scripts).filter((s) => /install/.test(s))).toEqual([]);
    expect(existsSync(join(root, '.pnpmfile.cjs'))).toBe(false);
  });

  it("should name the test helpers by pnpm's workspace: protocol, which stops npm before it resolves anything", () => {
    expect(rootManifest.devDependencies['@webfw/test-support']).toBe('workspace:*');
  });
});

describe('npm at the root', () => {
  it.each([
    ['the root', ''],
    ['a folder below', 'docs'],
  ])('npm install from %s should stop at once: exit code 1, one line naming the cause, nothing written', (_where, below) => {
    const started = Date.now();
    const npm = run('npm', ['install'], join(copy, below));
    expect(npm.status).toBe(1);
    const lines = `${npm.stdout}${npm.stderr}`.split('\n');
    expect(lines.filter((line) => line.includes('workspace:'))).toEqual(['npm error Unsupported URL Type "workspace:": workspace:*']);
    expect(['package-lock.json', 'node_modules'].filter((f) => existsSync(join(copy, f)))).toEqual([]);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('npm ci should stop with exit code 1 and write nothing', () => {
    const npm = run('npm', ['ci'], copy);
    expect(npm.status).toBe(1);
    expect(['package-lock.json', 'node_modules'].filter((f) => existsSync(join(copy, f)))).toEqual([]);
  });

  it('npm run should run (npm start and npm test are scripts)', () => {
    expect(run('npm', ['run', 'env'], copy).status).toBe(0);
  });
});
