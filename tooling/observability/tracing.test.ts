/**
 * Tracing agents see a webfw app as they see the same app on express (see
 * docs/observability.md). The test app (scripts/test-app.cjs: a json parser, a middleware, a
 * Router at /api with GET /users/:id and POST /echo, a 404 and an error handler) runs under
 * each agent, current releases from the registry (this package's devDependencies):
 *
 * - OpenTelemetry: @opentelemetry/instrumentation-http + instrumentation-express, spans from
 *   an in-memory exporter; webfw's one line is `WebfwInstrumentation` in place of
 *   `ExpressInstrumentation` (packages/core/instrumentation/opentelemetry.cjs).
 * - dd-trace: spans captured in process (its log exporter, no agent); webfw's one line is
 *   `require('@webfw/core/instrumentation/dd-trace.cjs')` (or `-v4.cjs`) after `init()`.
 *
 * on express 5 against the 5.x entry and on express 4.22 and 4.21 against /v4, with the app
 * importing `express` aliased to webfw and `@webfw/core` by name, both installed from the built
 * package as a user's install has them (scripts/install-app.cjs). Agents patch modules
 * globally, so every combination is its own node process (scripts/trace-app.cjs), which prints
 * the spans normalised (ids as indexes into the list, parents as indexes, no timings, ports
 * or addresses); the lists are compared whole, field by field.
 *
 * OpenTelemetry also on the harder app of the channel tests (scripts/channel-edge-app.cjs: a
 * sub-app, nested routers, throws, error handlers, `GET /` and more; run by
 * scripts/channel-app.cjs), WebfwInstrumentation on webfw against ExpressInstrumentation on
 * express 5.3 / 4.22. The workspace's WebfwInstrumentation patches the 5.x entry before /v4
 * loads (as an app loading `@webfw/core` before `@webfw/core/v4` has it): express 4 gives its
 * `query` and `expressInit` layers no `http.route` for `GET /`, and neither may webfw.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Trace } from './support/traces';

const run = promisify(execFile);
const here = __dirname;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const installApp = require('./scripts/install-app.cjs') as (dir: string, version?: string) => string;

type Agent = 'otel' | 'dd';

let appDir: string;
let releasedDir: string;
let count = 0;

/** The spans of the test app under `agent` (with webfw's line when `webfwLine`), `framework` resolved from `dir`. */
async function trace(agent: Agent, framework: string, dir: string, webfwLine = false): Promise<Trace> {
  const out = join(appDir, `trace-${count++}.json`);
  await run(process.execPath, [join(here, 'scripts', 'trace-app.cjs'), webfwLine ? `${agent}-webfw` : agent, framework, dir, out], {
    cwd: here,
    env: { ...process.env, DD_TRACE_STARTUP_LOGS: 'false', DD_INSTRUMENTATION_TELEMETRY_ENABLED: 'false', OTEL_SEMCONV_STABILITY_OPT_IN: '' },
    timeout: 60000,
  });
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

/**
 * The edge app's spans under instrumentation-http and `mode` (scripts/channel-app.cjs: 'patch'
 * ExpressInstrumentation, 'webfw' WebfwInstrumentation), `framework` resolved from `dir`.
 */
async function edge(mode: 'patch' | 'webfw', framework: string, dir: string): Promise<Trace> {
  const out = join(appDir, `trace-${count++}.json`);
  await run(process.execPath, [join(here, 'scripts', 'channel-app.cjs'), mode, framework, dir, out, 'edge'], {
    cwd: here,
    env: { ...process.env, OTEL_SEMCONV_STABILITY_OPT_IN: '' },
    timeout: 60000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(readFileSync(out, 'utf8')) as Trace;
}

beforeAll(() => {
  appDir = installApp(mkdtempSync(join(tmpdir(), 'webfw-tracing-')));
  releasedDir = installApp(mkdtempSync(join(tmpdir(), 'webfw-tracing-5-')), '5.0.0');
});
afterAll(() => {
  rmSync(appDir, { recursive: true, force: true });
  rmSync(releasedDir, { recursive: true, force: true });
});

const cases: Array<{ version: string; express: string[]; webfw: Record<string, string> }> = [
  { version: '5.x', express: ['express'], webfw: { aliased: 'express', 'by name': '@webfw/core' } },
  { version: '/v4', express: ['express-v4', 'express-v421'], webfw: { aliased: 'express/v4', 'by name': '@webfw/core/v4' } },
];

describe.each(['otel', 'dd'] as Agent[])('%s', (agent) => {
  describe.each(cases)('$version', ({ express, webfw }) => {
    let reference: Trace;
    beforeAll(async () => {
      reference = await trace(agent, express[0]!, here);
    }, 120000);

    test('express: route-level spans (what webfw must match)', () => {
      const roots = reference.spans.filter((s) => s.parent === null || s.parent === 'external');
      expect(roots).toHaveLength(4);
      const named = JSON.stringify(reference.spans);
      expect(named).toContain('/api/users/:id');
      expect(reference.spans.length).toBeGreaterThan(16);
    });

    if (express[1]) {
      test(`${express[1]} traces as ${express[0]}`, async () => {
        expect(await trace(agent, express[1]!, here)).toEqual(reference);
      }, 120000);
    }

    test("express with webfw's line traces as without it", async () => {
      expect(await trace(agent, express[0]!, here, true)).toEqual(reference);
    }, 120000);

    if (agent === 'otel' && express[0] === 'express') {
      // @webfw/core follows express's major: released as 5.x, the `express` alias is in
      // instrumentation-express's own range (>=4 <6), and its ExpressInstrumentation patches it
      // unaided (webfw's shapes and layer names do the rest). A prerelease (5.0.0-0) is not.
      test('webfw released as 5.x, aliased: the same spans with the plain ExpressInstrumentation', async () => {
        expect((await trace(agent, 'express', releasedDir)).spans).toEqual(reference.spans);
      }, 120000);
    }

    test.each(Object.entries(webfw))(
      "webfw (%s, with webfw's line): the same spans, field by field",
      async (_form, framework) => {
        const got = await trace(agent, framework, appDir, true);
        expect(got.answers).toEqual(reference.answers);
        expect(got.spans).toEqual(reference.spans);
      },
      120000,
    );

    if (agent === 'otel') {
      describe('the harder app (scripts/channel-edge-app.cjs)', () => {
        let edgeReference: Trace;
        beforeAll(async () => {
          edgeReference = await edge('patch', express[0]!, here);
        }, 120000);

        test.each(Object.entries(webfw))(
          'webfw (%s, WebfwInstrumentation): the same spans, field by field',
          async (_form, framework) => {
            const got = await edge('webfw', framework, appDir);
            expect(edgeReference.spans.length).toBeGreaterThan(60);
            expect(edgeReference.answers).toContain('GET / 200 root');
            expect(got.answers).toEqual(edgeReference.answers);
            expect(got.spans).toEqual(edgeReference.spans);
          },
          120000,
        );
      });
    }
  });
});
