/**
 * The release, rehearsed for real (issue 32). A local registry (./registry.ts: verdaccio on
 * 127.0.0.1, storage in a temp dir, third-party packages proxied from the npm registry) gets
 * what the project's own release commands publish from a scratch copy of the repository:
 * `npm run version-packages` (changeset version: it consumes every pending changeset, in the
 * copy only) then `npm run release` (changeset publish). The copy takes the packages' dist/
 * as `npm test`'s setup built them (versions are not compiled in), so `release` runs with
 * `--ignore-scripts` (its `prerelease` is the build).
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
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { installTools, startRegistry, type Registry } from './registry';

jest.setTimeout(300_000);

const root = join(__dirname, '..', '..');
const names = ['logger', 'body-parser', 'router', 'static', 'core'];
const started = Date.now();

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
}

/** `npm run version-packages` then `npm run release` in the scratch copy. */
async function release(): Promise<string> {
  const git = { GIT_AUTHOR_NAME: 'rehearsal', GIT_AUTHOR_EMAIL: 'r@localhost', GIT_COMMITTER_NAME: 'rehearsal', GIT_COMMITTER_EMAIL: 'r@localhost' };
  await ok('npm', ['run', 'version-packages'], scratch, git);
  return ok('npm', ['run', 'release', '--ignore-scripts'], scratch, { ...git, npm_config_registry: registry!.url });
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
  log(`release rehearsal: ${((Date.now() - started) / 1000).toFixed(1)} s`);
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

describe('release rehearsal: the first release', () => {
  it('should version every package from its pending changesets, write each CHANGELOG.md, and publish them all', async () => {
    const pending = spawnSync('git', ['ls-files', '.changeset/*.md'], { cwd: scratch, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((f) => f && !f.endsWith('README.md'));
    expect(pending.length).toBeGreaterThan(0);
    await release();
    expect(Object.fromEntries(names.map((n) => [n, version(n)]))).toEqual(FIRST);
    for (const name of names)
      expect(readFileSync(join(scratch, 'packages', name, 'CHANGELOG.md'), 'utf8')).toMatch(
        new RegExp(`^# @webfw/${name}\\n\\n## ${FIRST[name as keyof typeof FIRST].replace(/\./g, '\\.')}\\n`),
      );
    for (const file of pending) expect(existsSync(join(scratch, file))).toBe(false);
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
