/**
 * OpenTelemetry spans from the router's `express.router.request` TracingChannel, no module
 * patching (packages/core/instrumentation/opentelemetry-channel.cjs,
 * docs/observability.md "OpenTelemetry without patching: the channel subscriber").
 *
 * The reference is what @opentelemetry/instrumentation-express (+ instrumentation-http) gives
 * by patching express: express 5.3 for the 5.x entry, express 4.22 (no channel there) for /v4.
 * The subscriber must give the same span list, whole and field by field (normalised as
 * tracing.test.ts normalises: scripts/channel-spans.cjs):
 * - on express 5.3 itself (router 2.3 publishes the channel), the test app (scripts/test-app.cjs)
 *   and a harder one (scripts/channel-edge-app.cjs: a sub-app, nested routers, throws,
 *   rejections, errors in middleware, route and param callbacks, error handlers that recover or
 *   forward, next('route')), with and without instrumentation-express's options; without
 *   instrumentation-http (its own SERVER spans); beside patching (each span once); error
 *   handlers passing on the error they received to express's final handler, which the router
 *   does not publish again (scripts/channel-forward-app.cjs);
 * - on webfw 5.x and /v4, aliased (`express`) and by name (`@webfw/core`), installed as a user's
 *   install has them (scripts/channel-layout.cjs);
 * - in ES module apps with no loader flag and in CommonJS apps, the docs' setup blocks as
 *   written; with OpenTelemetry's loader hook and WebfwInstrumentation (patching, ESM);
 * - in an esbuild bundle run where no node_modules is.
 * Bun, Deno and workerd: channel.runtimes.test.ts. Every run is its own node process.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { OTEL_ENV, type Trace } from './support/traces';

const execFileAsync = promisify(execFile);
const here = __dirname;
const scripts = join(here, 'scripts');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const layOut = require('./scripts/channel-layout.cjs') as (dir: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const docBlock = require('./scripts/channel-docs.cjs') as (name: string) => string;

jest.setTimeout(120_000);

const ENV = OTEL_ENV;

let work: string;
let appDir: string;
let count = 0;

/** At most three node processes at a time (the machine is shared). */
const queue: Array<() => void> = [];
let running = 0;
async function limited<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 3) await new Promise<void>((r) => queue.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/** Runs `node ...args` in `cwd`; its last argument is the JSON file it writes, read back. */
async function node(args: string[], cwd: string): Promise<Trace> {
  const out = join(work, `run-${count++}.json`);
  await limited(() => execFileAsync(process.execPath, [...args, out], { cwd, env: ENV, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }));
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

/** scripts/trace-app.cjs (tracing.test.ts's): the test app under instrumentation-http + instrumentation-express. */
const reference = (express: string): Promise<Trace> => node([join(scripts, 'trace-app.cjs'), 'otel', express, here], here);

/** scripts/channel-app.cjs: `mode` (channel, own, both, patch), `framework` resolved from `dir`, the test, edge or forward app, a config. */
async function channelApp(mode: string, framework: string, dir: string, app = 'test', config?: string): Promise<Trace> {
  const out = join(work, `run-${count++}.json`);
  const args = [join(scripts, 'channel-app.cjs'), mode, framework, dir, out, app, ...(config ? [config] : [])];
  await limited(() => execFileAsync(process.execPath, args, { cwd: dir, env: ENV, timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }));
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

const SERVE = JSON.stringify(pathToFileURL(join(scripts, 'channel-serve.cjs')).href);
const slug = (framework: string): string => framework.replace(/\W+/g, '-');

/** The docs' CommonJS block as tracing.cjs: `node --require ./tracing.cjs app.cjs <framework>`. */
function docsCommonJs(framework: string): Promise<Trace> {
  return node(['--require', './tracing.cjs', 'app.cjs', framework], appDir);
}

/** An ES module app importing the docs' ESM block first, then `framework`; no loader flag. */
function docsEsm(framework: string): Promise<Trace> {
  const file = `app-esm-${slug(framework)}.mjs`;
  writeFileSync(
    join(appDir, file),
    `import './tracing.mjs';\nimport express from '${framework}';\nimport { serve } from ${SERVE};\n\nserve(express, process.argv[2]);\n`,
  );
  return node([file], appDir);
}

/** The docs' patching block (WebfwInstrumentation), saved as tracing-patch.cjs (the app folder is an ES module package): `node --require ./tracing-patch.cjs app.cjs <framework>`. */
function docsPatching(framework: string): Promise<Trace> {
  return node(['--require', './tracing-patch.cjs', 'app.cjs', framework], appDir);
}

/** The docs' loader-hook block (WebfwInstrumentation, patching) as `node --import ./tracing-hook.mjs app.mjs`. */
function docsHook(framework: string): Promise<Trace> {
  const file = `app-hook-${slug(framework)}.mjs`;
  writeFileSync(join(appDir, file), `import express from '${framework}';\nimport { serve } from ${SERVE};\n\nserve(express, process.argv[2]);\n`);
  return node(['--import', './tracing-hook.mjs', file], appDir);
}

const refs: Record<string, Promise<Trace>> = {};

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'webfw-otel-channel-'));
  appDir = layOut(join(work, 'app'));
  writeFileSync(join(appDir, 'tracing.cjs'), docBlock('otel-channel-cjs'));
  writeFileSync(join(appDir, 'tracing.mjs'), docBlock('otel-channel-esm'));
  writeFileSync(join(appDir, 'tracing-hook.mjs'), docBlock('otel-hook-esm'));
  writeFileSync(join(appDir, 'tracing-patch.cjs'), docBlock('otel-patch-cjs'));
  writeFileSync(join(appDir, 'app.cjs'), `require(${JSON.stringify(join(scripts, 'channel-serve.cjs'))}).serve(require(process.argv[2]), process.argv[3]);\n`);
  // the references, started at once (each test awaits its own)
  refs['5.x'] = reference('express');
  refs['/v4'] = reference('express-v4');
  refs['5.x edge'] = channelApp('patch', 'express', here, 'edge');
  refs['/v4 edge'] = channelApp('patch', 'express-v4', here, 'edge');
  refs['5.x configured'] = channelApp('patch', 'express', here, 'edge', 'configured');
  refs['5.x forward'] = channelApp('patch', 'express', here, 'forward');
  refs['/v4 forward'] = channelApp('patch', 'express-v4', here, 'forward');
  for (const p of Object.values(refs)) p.catch(() => undefined);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** Asserts `got` is the reference `key`, answers and spans, and returns the span count. */
async function same(got: Promise<Trace>, key: string): Promise<void> {
  const [g, r] = await Promise.all([got, refs[key]!]);
  expect(g.answers).toEqual(r.answers);
  expect(g.spans).toEqual(r.spans);
}

describe('express 5.3 (its router 2.3 publishes the channel)', () => {
  test('the reference: route-level spans from instrumentation-express', async () => {
    const r = await refs['5.x']!;
    expect(r.spans).toHaveLength(19);
    expect(r.spans.filter((s) => s.parent === null).map((s) => s.name)).toEqual(['GET /api/users/:id', 'POST /api/echo', 'GET /api/boom', 'GET']);
  });

  test('the subscriber gives the same spans as instrumentation-express', () => same(channelApp('channel', 'express', here), '5.x'));

  test('a harder app (sub-app, nested routers, throws, rejections, param and route errors): the same spans', async () => {
    const r = await refs['5.x edge']!;
    expect(r.spans.length).toBeGreaterThan(50);
    expect(r.spans.filter((s) => s.status !== 'UNSET' && s.kind === 'INTERNAL').length).toBeGreaterThan(6);
    await same(channelApp('channel', 'express', here, 'edge'), '5.x edge');
  });

  test('error handlers passing on the error they received (to the final handler): the same spans', async () => {
    const r = await refs['5.x forward']!;
    // the layers around a forwarding error handler are marked with its error
    expect(r.spans.filter((s) => s.name === 'middleware - mounted_app' && s.status !== 'UNSET').length).toBeGreaterThan(4);
    await same(channelApp('channel', 'express', here, 'forward'), '5.x forward');
  });

  test("instrumentation-express's options (ignoreLayers, ignoreLayersType, spanNameHook, requestHook): the same spans", () =>
    same(channelApp('channel', 'express', here, 'edge', 'configured'), '5.x configured'));

  test("without instrumentation-http: the subscriber's own SERVER spans are instrumentation-http's", () => same(channelApp('own', 'express', here), '5.x'));

  test('beside patching (WebfwInstrumentation and the subscriber): each span once', () => same(channelApp('both', 'express', here), '5.x'));
});

const versions = [
  { version: '5.x', aliased: 'express', byName: '@webfw/core' },
  { version: '/v4', aliased: 'express/v4', byName: '@webfw/core/v4' },
];

describe.each(versions)('webfw $version (reference: express 5.3 / express 4.22 under instrumentation-express)', ({ version, aliased, byName }) => {
  test.each([
    ['aliased', aliased],
    ['by name', byName],
  ])('%s: the test app, the same spans', (_form, framework) => same(channelApp('channel', framework, appDir), version));

  test.each([
    ['aliased', aliased],
    ['by name', byName],
  ])('%s: the harder app, the same spans', (_form, framework) => same(channelApp('channel', framework, appDir, 'edge'), `${version} edge`));

  test.each([
    ['aliased', aliased],
    ['by name', byName],
  ])('%s: error handlers passing on their error, the same spans', (_form, framework) =>
    same(channelApp('channel', framework, appDir, 'forward'), `${version} forward`),
  );

  test("without instrumentation-http: the subscriber's own SERVER spans", () => same(channelApp('own', aliased, appDir), version));

  test('beside patching (WebfwInstrumentation): each span once', () => same(channelApp('both', byName, appDir), version));

  if (version === '5.x') {
    test("instrumentation-express's options: the same spans", () => same(channelApp('channel', byName, appDir, 'edge', 'configured'), '5.x configured'));
  }
});

describe("the docs' setup blocks, as written", () => {
  // each block on both versions: one by express's name and one by webfw's
  const EXPRESS_5_WEBFW_4: Array<[framework: string, version: string]> = [
    ['express', '5.x'],
    ['@webfw/core/v4', '/v4'],
  ];

  test.each(EXPRESS_5_WEBFW_4)('CommonJS (node --require ./tracing.cjs): %s', (framework, version) => same(docsCommonJs(framework), version));

  test.each([
    ['@webfw/core', '5.x'],
    ['express/v4', '/v4'],
  ])('an ES module app, no loader flag: %s', (framework, version) => same(docsEsm(framework), version));

  test.each(EXPRESS_5_WEBFW_4)("ESM with patching: OpenTelemetry's loader hook and WebfwInstrumentation: %s", (framework, version) =>
    same(docsHook(framework), version),
  );

  test.each(EXPRESS_5_WEBFW_4)('CommonJS with patching (node --require ./tracing.js, WebfwInstrumentation): %s', (framework, version) =>
    same(docsPatching(framework), version),
  );
});

describe('an esbuild bundle (OpenTelemetry, the subscriber and webfw inside), run where no node_modules is', () => {
  let bundle: Promise<string>;
  beforeAll(() => {
    const dir = join(work, 'bundled');
    bundle = build({
      entryPoints: [join(appDir, 'channel-bundle-app.cjs')],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile: join(dir, 'app.bundle.cjs'),
      logLevel: 'error',
    }).then(() => dir);
    bundle.catch(() => undefined);
  });

  test.each(['5.x', '/v4'])('%s: the same spans', async (version) => {
    const dir = await bundle;
    await same(node([join(dir, 'app.bundle.cjs'), version], dir), version);
  });
});
