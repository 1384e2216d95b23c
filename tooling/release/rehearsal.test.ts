/**
 * The release, rehearsed for real (issue 32). A local registry (./registry.ts: verdaccio on
 * 127.0.0.1, storage in a temp dir, third-party packages proxied from the npm registry) gets
 * what the project's own release steps publish from a scratch copy of the repository whose
 * `origin` is a local bare repository: docs/releasing.md's `release-steps` block, line by line
 * as written (`npm run version-packages` consumes every pending changeset, in the copy only;
 * `git add`, `git commit`, `npm run release`, `git push --follow-tags`). Two lines run with an
 * addition: writing a changeset asks questions, so `npm run changeset` runs as
 * `npm run changeset -- status` (the CLI it names, listing what is pending); and the copy takes
 * the packages' dist/ as `npm test`'s setup built them (versions are not compiled in), so
 * `npm run release` runs with `--ignore-scripts` (its `prerelease` is the build). The first
 * release is then read as a user reads it: each package's CHANGELOG.md is its first-release
 * entry (no commit hashes, no dependency lists), in the commit, in the published tarball; the
 * private packages are not versioned.
 *
 * Then fresh projects install from that registry with npm, pnpm and yarn (classic), in
 * parallel: the logger alone on bare node:http, the body parser alone, static alone, core, and
 * an express app through `"express": "npm:@webfw/core@<version>"`. Each runs a small app that
 * is asked over HTTP, and the answers are asserted exactly.
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
 * About 1 to 2 minutes on a 2-core machine with a warm npm cache (the first run also installs
 * verdaccio, about 20 s).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { installTools, startRegistry, type Registry } from './registry';

jest.setTimeout(300_000);

const root = join(__dirname, '..', '..');
const names = ['logger', 'body-parser', 'router', 'static', 'core'];

let work: string;
let scratch: string;
let registry: Registry | undefined;
let tools: { verdaccio: string; yarn: string; bin: string };
const log = (line: string) => process.stdout.write(line + '\n');

interface Run {
  status: number | null;
  output: string;
}

/** Runs a command asynchronously (installs run side by side); never throws. */
function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: {
        ...process.env,
        PATH: `${tools.bin}${delimiter}${process.env.PATH ?? ''}`,
        npm_config_update_notifier: 'false',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (err) => resolve({ status: -1, output: output + String(err) }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

async function ok(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const result = await run(command, args, cwd, env);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${result.output}`);
  return result.output;
}

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

/** A copy of the repository's files (tracked, and new ones not ignored) with its own git. */
function copyRepository(dest: string): void {
  const list = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (list.status !== 0) throw new Error(list.stderr);
  for (const file of list.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(root, file), join(dest, file));
  }
  for (const name of names) cpSync(join(root, 'packages', name, 'dist'), join(dest, 'packages', name, 'dist'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dest, 'node_modules'), 'dir');
  // pnpm publish replaces `workspace:^` from the linked sibling's version: link the copy's own
  for (const name of names) {
    const manifest = JSON.parse(readFileSync(join(dest, 'packages', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@webfw/'))) {
      mkdirSync(join(dest, 'packages', name, 'node_modules', '@webfw'), { recursive: true });
      symlinkSync(join(dest, 'packages', dep.slice('@webfw/'.length)), join(dest, 'packages', name, 'node_modules', ...dep.split('/')), 'dir');
    }
  }
  const git = (...args: string[]) => {
    const r = spawnSync('git', args, { cwd: dest, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  };
  git('init', '-q', '-b', 'main');
  git('-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@localhost', 'add', '-A');
  git('-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@localhost', 'commit', '-q', '-m', 'scratch copy');
  // a clone's origin, for the steps' `git push --follow-tags`
  const origin = join(dirname(dest), 'origin.git');
  const bare = spawnSync('git', ['init', '-q', '--bare', '-b', 'main', origin], { encoding: 'utf8' });
  if (bare.status !== 0) throw new Error(`git init --bare: ${bare.stderr}`);
  git('remote', 'add', 'origin', origin);
  git('push', '-q', '-u', 'origin', 'main');
}

const GIT_USER = { GIT_AUTHOR_NAME: 'rehearsal', GIT_AUTHOR_EMAIL: 'r@localhost', GIT_COMMITTER_NAME: 'rehearsal', GIT_COMMITTER_EMAIL: 'r@localhost' };

/** docs/releasing.md's `release-steps` block: its command lines, as written, comments dropped. */
const releaseSteps = (() => {
  const doc = readFileSync(join(root, 'docs', 'releasing.md'), 'utf8');
  const block = /^<!-- run: release-steps -->\s*^```sh\n([^]*?)^```$/m.exec(doc)?.[1];
  if (block === undefined) throw new Error('docs/releasing.md has no block marked <!-- run: release-steps -->');
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
})();

/** A step as the rehearsal runs it: writing a changeset is interactive (status instead); the copy is built already. */
function rehearsed(step: string): string {
  if (step === 'npm run changeset') return `${step} -- status`;
  if (step === 'npm run release') return `${step} --ignore-scripts`;
  return step;
}

/** A changeset file: the packages it names and its text. */
function readChangeset(file: string): { packages: string[]; summary: string } {
  const [, front = '', summary = ''] = /^---\n([^]*?)\n---\n([^]*)$/.exec(readFileSync(file, 'utf8')) ?? [];
  return { packages: [...front.matchAll(/^["']?(@webfw\/[\w-]+)["']?:/gm)].map((m) => m[1]!), summary: summary.trim() };
}

/** The workspace's private packages (pnpm-workspace.yaml's list): folder and manifest. */
function privatePackages(repo: string): { dir: string; name: string; version: string }[] {
  const yaml = readFileSync(join(repo, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:\n((?:[ \t]+-.*\n)+)/m.exec(yaml)?.[1] ?? '';
  const globs = [...list.matchAll(/-\s+["']?([^"'\n]+?)["']?\s*$/gm)].map((m) => m[1]!);
  const dirs = globs.flatMap((glob) => (glob.endsWith('/*') ? readdirSync(join(repo, glob.slice(0, -2))).map((d) => `${glob.slice(0, -2)}/${d}`) : [glob]));
  return dirs
    .filter((dir) => existsSync(join(repo, dir, 'package.json')))
    .map((dir) => ({ dir, ...(JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as { name: string; version: string; private?: boolean }) }))
    .filter((pkg) => pkg.private === true)
    .map(({ dir, name, version }) => ({ dir, name, version }));
}

/** `npm run version-packages` then `npm run release` in the scratch copy. */
async function release(): Promise<string> {
  await ok('npm', ['run', 'version-packages'], scratch, GIT_USER);
  return ok('npm', ['run', 'release', '--ignore-scripts'], scratch, { ...GIT_USER, npm_config_registry: registry!.url });
}

beforeAll(async () => {
  for (const name of names) {
    if (!existsSync(join(root, 'packages', name, 'dist', 'index.cjs'))) throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` first`);
  }
  tools = installTools(log);
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

const FIRST = { logger: '1.0.0', 'body-parser': '2.0.0', router: '2.0.0', static: '2.0.0', core: '5.0.0' };

/**
 * README.md's "Installing before the first release", line by line as written: each command of
 * its `install-tarballs` block runs in an empty project (WEBFW set to the scratch copy's
 * dist-tarballs/, made by `npm run pack`'s packing step), then the small app of the case it
 * installs (the logger alone, or the core). This runs before anything is published: @webfw/* is
 * not on the registry yet, as on npmjs.com today.
 */
const tarballLines = (() => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const block = /^<!-- run: install-tarballs -->\s*^```sh\n([^]*?)^```$/m.exec(readme)?.[1];
  if (block === undefined) throw new Error('README.md has no block marked <!-- run: install-tarballs -->');
  return block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#') && !line.startsWith('WEBFW='));
})();

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
  const changelog = (name: string) => readFileSync(join(scratch, 'packages', name, 'CHANGELOG.md'), 'utf8');

  beforeAll(async () => {
    for (const file of spawnSync('git', ['ls-files', '.changeset/*.md'], { cwd: scratch, encoding: 'utf8' }).stdout.split('\n')) {
      if (file && !file.endsWith('README.md')) pending.set(file, readChangeset(join(scratch, file)));
    }
    privateBefore = privatePackages(scratch);
    for (const step of releaseSteps) await ok('bash', ['-e', '-c', rehearsed(step)], scratch, { ...GIT_USER, npm_config_registry: registry!.url });
  });

  it('should be the steps of a release: a changeset, version, add, commit, release, push', () => {
    expect(releaseSteps).toContain('npm run changeset');
    expect(releaseSteps).toContain('npm run version-packages');
    expect(releaseSteps).toContain('npm run release');
    expect(releaseSteps.indexOf('npm run version-packages')).toBeLessThan(releaseSteps.indexOf('npm run release'));
  });

  it('should version every package from its pending changesets and publish them all', async () => {
    expect(pending.size).toBeGreaterThan(0);
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

  it.each(names)("@webfw/%s's CHANGELOG.md should open with its first-release entry, and read as a changelog, not a commit log", async (name) => {
    const first = pending.get(`.changeset/first-release-${name}.md`);
    expect(first?.packages).toEqual([`@webfw/${name}`]);
    const entry = await getReleaseLine(first!);
    const text = changelog(name);
    expect(text.startsWith(`# @webfw/${name}\n\n## ${FIRST[name as keyof typeof FIRST]}\n\n### Major Changes\n\n${entry}\n`)).toBe(true);
    expect(first!.summary).toMatch(/^First release\./);
    expect(first!.summary).toContain(REPLACES[name as keyof typeof REPLACES]);
    expect(first!.summary).toMatch(/^Compatibility: /m);
    // every other pending changeset on the package is a line of the same version
    for (const [file, changeset] of pending) {
      if (changeset.packages.includes(`@webfw/${name}`)) expect([file, text.includes(changeset.summary.split('\n')[0]!)]).toEqual([file, true]);
    }
    expect(text.match(/^## /gm)).toHaveLength(1);
    expect(text).not.toMatch(/^\s*- [0-9a-f]{7}: |Updated dependencies/m);
  });

  it('should leave the private packages unversioned', () => {
    expect(privateBefore.map((p) => p.name).sort()).toEqual(['@webfw/bench', '@webfw/ecosystem-tests', '@webfw/examples', '@webfw/observability-tests']);
    expect(privatePackages(scratch)).toEqual(privateBefore);
    for (const { dir } of privateBefore) expect([dir, existsSync(join(scratch, dir, 'CHANGELOG.md'))]).toEqual([dir, false]);
  });

  it('should commit every CHANGELOG.md, package.json and consumed changeset, and push the commit and a tag per package to origin', () => {
    const committed = spawnSync('git', ['show', '--name-status', '--format=', 'HEAD'], { cwd: scratch, encoding: 'utf8' }).stdout.trim().split('\n').sort();
    expect(committed).toEqual(
      [...names.flatMap((n) => [`A\tpackages/${n}/CHANGELOG.md`, `M\tpackages/${n}/package.json`]), ...[...pending.keys()].map((file) => `D\t${file}`)].sort(),
    );
    expect(spawnSync('git', ['status', '--porcelain', '--', '.changeset', 'packages'], { cwd: scratch, encoding: 'utf8' }).stdout).toBe('');
    const remote = spawnSync('git', ['ls-remote', 'origin'], { cwd: scratch, encoding: 'utf8' }).stdout;
    const head = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: scratch, encoding: 'utf8' }).stdout.trim();
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

/** The small apps: each listens on port 0, asks itself over HTTP, prints the answers, and exits. */
const ASK = `
async function ask(server, requests) {
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const base = 'http://127.0.0.1:' + server.address().port;
  const out = [];
  for (const [method, path, body, type] of requests) {
    const res = await fetch(base + path, { method, body, headers: type ? { 'content-type': type } : {} });
    out.push(res.status + ' ' + (res.headers.get('content-type') || '-') + ' ' + (await res.text()));
  }
  server.close();
  process.stdout.write(out.join('\\n') + '\\n');
}
`;

interface Case {
  title: string;
  dependencies: (v: typeof FIRST) => Record<string, string>;
  files: Record<string, string>;
  expected: string;
}

const CASES: Case[] = [
  {
    title: '@webfw/logger alone, on bare node:http',
    dependencies: (v) => ({ '@webfw/logger': `^${v.logger}` }),
    files: {
      'app.js': `const http = require('node:http');
const logger = require('@webfw/logger');
const lines = [];
const log = logger(':method :url :status', { stream: { write: (line) => lines.push(line) } });
const server = http.createServer((req, res) => log(req, res, () => res.end(req.url === '/log' ? lines.join('') : 'hello')));
${ASK}
ask(server, [['GET', '/a'], ['GET', '/log']]);
`,
    },
    expected: '200 - hello\n200 - GET /a 200\n\n',
  },
  {
    title: '@webfw/body-parser alone',
    dependencies: (v) => ({ '@webfw/body-parser': `^${v['body-parser']}` }),
    files: {
      'app.js': `const http = require('node:http');
const bodyParser = require('@webfw/body-parser');
const json = bodyParser.json();
const server = http.createServer((req, res) => json(req, res, (err) => {
  res.statusCode = err ? err.status : 200;
  res.end(err ? err.type : JSON.stringify(req.body));
}));
${ASK}
ask(server, [['POST', '/', '{"a":[1,2]}', 'application/json'], ['POST', '/', '{bad', 'application/json']]);
`,
    },
    expected: '200 - {"a":[1,2]}\n400 - entity.parse.failed\n',
  },
  {
    title: '@webfw/static alone',
    dependencies: (v) => ({ '@webfw/static': `^${v.static}` }),
    files: {
      'public/hello.txt': 'static hello\n',
      'app.js': `const http = require('node:http');
const serveStatic = require('@webfw/static');
const serve = serveStatic(__dirname + '/public');
const server = http.createServer((req, res) => serve(req, res, () => { res.statusCode = 404; res.end('none'); }));
${ASK}
ask(server, [['GET', '/hello.txt'], ['GET', '/missing']]);
`,
    },
    expected: '200 text/plain; charset=utf-8 static hello\n\n404 - none\n',
  },
  {
    title: '@webfw/core (an ES module app)',
    dependencies: (v) => ({ '@webfw/core': `^${v.core}` }),
    files: {
      'app.mjs': `import webfw, { json } from '@webfw/core';
const app = webfw();
app.use(json());
app.get('/users/:id', (req, res) => res.json({ id: req.params.id }));
app.post('/echo', (req, res) => res.send(req.body));
${ASK}
ask(app.listen ? (await import('node:http')).createServer(app) : null, [['GET', '/users/7'], ['POST', '/echo', '{"x":1}', 'application/json'], ['GET', '/nope']]);
`,
    },
    expected:
      '200 application/json; charset=utf-8 {"id":"7"}\n200 application/json; charset=utf-8 {"x":1}\n404 text/html; charset=utf-8 <!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /nope</pre>\n</body>\n</html>\n\n',
  },
  {
    title: 'an express app, through "express": "npm:@webfw/core@<version>"',
    dependencies: (v) => ({ express: `npm:@webfw/core@${v.core}` }),
    files: {
      'app.js': `const express = require('express');
const app = express();
app.use(express.urlencoded({ extended: true }));
const router = express.Router();
router.get('/:name', (req, res) => res.type('text').send('hi ' + req.params.name));
app.use('/greet', router);
app.post('/form', (req, res) => res.json(req.body));
const server = require('node:http').createServer(app);
${ASK}
ask(server, [['GET', '/greet/ann'], ['POST', '/form', 'a[b]=1', 'application/x-www-form-urlencoded']]);
`,
    },
    expected: '200 text/plain; charset=utf-8 hi ann\n200 application/json; charset=utf-8 {"a":{"b":"1"}}\n',
  },
];

type Manager = 'npm' | 'pnpm' | 'yarn';
const MANAGERS: Manager[] = ['npm', 'pnpm', 'yarn'];

function installCommand(manager: Manager, dir: string): [string, string[]] {
  if (manager === 'npm') return ['npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']];
  if (manager === 'pnpm') return ['pnpm', ['install', '--reporter=silent', `--registry=${registry!.url}`]];
  return [
    process.execPath,
    [
      tools.yarn,
      'install',
      '--non-interactive',
      '--silent',
      '--no-lockfile',
      `--registry=${registry!.url}`,
      '--cache-folder',
      join(dir, '..', '.yarn-cache-' + Date.now()),
    ],
  ];
}

/** Runs `tasks`, `limit` at a time. */
async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

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
        const [command, args] = installCommand(manager, dir);
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
