/**
 * The release, rehearsed for real. A local registry (./registry.ts: verdaccio on 127.0.0.1,
 * storage in a temp dir, third-party packages proxied from the npm registry) gets what the
 * project's own release steps publish from a scratch copy of the repository whose `origin` is a
 * local bare repository (./rehearsal/commands.ts): docs/releasing.md's `release-steps` block,
 * line by line as written (`npm run version-packages` consumes every pending changeset, in the
 * copy only; `git add`, `git commit`, `npm run release`, `git push --follow-tags`). Two lines run
 * with an addition: writing a changeset asks questions, so `npm run changeset` runs as
 * `npm run changeset -- status` (the CLI it names, listing what is pending); and the copy takes
 * the packages' dist/ as `npm test`'s setup built them (versions are not compiled in), so
 * `npm run release` runs with `--ignore-scripts` (its `prerelease` is the build). The first
 * release is then read as a user reads it: the pending changesets pass the first-release check
 * (./first-release-check.mjs), and each package's CHANGELOG.md is exactly one entry, its
 * first-release changeset (no commit hashes, no dependency lists), in the commit and in the
 * published tarball; the private packages are not versioned.
 *
 * Then fresh projects install from that registry with npm, pnpm and yarn (classic), in
 * parallel (./rehearsal/apps.ts): the logger alone on bare node:http, the body parser alone,
 * static alone, core, and an express app through `"express": "npm:@webfw/core@<version>"`. Each
 * runs a small app that is asked over HTTP, and the answers are asserted exactly.
 *
 * Before anything is published, README.md's "Installing before the first release" runs as
 * written: the tarballs `npm run pack` makes, installed with npm, pnpm and yarn into empty
 * projects, one package alone and the core.
 *
 * Last, versions move independently: a changeset on the logger alone releases the logger and
 * what depends on it (core, `updateInternalDependencies: patch`), nothing else; a minor change
 * to the router releases the router and core, core's published range on the router following.
 *
 * The registry stops at the end. Nothing leaves the machine but reads of the npm registry.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { installTools, startRegistry, type Registry } from './registry';
import { CASES, FIRST, installCommand, MANAGERS } from './rehearsal/apps';
import { copyRepository, git, GIT_USER, names, ok, pool, privatePackages, readChangeset, root, run, runBlock } from './rehearsal/commands';

jest.setTimeout(300_000);

let work: string;
let scratch: string;
let registry: Registry | undefined;
let tools: { verdaccio: string; yarn: string; bin: string };
const log = (line: string) => process.stdout.write(line + '\n');

function version(name: string): string {
  return (JSON.parse(readFileSync(join(scratch, 'packages', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The registry's document for a package: versions and each version's manifest. */
async function packument(name: string): Promise<{ versions: Record<string, { dependencies?: Record<string, string> }>; 'dist-tags': Record<string, string> }> {
  const res = await fetch(`${registry!.url}${name.replace('/', '%2f')}`);
  if (!res.ok) throw new Error(`${name}: ${res.status}`);
  return (await res.json()) as never;
}

async function published(): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const name of names) out[name] = Object.keys((await packument(`@webfw/${name}`)).versions).sort();
  return out;
}

const npmrc = () => `registry=${registry!.url}\n//${registry!.url.replace(/^http:\/\//, '')}:_authToken=rehearsal\n`;

/** docs/releasing.md's `release-steps` block: its command lines, as written. */
const releaseSteps = runBlock('docs/releasing.md', 'release-steps');

/** A step as the rehearsal runs it: writing a changeset is interactive (status instead); the copy is built already. */
function rehearsed(step: string): string {
  if (step === 'npm run changeset') return `${step} -- status`;
  if (step === 'npm run release') return `${step} --ignore-scripts`;
  return step;
}

/** The first-release check on the scratch copy, then `npm run version-packages` and `npm run release` there. */
async function release(): Promise<string> {
  await ok(process.execPath, [join('tooling', 'release', 'first-release-check.mjs')], scratch);
  await ok('npm', ['run', 'version-packages'], scratch, GIT_USER);
  return ok('npm', ['run', 'release', '--ignore-scripts'], scratch, { ...GIT_USER, npm_config_registry: registry!.url });
}

beforeAll(async () => {
  for (const name of names) {
    if (!existsSync(join(root, 'packages', name, 'dist', 'index.cjs'))) throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` first`);
  }
  tools = installTools(log);
  // verdaccio's yarn and pnpm: `changeset publish` runs `pnpm publish` from PATH
  process.env.PATH = `${tools.bin}${delimiter}${process.env.PATH ?? ''}`;
  work = mkdtempSync(join(tmpdir(), 'webfw-release-'));
  registry = await startRegistry(tools.verdaccio, join(work, 'registry'));
  scratch = join(work, 'repo');
  copyRepository(scratch);
  writeFileSync(join(scratch, '.npmrc'), npmrc());
});

afterAll(async () => {
  await registry?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * README.md's "Installing before the first release", line by line as written: each command of
 * its `install-tarballs` block runs in an empty project (WEBFW set to the scratch copy's
 * dist-tarballs/, made by `npm run pack`'s packing step), then the small app of the case it
 * installs (the logger alone, or the core). This runs before anything is published: @webfw/* is
 * not on the registry yet, as on npmjs.com today.
 */
const tarballLines = runBlock('README.md', 'install-tarballs').filter((line) => !line.startsWith('WEBFW='));

describe('release rehearsal: before the first release, fresh projects install the tarballs of `npm run pack`', () => {
  const answers = new Map<string, string>();
  /** The case a README line installs: the core, or the logger alone. */
  const caseOf = (line: string) => (/webfw-core-|\/\*\.tgz/.test(line) ? 3 : 0);

  beforeAll(async () => {
    // `npm run pack` is setup.mjs (done: the copy has the built dist/) then pack.mjs
    await ok(process.execPath, [join('tooling', 'scripts', 'pack.mjs')], scratch);
    const tarballs = join(scratch, 'dist-tarballs');
    const tasks = tarballLines.map((line, i) => async () => {
      const dir = join(work, 'tarball-apps', String(i));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `tarball-app-${i}`, version: '1.0.0', private: true }, null, 2) + '\n');
      writeFileSync(join(dir, '.npmrc'), npmrc());
      const env = { npm_config_registry: registry!.url, YARN_CACHE_FOLDER: join(work, `.yarn-cache-tarballs-${i}`) };
      const install = await run('bash', ['-e', '-c', `WEBFW=${tarballs}\n${line}`], dir, env);
      if (install.status !== 0) return answers.set(line, `install failed (${install.status}):\n${install.output}`);
      const c = CASES[caseOf(line)]!;
      for (const [file, text] of Object.entries(c.files)) writeFileSync(join(dir, file), text);
      const app = await run(process.execPath, [Object.keys(c.files).find((f) => /^app\.m?js$/.test(f))!], dir);
      answers.set(line, app.status === 0 ? app.output : `app failed (${app.status}):\n${app.output}`);
    });
    await pool(tasks, 3);
  });

  it('should give a line per package manager for one package alone and for the core', () => {
    const kinds = tarballLines.map((line) => `${/(npm install|pnpm add|yarn add) /.exec(line)?.[1]} ${caseOf(line) === 3 ? 'core' : 'alone'}`);
    expect(kinds.sort()).toEqual(['npm install alone', 'npm install core', 'pnpm add alone', 'pnpm add core', 'yarn add alone', 'yarn add core']);
  });

  it.each(tarballLines)('%s', (line) => {
    expect(answers.get(line)).toBe(CASES[caseOf(line)]!.expected);
  });
});

/** How the changesets config words a changeset's line of a CHANGELOG.md entry. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { getReleaseLine } = require('./changelog.cjs') as { getReleaseLine: (changeset: { summary: string }) => Promise<string> };

/** What each package replaces, as its first-release entry must say. */
const REPLACES = { logger: 'morgan 1.x', 'body-parser': 'body-parser 2.x', router: 'router 2.x', static: 'serve-static 2.x', core: 'express 5' };

describe("release rehearsal: the first release, by docs/releasing.md's steps", () => {
  const pending = new Map<string, { packages: string[]; summary: string }>();
  let privateBefore: ReturnType<typeof privatePackages>;
  let check: Awaited<ReturnType<typeof run>>;
  const changelog = (name: string) => readFileSync(join(scratch, 'packages', name, 'CHANGELOG.md'), 'utf8');

  beforeAll(async () => {
    for (const file of git(scratch, 'ls-files', '.changeset/*.md').split('\n')) {
      if (file && !file.endsWith('README.md')) pending.set(file, readChangeset(join(scratch, file)));
    }
    privateBefore = privatePackages(scratch);
    check = await run(process.execPath, [join('tooling', 'release', 'first-release-check.mjs')], scratch);
    for (const step of releaseSteps) await ok('bash', ['-e', '-c', rehearsed(step)], scratch, { ...GIT_USER, npm_config_registry: registry!.url });
  });

  it('should be the steps of a release: a changeset, version, add, commit, release, push', () => {
    expect(releaseSteps).toContain('npm run changeset');
    expect(releaseSteps).toContain('npm run version-packages');
    expect(releaseSteps).toContain('npm run release');
    expect(releaseSteps.indexOf('npm run version-packages')).toBeLessThan(releaseSteps.indexOf('npm run release'));
  });

  it('should start from one pending changeset per package, its first release, as the first-release check requires', () => {
    expect([...pending.keys()].sort()).toEqual(names.map((n) => `.changeset/first-release-${n}.md`).sort());
    expect(check).toEqual({ status: 0, output: expect.stringContaining('first-release check: every unreleased package') });
  });

  it('should version every package from its pending changesets and publish them all', async () => {
    expect(Object.fromEntries(names.map((n) => [n, version(n)]))).toEqual(FIRST);
    for (const file of pending.keys()) expect(existsSync(join(scratch, file))).toBe(false);
    expect(await published()).toEqual(Object.fromEntries(names.map((n) => [n, [FIRST[n as keyof typeof FIRST]]])));
    const core = await packument('@webfw/core');
    expect(core.versions['5.0.0']!.dependencies).toMatchObject({
      '@webfw/logger': '^1.0.0',
      '@webfw/router': '^2.0.0',
      '@webfw/body-parser': '^2.0.0',
      '@webfw/static': '^2.0.0',
    });
    expect((await packument('@webfw/static')).versions['2.0.0']!.dependencies).not.toHaveProperty('@webfw/router');
  });

  it.each(names)("@webfw/%s's CHANGELOG.md should be exactly one entry, its first release, read as a changelog, not a commit log", async (name) => {
    const first = pending.get(`.changeset/first-release-${name}.md`);
    expect(first?.packages).toEqual([`@webfw/${name}`]);
    const entry = await getReleaseLine(first!);
    const text = changelog(name);
    expect(text).toBe(`# @webfw/${name}\n\n## ${FIRST[name as keyof typeof FIRST]}\n\n### Major Changes\n\n${entry}\n`);
    expect(first!.summary).toMatch(/^First release\./);
    expect(first!.summary).toContain(REPLACES[name as keyof typeof REPLACES]);
    expect(first!.summary).toMatch(/^Compatibility: /m);
    expect(text).not.toMatch(/^\s*- [0-9a-f]{7}: |Updated dependencies/m);
  });

  it('should leave the private packages unversioned', () => {
    expect(privateBefore.map((p) => p.name).sort()).toEqual([
      '@webfw/bench',
      '@webfw/ecosystem-tests',
      '@webfw/examples',
      '@webfw/observability-tests',
      '@webfw/test-support',
    ]);
    expect(privatePackages(scratch)).toEqual(privateBefore);
    for (const { dir } of privateBefore) expect([dir, existsSync(join(scratch, dir, 'CHANGELOG.md'))]).toEqual([dir, false]);
  });

  it('should commit every CHANGELOG.md, package.json and consumed changeset, and push the commit and a tag per package to origin', () => {
    const committed = git(scratch, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort();
    expect(committed).toEqual(
      [...names.flatMap((n) => [`A\tpackages/${n}/CHANGELOG.md`, `M\tpackages/${n}/package.json`]), ...[...pending.keys()].map((file) => `D\t${file}`)].sort(),
    );
    expect(git(scratch, 'status', '--porcelain', '--', '.changeset', 'packages')).toBe('');
    const remote = git(scratch, 'ls-remote', 'origin');
    const head = git(scratch, 'rev-parse', 'HEAD').trim();
    expect(remote).toContain(`${head}\trefs/heads/main`);
    for (const name of names) expect(remote).toContain(`refs/tags/@webfw/${name}@${FIRST[name as keyof typeof FIRST]}\n`);
  });

  it.each(names)('@webfw/%s should carry its CHANGELOG.md in the published tarball', async (name) => {
    const v = FIRST[name as keyof typeof FIRST];
    const doc = (await packument(`@webfw/${name}`)) as unknown as { versions: Record<string, { dist: { tarball: string } }> };
    const res = await fetch(doc.versions[v]!.dist.tarball);
    expect(res.status).toBe(200);
    const file = join(work, `${name}-${v}.tgz`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const inside = spawnSync('tar', ['-xzOf', file, 'package/CHANGELOG.md'], { encoding: 'utf8' });
    expect(inside.stderr).toBe('');
    expect(inside.stdout).toBe(changelog(name));
  });
});

describe('release rehearsal: fresh projects install from the registry', () => {
  const answers = new Map<string, string>();
  beforeAll(async () => {
    const tasks = MANAGERS.flatMap((manager) =>
      CASES.map((c, i) => async () => {
        const dir = join(work, 'apps', manager, String(i));
        mkdirSync(dir, { recursive: true });
        writeFileSync(
          join(dir, 'package.json'),
          JSON.stringify({ name: `app-${i}`, version: '1.0.0', private: true, dependencies: c.dependencies(FIRST) }, null, 2) + '\n',
        );
        writeFileSync(join(dir, '.npmrc'), npmrc());
        for (const [file, text] of Object.entries(c.files)) {
          mkdirSync(dirname(join(dir, file)), { recursive: true });
          writeFileSync(join(dir, file), text);
        }
        const [command, args] = installCommand(manager, dir, registry!.url, tools.yarn);
        const install = await run(command, args, dir, { npm_config_registry: registry!.url });
        if (install.status !== 0) return answers.set(`${manager} ${i}`, `install failed (${install.status}):\n${install.output}`);
        const entry = Object.keys(c.files).find((f) => /^app\.m?js$/.test(f))!;
        const app = await run(process.execPath, [entry], dir);
        answers.set(`${manager} ${i}`, app.status === 0 ? app.output : `app failed (${app.status}):\n${app.output}`);
      }),
    );
    await pool(tasks, 5);
  });

  describe.each(MANAGERS)('%s', (manager) => {
    it.each(CASES.map((c, i) => [c.title, i] as const))('%s', (_title, i) => {
      expect(answers.get(`${manager} ${i}`)).toBe(CASES[i]!.expected);
    });
  });
});

describe('release rehearsal: independent versions', () => {
  it("should release the logger alone for a changeset on the logger (core's published ^1.0.0 admits the new logger)", async () => {
    writeFileSync(join(scratch, '.changeset', 'logger-alone.md'), "---\n'@webfw/logger': patch\n---\n\nlogger: a fix\n");
    await release();
    expect(await published()).toEqual({ logger: ['1.0.0', '1.0.1'], 'body-parser': ['2.0.0'], router: ['2.0.0'], static: ['2.0.0'], core: ['5.0.0'] });
  });

  it('should release the router alone for a minor change (dependents keep ^2.0.0, which admits 2.1.0)', async () => {
    writeFileSync(join(scratch, '.changeset', 'router-feature.md'), "---\n'@webfw/router': minor\n---\n\nrouter: a feature\n");
    await release();
    expect(await published()).toEqual({ logger: ['1.0.0', '1.0.1'], 'body-parser': ['2.0.0'], router: ['2.0.0', '2.1.0'], static: ['2.0.0'], core: ['5.0.0'] });
  });

  it("should release the router and core, with core's range on the new router, for a major change to the router", async () => {
    writeFileSync(join(scratch, '.changeset', 'router-major.md'), "---\n'@webfw/router': major\n---\n\nrouter: a breaking change\n");
    await release();
    expect(await published()).toEqual({
      logger: ['1.0.0', '1.0.1'],
      'body-parser': ['2.0.0'],
      router: ['2.0.0', '2.1.0', '3.0.0'],
      static: ['2.0.0'],
      core: ['5.0.0', '5.0.1'],
    });
    const core = await packument('@webfw/core');
    expect(core['dist-tags'].latest).toBe('5.0.1');
    expect(core.versions['5.0.1']!.dependencies).toMatchObject({ '@webfw/router': '^3.0.0', '@webfw/logger': '^1.0.1' });
  });
});
