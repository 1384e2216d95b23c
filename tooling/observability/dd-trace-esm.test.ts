/**
 * dd-trace traces an ES module webfw app as it traces the same ES module app on express
 * (docs/observability.md "dd-trace in ES module apps"). Each app is an `.mjs` file
 * written here: webfw's one line or not, `import express from '<framework>'`, then the test
 * app (scripts/test-app.cjs) served and driven by scripts/dd-esm-app.mjs. It runs as dd-trace
 * documents for ES modules, `node --import dd-trace/initialize.mjs app.mjs` (one process per
 * app: dd-trace hooks modules globally), from this folder, where `dd-trace` resolves as from a
 * project's root; dd-trace 6.21 (this package's devDependency) is configured by its environment
 * variables, its spans printed by its log exporter and normalised (scripts/dd-esm-spans.cjs:
 * ids as indexes, no timings, ports or addresses) and the lists compared whole, field by field:
 *
 * - express 5.3 against webfw's 5.x entry imported as `express` (aliased) and as `@webfw/core`
 *   (the docs' block, run as written there), express 4.22 against `express/v4` and
 *   `@webfw/core/v4`, webfw installed as a user's install has it (scripts/install-app.cjs) and
 *   express imported as `express` from its own folder;
 * - dd-trace's older form, `--loader dd-trace/initialize.mjs`, on 5.x;
 * - with `DD_TRACE_ENABLED=false`, webfw's line lets the app run untraced, as express does.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { Span as BaseSpan } from './support/traces';

const run = promisify(execFile);
const here = __dirname;
const root = join(here, '..', '..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installApp = require('./scripts/install-app.cjs') as (dir: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { normalise } = require('./scripts/dd-esm-spans.cjs') as { normalise: (spans: unknown[]) => Span[] };

/** dd-trace's spans carry the resource (the route) beside the name. */
type Span = BaseSpan & { resource: string };
interface Trace {
  answers: string[];
  spans: Span[];
}

/** The docs' ES module block (after `<!-- run: dd-trace-esm -->`), as written. */
function docsBlock(): string {
  const doc = readFileSync(join(root, 'docs', 'observability.md'), 'utf8');
  const block = /<!-- run: dd-trace-esm -->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!block) throw new Error('docs/observability.md: no ```js block after <!-- run: dd-trace-esm -->');
  return block;
}

/** An ES module app's head: webfw's line when given, then its express import. */
const head = (framework: string, line?: string): string => `${line ? `import '${line}';\n` : ''}import express from '${framework}';\n`;

/** dd-trace from its environment, its log exporter, nothing sent anywhere. */
const ddEnv = {
  DD_TRACE_EXPERIMENTAL_EXPORTER: 'log',
  DD_TRACE_FLUSH_INTERVAL: '0',
  DD_TRACE_STARTUP_LOGS: 'false',
  DD_INSTRUMENTATION_TELEMETRY_ENABLED: 'false',
  DD_REMOTE_CONFIGURATION_ENABLED: 'false',
  DD_RUNTIME_METRICS_ENABLED: 'false',
  DD_APPSEC_ENABLED: 'false',
  // initialize.mjs starts dd-trace 6 on the Node.js versions it supports (22 and later); its
  // own override starts it on CI's Node 20 too (express and webfw alike)
  DD_INJECT_FORCE: 'true',
};

let work: string;
let count = 0;
const dirs: Record<'express5' | 'express4' | 'webfw', string> = { express5: '', express4: '', webfw: '' };

/** Writes `head` + the driver as an app in `dir`, runs it under dd-trace (`flag`), returns what it answered and the spans, normalised. */
async function trace(dir: string, appHead: string, flag = '--import', env: Record<string, string> = {}): Promise<Trace> {
  const n = count++;
  const app = join(dir, `app-${n}.mjs`);
  const out = join(work, `trace-${n}.json`);
  const driver = pathToFileURL(join(here, 'scripts', 'dd-esm-app.mjs')).href;
  writeFileSync(app, `${appHead}\nimport { drive } from ${JSON.stringify(driver)};\nawait drive(express);\n`);
  await run(process.execPath, [`${flag}=dd-trace/initialize.mjs`, app, out], {
    cwd: here,
    env: { ...process.env, ...ddEnv, ...env },
    timeout: 30000,
  });
  const got = JSON.parse(readFileSync(out, 'utf8')) as { answers: string[]; spans: unknown[] };
  return { answers: got.answers, spans: normalise(got.spans) };
}

/** A folder whose `node_modules/express` is the installed package `pkg` (express 5.3 or 4.22). */
function expressDir(name: string, pkg: string): string {
  const dir = join(work, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(realpathSync(join(here, 'node_modules', pkg)), join(dir, 'node_modules', 'express'), 'dir');
  return dir;
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'webfw-dd-esm-'));
  dirs.express5 = expressDir('express5', 'express');
  dirs.express4 = expressDir('express4', 'express-v4');
  dirs.webfw = installApp(join(work, 'webfw'));
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

const cases = [
  {
    version: '5.x',
    express: 'express5' as const,
    webfw: {
      aliased: () => head('express', 'express/instrumentation/dd-trace.cjs'),
      'by name, the docs block': docsBlock,
    },
  },
  {
    version: '/v4',
    express: 'express4' as const,
    webfw: {
      aliased: () => head('express/v4', 'express/instrumentation/dd-trace-v4.cjs'),
      'by name': () => head('@webfw/core/v4', '@webfw/core/instrumentation/dd-trace-v4.cjs'),
    },
  },
];

describe.each(cases)('ES module app, $version', ({ version, express, webfw }) => {
  let reference: Trace;
  beforeAll(async () => {
    reference = await trace(dirs[express], head('express'));
  }, 60000);

  test('express: route-level spans (what webfw must match)', () => {
    const roots = reference.spans.filter((s) => s.parent === null || s.parent === 'external');
    expect(roots.map((s) => s.resource)).toEqual(['GET /api/users/:id', 'POST /api/echo', 'GET /api/boom', 'GET']);
    expect(JSON.stringify(reference.spans)).toContain('"http.route":"/api/users/:id"');
    expect(reference.spans.length).toBeGreaterThan(16);
  });

  test.each(Object.entries(webfw))(
    "webfw (%s, with webfw's line): the same spans, field by field",
    async (_form, appHead) => {
      const got = await trace(dirs.webfw, appHead());
      expect(got.answers).toEqual(reference.answers);
      expect(got.spans).toEqual(reference.spans);
    },
    60000,
  );

  if (version === '5.x') {
    test("dd-trace's --loader form: webfw by name traces as express", async () => {
      const [express5, byName] = [await trace(dirs.express5, head('express'), '--loader'), await trace(dirs.webfw, docsBlock(), '--loader')];
      expect(express5.spans).toEqual(reference.spans);
      expect(byName).toEqual(express5);
    }, 60000);

    test("DD_TRACE_ENABLED=false: webfw's line lets the app run untraced, as express runs", async () => {
      const got = await trace(dirs.webfw, docsBlock(), '--import', { DD_TRACE_ENABLED: 'false' });
      expect(got).toEqual({ answers: reference.answers, spans: [] });
    }, 60000);
  }
});
