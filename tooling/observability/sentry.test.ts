/**
 * Sentry's node SDK 11 traces a webfw app as it traces express (docs/observability.md
 * "Sentry"). Each app runs as Sentry documents it: CommonJS with its `instrument.js` required
 * first, ES modules with `node --import ./instrument.mjs app.mjs`; the instrument files are the
 * docs' blocks as written (webfw's one line in them). The express reference runs Sentry's file
 * without webfw's line (express alone installed); under the alias the line names
 * `express/instrumentation/...`, as the docs' comment says, with no `@webfw/core` installed.
 *
 * The apps: scripts/test-app.cjs (the app every agent traces) on express 5.3 against the 5.x
 * entry and express 4.22 against `/v4`, webfw imported as `express` (aliased) and as
 * `@webfw/core`, CommonJS and ESM, and bundled by esbuild; and the docs' own app blocks, on
 * express 5.3 and webfw. Each run is its own process (scripts/sentry-drive.cjs, preloaded:
 * listens on a free loopback port, sends the requests, keeps what Sentry's transport is handed,
 * nothing sent), normalised by scripts/sentry-normalise.cjs (no ids, timings, ports); spans,
 * errors and answers are compared whole, field by field.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = __dirname;
const root = join(here, '../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installApp = require('./scripts/install-app.cjs') as (dir: string, version?: string) => string;

interface Span {
  i: number;
  parent: number | 'external' | null;
  name: string;
  op?: string;
  origin?: string;
  status?: string;
  segment: boolean;
  attributes: Record<string, unknown>;
}
interface Captured {
  app: string;
  answers: string[];
  spans: Span[];
  errors: Array<{ transaction?: string; span: number | 'other' | null; [field: string]: unknown }>;
}

/** The ```js block right after `<!-- run: <name> -->` in docs/observability.md. */
function docBlock(name: string): string {
  const docs = readFileSync(join(root, 'docs/observability.md'), 'utf8');
  const m = new RegExp(`<!-- run: ${name} -->\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(docs);
  if (!m) throw new Error(`docs/observability.md has no block marked run: ${name}`);
  return m[1]!;
}

const WEBFW_LINE = /^.*@webfw\/core\/instrumentation\/sentry\.cjs.*\n/m;
const TEST_APP = JSON.stringify(join(here, 'scripts/test-app.cjs'));
const TEST_REQUESTS = [
  ['GET', '/api/users/42'],
  ['POST', '/api/echo', '{"a":1}'],
  ['GET', '/api/boom'],
  ['GET', '/nope'],
  ['GET', '/'],
];
const DOCS_REQUESTS = [
  ['GET', '/users/42'],
  ['GET', '/boom'],
  ['GET', '/nope'],
];

type Layout = 'express5' | 'express4' | 'express5+webfw' | 'aliased' | 'by name';
const dirs = {} as Record<Layout, string>;
let scratch: string;

/** An app folder: the frameworks as installed, @sentry/node, and Sentry's instrument files (from the docs). */
function layout(kind: Layout): string {
  const dir = join(scratch, kind.replace(/\W+/g, '-'));
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  if (kind === 'aliased' || kind === 'by name' || kind === 'express5+webfw') installApp(dir);
  if (kind === 'aliased') rmSync(join(dir, 'node_modules/@webfw'), { recursive: true });
  if (kind === 'by name') rmSync(join(dir, 'node_modules/express'), { recursive: true });
  if (kind.startsWith('express')) {
    rmSync(join(dir, 'node_modules/express'), { recursive: true, force: true });
    symlinkSync(realpathSync(join(here, 'node_modules', kind === 'express4' ? 'express-v4' : 'express')), join(dir, 'node_modules/express'), 'dir');
  }
  mkdirSync(join(dir, 'node_modules/@sentry'), { recursive: true });
  symlinkSync(realpathSync(join(here, 'node_modules/@sentry/node')), join(dir, 'node_modules/@sentry/node'), 'dir');
  for (const [name, file] of [
    ['sentry-cjs', 'instrument.js'],
    ['sentry-esm', 'instrument.mjs'],
  ] as const) {
    let source = docBlock(name);
    if (kind === 'express5' || kind === 'express4') source = source.replace(WEBFW_LINE, '');
    if (kind === 'aliased') source = source.replace('@webfw/core/instrumentation/', 'express/instrumentation/');
    writeFileSync(join(dir, file), source);
  }
  writeFileSync(join(dir, 'app.js'), docBlock('sentry-app-cjs'));
  writeFileSync(join(dir, 'app.mjs'), docBlock('sentry-app-esm'));
  return dir;
}

/** The test app's entry in `dir`, as a user writes it: Sentry's instrument file first (CommonJS) or by `--import` (ESM). */
function testAppFile(dir: string, framework: string, esm: boolean): string {
  const file = `test-app-${framework.replace(/\W+/g, '-')}.${esm ? 'mjs' : 'js'}`;
  const source = esm
    ? `import express from '${framework}';\nimport { createRequire } from 'node:module';\n\ncreateRequire(import.meta.url)(${TEST_APP})(express).listen(3000);\n`
    : `require('./instrument.js');\nconst express = require('${framework}');\n\nrequire(${TEST_APP})(express).listen(3000);\n`;
  writeFileSync(join(dir, file), source);
  return file;
}

/** Runs `file` in `dir` under Sentry (ESM: `--import ./instrument.mjs`), sending `requests`; what Sentry was handed, normalised. */
async function capture(dir: string, file: string, requests: unknown[]): Promise<Captured> {
  const out = join(dir, `${file}.json`);
  const esm = file.endsWith('.mjs');
  const args = ['--require', join(here, 'scripts/sentry-drive.cjs'), ...(esm ? ['--import', './instrument.mjs'] : []), file];
  await run(process.execPath, args, {
    cwd: dir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SENTRY_DSN: 'http://public@127.0.0.1:9/1',
      WEBFW_SENTRY_OUT: out,
      WEBFW_SENTRY_REQUESTS: JSON.stringify(requests),
    },
    timeout: 60000,
  });
  return JSON.parse(readFileSync(out, 'utf8')) as Captured;
}

/** Runs the jobs two at a time (the machine has two cores). */
async function pooled<T>(jobs: Array<() => Promise<T>>): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]!();
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

interface Case {
  name: string;
  reference: { layout: Layout; framework: string };
  webfw: Record<string, { layout: Layout; framework: string }>;
}
const cases: Case[] = [
  {
    name: '5.x',
    reference: { layout: 'express5', framework: 'express' },
    webfw: { aliased: { layout: 'aliased', framework: 'express' }, 'by name': { layout: 'by name', framework: '@webfw/core' } },
  },
  {
    name: '/v4',
    reference: { layout: 'express4', framework: 'express' },
    webfw: { aliased: { layout: 'aliased', framework: 'express/v4' }, 'by name': { layout: 'by name', framework: '@webfw/core/v4' } },
  },
];
const results = new Map<string, Captured>();
const key = (c: { layout: Layout; framework: string }, esm: boolean): string => `${c.layout} ${c.framework} ${esm ? 'esm' : 'cjs'}`;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'webfw-sentry-'));
  for (const kind of ['express5', 'express4', 'express5+webfw', 'aliased', 'by name'] as Layout[]) dirs[kind] = layout(kind);
  const jobs: Array<[string, () => Promise<Captured>]> = [];
  for (const c of cases) {
    for (const esm of [false, true]) {
      for (const target of [c.reference, ...Object.values(c.webfw)]) {
        const dir = dirs[target.layout];
        jobs.push([key(target, esm), () => capture(dir, testAppFile(dir, target.framework, esm), TEST_REQUESTS)]);
      }
    }
  }
  // express with webfw's line: Sentry traces it as without the line
  jobs.push(['express5+webfw express cjs', () => capture(dirs['express5+webfw'], testAppFile(dirs['express5+webfw'], 'express', false), TEST_REQUESTS)]);
  // the same app bundled by esbuild with webfw and webfw's line (Sentry's packages external, as Sentry requires)
  const entry = testAppFile(dirs.aliased, 'express', false);
  await run(
    join(root, 'node_modules/.bin/esbuild'),
    [entry, '--bundle', '--platform=node', '--external:@sentry/*', '--outfile=bundled.js', '--log-level=error'],
    {
      cwd: dirs.aliased,
    },
  );
  jobs.push(['bundle aliased express cjs', () => capture(dirs.aliased, 'bundled.js', TEST_REQUESTS)]);
  // the docs' own app blocks
  for (const kind of ['express5', 'aliased'] as Layout[]) {
    for (const file of ['app.js', 'app.mjs']) jobs.push([`docs ${kind} ${file}`, () => capture(dirs[kind], file, DOCS_REQUESTS)]);
  }
  const captured = await pooled(jobs.map(([, job]) => job));
  jobs.forEach(([k], i) => results.set(k, captured[i]!));
}, 240000);

afterAll(() => {
  if (process.env.WEBFW_SENTRY_KEEP) {
    for (const [k, r] of results) console.log(`${k}: ${r.spans.length} spans, ${r.errors.length} errors (${scratch})`);
    return;
  }
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe.each(cases)('$name', (c) => {
  describe.each([
    ['CommonJS', false],
    ['ESM', true],
  ])('%s', (_format, esm) => {
    test('express: transactions named by route, middleware/router/handler spans, the error attributed to its route (what webfw must match)', () => {
      const reference = results.get(key(c.reference, esm))!;
      const segments = reference.spans.filter((s) => s.segment).map((s) => s.name);
      expect(segments).toEqual(['GET /api/users/:id', 'POST /api/echo', 'GET /api/boom', 'GET', 'GET /']);
      const express = reference.spans.filter((s) => s.origin === 'auto.http.express');
      expect(express.map((s) => s.op)).toEqual(expect.arrayContaining(['middleware', 'router', 'handler']));
      expect(express.find((s) => s.op === 'handler' && s.name === '/api/users/:id')).toBeDefined();
      expect(reference.errors.map((e) => e.transaction)).toEqual(['GET /api/boom']);
    });

    test.each(Object.keys(c.webfw))("webfw (%s, with webfw's line): the same spans and errors, field by field", (form) => {
      const reference = results.get(key(c.reference, esm))!;
      const got = results.get(key(c.webfw[form]!, esm))!;
      expect(got.answers).toEqual(reference.answers);
      expect(got.spans).toEqual(reference.spans);
      expect(got.errors).toEqual(reference.errors);
    });
  });
});

test('webfw bundled by esbuild with its line (5.x aliased, CommonJS): the same spans and errors as express', () => {
  const reference = results.get(key(cases[0]!.reference, false))!;
  const got = results.get('bundle aliased express cjs')!;
  expect(got.answers).toEqual(reference.answers);
  expect(got.spans).toEqual(reference.spans);
  expect(got.errors).toEqual(reference.errors);
});

test("express with webfw's line: Sentry traces it as without the line", () => {
  expect(results.get('express5+webfw express cjs')).toEqual(results.get(key(cases[0]!.reference, false)));
});

describe.each([
  ['CommonJS', 'app.js'],
  ['ESM', 'app.mjs'],
])("the docs' %s app", (_format, file) => {
  test('express: the route-named transactions, the thrown error captured once with its route', () => {
    const reference = results.get(`docs express5 ${file}`)!;
    expect(reference.spans.filter((s) => s.segment).map((s) => s.name)).toEqual(['GET /users/:id', 'GET /boom', 'GET']);
    expect(reference.errors.map((e) => e.transaction)).toEqual(['GET /boom']);
  });

  test('webfw aliased as express: the same spans and errors', () => {
    const reference = results.get(`docs express5 ${file}`)!;
    const got = results.get(`docs aliased ${file}`)!;
    expect(got.answers).toEqual(reference.answers);
    expect(got.spans).toEqual(reference.spans);
    expect(got.errors).toEqual(reference.errors);
  });
});

test("webfw's line publishes what Sentry's installed SDK declares for express and router (module, file, method, kind, channel)", async () => {
  const script = `process.stdout.write(JSON.stringify(require(${JSON.stringify(join(root, 'packages/core/instrumentation/sentry.cjs'))}).HOOKS.map(({ module, file, method, kind, channel }) => ({ module, file, method, kind, channel }))))`;
  const ours = JSON.parse((await run(process.execPath, ['-e', script], { cwd: here })).stdout) as unknown[];
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createRequire } = require('node:module') as typeof import('node:module');
  const fromSentry = createRequire(require.resolve('@sentry/node', { paths: [here] }));
  const { SENTRY_INSTRUMENTATIONS } = fromSentry('@sentry/server-utils/orchestrion/config') as {
    SENTRY_INSTRUMENTATIONS: Array<{
      channelName: string;
      module: { name: string; filePath: string };
      functionQuery: { expressionName: string; kind: string };
    }>;
  };
  const declared = SENTRY_INSTRUMENTATIONS.filter((i) => i.module.name === 'express' || i.module.name === 'router').map((i) => ({
    module: i.module.name,
    file: i.module.filePath,
    method: i.functionQuery.expressionName,
    kind: i.functionQuery.kind,
    channel: i.channelName,
  }));
  const sort = (list: unknown[]): string[] => list.map((x) => JSON.stringify(x)).sort();
  expect(sort(ours)).toEqual(sort(declared));
});
