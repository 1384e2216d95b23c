/**
 * Packaging suite: the same small app (fixture/app.cjs: a JSON body, a route with a
 * parameter, a static file, a mounted Router, an error handler, the 404) on `@webfw/core` and
 * on `@webfw/core/v4`,
 *
 * - run by node from the built packages,
 * - bundled by esbuild (`--bundle --platform=node`) and run by node,
 * - bundled by webpack 5 (target node) and run by node,
 * - run by Bun (installed into node_modules/.cache/runtimes/bun on first use, see ./runtimes.ts),
 *
 * each started as a child process on port 0 and asked the same requests over HTTP; the answers
 * (status, headers but Date, body) must be those of the same app on express 5 (for the 5.x
 * entry) or express 4 (for /v4) in the same runtime.
 *
 * The packages are laid out two ways in a temp dir's node_modules:
 * - `installed`: what npm installs, each package's `files` and package.json copied, its
 *   dependencies linked from the workspace (as the pnpm store has them);
 * - `linked`: symlinks to packages/* (a workspace, `npm link`, a `file:` dependency). There
 *   Bun and esbuild resolve the dist files' own `require('@webfw/router')` through this
 *   repository's tsconfig `paths` to `src/index.ts`, an ES module: the layout in which a
 *   default import between the packages broke (`Module is not a constructor`,
 *   `import_router2.default is not a constructor`). webpack runs on `installed` only: through
 *   the same `paths` it reaches TypeScript sources it has no loader for.
 *
 * It takes about 5 s alone on a 2-core machine and about 10 s beside the rest of `npm test`
 * (the webpack build is the largest part); the first run adds about 2 s for the Bun install.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bunBinary } from '@webfw/test-support/runtimes';
import { installPackage } from '@webfw/test-support/installed-layout';

jest.setTimeout(60_000);

const root = join(__dirname, '..', '..');
const fixture = join(__dirname, 'fixture');
const publicDir = join(fixture, 'public');
const names = ['logger', 'body-parser', 'router', 'static', 'core'];

type Layout = 'installed' | 'linked';
type Runtime = 'node' | 'bun';

let work: string;
let bun: string;
const dirs = {} as Record<Layout, string>;

/** Lays out the fixture and the packages (see the file's comment) in `dir`. */
function layOut(dir: string, layout: Layout): void {
  mkdirSync(join(dir, 'node_modules', '@webfw'), { recursive: true });
  for (const file of readdirSync(fixture)) if (/\.[cm]js$/.test(file)) cpSync(join(fixture, file), join(dir, file));
  for (const name of names) {
    const pkg = join(root, 'packages', name);
    const target = join(dir, 'node_modules', '@webfw', name);
    if (layout === 'linked') {
      symlinkSync(pkg, target, 'dir');
      continue;
    }
    installPackage(name, join(dir, 'node_modules'));
  }
  // the references: express 5 (a root devDependency) and express 4 (core's `express-v4`)
  symlinkSync(realpathSync(join(root, 'node_modules', 'express')), join(dir, 'node_modules', 'express'), 'dir');
  symlinkSync(realpathSync(join(root, 'packages', 'core', 'node_modules', 'express-v4')), join(dir, 'node_modules', 'express-v4'), 'dir');
  // the /v4 entries' optional peer (send 0.19, installed by the app that uses them: docs/releasing.md)
  symlinkSync(realpathSync(join(root, 'packages', 'core', 'node_modules', 'send-v0')), join(dir, 'node_modules', 'send-v0'), 'dir');
}

/** Runs a command to its end; rejects with its output when it fails. */
function exec(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(' ')} (in ${cwd}) exited ${code}:\n${out}`))));
  });
}

const esbuild = (dir: string): Promise<string> =>
  exec(
    join(root, 'node_modules', '.bin', 'esbuild'),
    ['webfw.cjs', 'webfw-v4.cjs', '--bundle', '--platform=node', '--outdir=esbuild', '--out-extension:.js=.cjs', '--log-level=error'],
    dir,
  );
const webpack = (dir: string): Promise<string> => exec(process.execPath, [join(__dirname, 'build-webpack.cjs'), 'webpack', 'webfw.cjs', 'webfw-v4.cjs'], dir);

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'webfw-packaging-'));
  for (const layout of ['installed', 'linked'] as const) {
    dirs[layout] = join(work, layout);
    layOut(dirs[layout], layout);
  }
  // Bun's first install (a download) is said in one line, not a console block
  bun = bunBinary((line) => process.stderr.write(`${line}\n`));
  await Promise.all([esbuild(dirs.installed), esbuild(dirs.linked), webpack(dirs.installed)]);
}, 180_000);

const children = new Set<ChildProcess>();
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Starts `file` (relative to `dir`) under `runtime`; resolves with its port once it listens. */
function start(runtime: Runtime, dir: string, file: string): Promise<{ port: number; child: ChildProcess }> {
  return new Promise((resolve, reject) => {
    const child = spawn(runtime === 'bun' ? bun : process.execPath, [file], {
      cwd: dir,
      env: { ...process.env, PUBLIC_DIR: publicDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let out = '';
    let err = '';
    const fail = (why: string): void => {
      child.kill('SIGKILL');
      reject(new Error(`${runtime} ${file} (in ${dir}) ${why}\nstdout: ${out}\nstderr: ${err}`));
    };
    const timer = setTimeout(() => fail('did not print its port within 15 s'), 15_000);
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ port: Number(m[1]), child });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      children.delete(child);
      fail(`exited (${code})`);
    });
  });
}

interface Ask {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

const requests: Ask[] = [
  { method: 'GET', path: '/users/42?sort=desc&tag[a]=1' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"list":[1,2],"name":"x"}' },
  { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: '{"list":' },
  { method: 'GET', path: '/static/hello.txt' },
  { method: 'GET', path: '/api/items/7?x=1' },
  { method: 'GET', path: '/boom' },
  { method: 'GET', path: '/missing' },
];

interface Answer {
  request: string;
  status: number | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function ask(port: number, r: Ask): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: r.method, path: r.path, headers: r.headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        const { date: _date, ...headers } = res.headers;
        // webfw's one documented difference here (packages/core/README.md): `X-Powered-By: webfw`
        if (headers['x-powered-by'] === 'webfw') headers['x-powered-by'] = 'Express';
        resolve({ request: `${r.method} ${r.path}`, status: res.statusCode, headers, body });
      });
    });
    req.on('error', reject);
    req.end(r.body);
  });
}

/** Starts the app, asks every request, stops it. */
async function answers(runtime: Runtime, dir: string, file: string): Promise<Answer[]> {
  const { port, child } = await start(runtime, dir, file);
  try {
    const result: Answer[] = [];
    for (const r of requests) result.push(await ask(port, r));
    return result;
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
    children.delete(child);
  }
}

/** express's answers, once per runtime and version. */
const references = new Map<string, Promise<Answer[]>>();
function reference(runtime: Runtime, version: '5' | '4'): Promise<Answer[]> {
  const key = `${runtime} ${version}`;
  if (!references.has(key)) references.set(key, answers(runtime, dirs.installed, version === '5' ? 'express.cjs' : 'express-v4.cjs'));
  return references.get(key)!;
}

const entries = [
  { version: '5', file: 'webfw.cjs' },
  { version: '4', file: 'webfw-v4.cjs' },
] as const;
/** The same as ES modules (`import webfw from '@webfw/core'`), run unbundled. */
const esmEntries = [
  { version: '5', file: 'webfw.mjs' },
  { version: '4', file: 'webfw-v4.mjs' },
] as const;

const cases: { name: string; runtime: Runtime; layout: Layout; dir: string; entries: readonly { version: '5' | '4'; file: string }[] }[] = [
  { name: 'node, installed', runtime: 'node', layout: 'installed', dir: '.', entries: [...entries, ...esmEntries] },
  { name: 'esbuild bundle, installed', runtime: 'node', layout: 'installed', dir: 'esbuild', entries },
  { name: 'esbuild bundle, linked', runtime: 'node', layout: 'linked', dir: 'esbuild', entries },
  { name: 'webpack 5 bundle, installed', runtime: 'node', layout: 'installed', dir: 'webpack', entries },
  { name: 'Bun, installed', runtime: 'bun', layout: 'installed', dir: '.', entries: [...entries, ...esmEntries] },
  { name: 'Bun, linked', runtime: 'bun', layout: 'linked', dir: '.', entries: [...entries, ...esmEntries] },
];

describe.each(cases)('$name', ({ runtime, layout, dir, entries }) => {
  test.each(entries)('the $file app answers as express $version does', async ({ version, file }) => {
    const [got, expected] = await Promise.all([answers(runtime, dirs[layout], join(dir, file)), reference(runtime, version)]);
    expect(got).toEqual(expected);
  });
});

test('the CommonJS builds reach each other by named exports, never through ESM-interop .default', () => {
  // a default import of a sibling compiles to `__toESM(require("@webfw/x"), 1)`, whose
  // `.default` is an ES namespace wherever the require lands on ES module code (see
  // tooling/tsup.preset.mjs): every require of a sibling must be a plain one
  const offending: string[] = [];
  for (const name of names) {
    const dist = join(root, 'packages', name, 'dist');
    for (const file of readdirSync(dist).filter((f) => f.endsWith('.cjs'))) {
      const code = readFileSync(join(dist, file), 'utf8');
      for (const m of code.matchAll(/^.*require\("@webfw\/[^"]+"\).*$/gm))
        if (!/^var \w+ = require\("@webfw\/[^"]+"\);$/.test(m[0])) offending.push(`${name}/dist/${file}: ${m[0]}`);
    }
  }
  expect(offending).toEqual([]);
});
