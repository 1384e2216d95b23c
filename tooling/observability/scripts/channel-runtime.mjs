// The test app traced by the channel subscriber on Bun or Deno (node too), set up by the docs'
// block for those runtimes (<appDir>/tracing-runtimes.mjs, imported first, as the app's first
// import): no HTTP instrumentation there, so the SERVER spans are the subscriber's own. For webfw
// 5.x and /v4, each through app.listen and through the runtime's own server (Bun.serve /
// Deno.serve) with app.fetch, writes the answers and the spans, normalised (channel-spans.cjs),
// as JSON.
//
//   bun channel-runtime.mjs <appDir> <out.json>
//   deno run -A channel-runtime.mjs <appDir> <out.json>
//
// Everything is loaded from <appDir>/node_modules as a user's app loads it: the installed
// @webfw/core and its instrumentation file, and the OpenTelemetry packages.
/* global Bun, Deno */
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import process from 'node:process';

const here = createRequire(import.meta.url);
const [appDir, outFile] = process.argv.slice(2);
await import(pathToFileURL(join(appDir, 'tracing-runtimes.mjs')).href);
const appRequire = createRequire(join(appDir, 'app.cjs'));
const { capture } = here('./channel-capture.cjs');
const { ask, normaliseOtel } = here('./channel-spans.cjs');
const testApp = here('./test-app.cjs');

const exporter = capture(appDir);

const runtime = typeof Bun !== 'undefined' ? 'bun' : typeof Deno !== 'undefined' ? 'deno' : 'node';
const pause = (ms) => new Promise((r) => setTimeout(r, ms));

/** Serves `app.fetch` with the runtime's own server; resolves to [base URL, stop]. */
async function serveFetch(app) {
  if (runtime === 'bun') {
    const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
    return [`http://127.0.0.1:${server.port}`, () => server.stop(true)];
  }
  if (runtime === 'deno') {
    let listening;
    const port = new Promise((resolve) => (listening = resolve));
    const server = Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: (addr) => listening(addr.port) }, app.fetch);
    return [`http://127.0.0.1:${await port}`, () => server.shutdown()];
  }
  return [undefined, () => {}];
}

/** The answers and spans of the test app on `framework`, asked at the URL `start` resolves to. */
async function traced(start) {
  exporter.reset();
  const [base, stop] = await start();
  if (!base) return undefined;
  const answers = await ask(base);
  await stop();
  await pause(50);
  return { answers, spans: normaliseOtel(exporter.getFinishedSpans()) };
}

const results = { runtime };
for (const [version, framework] of [
  ['5.x', '@webfw/core'],
  ['/v4', '@webfw/core/v4'],
]) {
  const app = testApp(appRequire(framework));
  results[`${version} app.listen`] = await traced(
    () =>
      new Promise((resolve) => {
        const server = app.listen(0, '127.0.0.1', () => resolve([`http://127.0.0.1:${server.address().port}`, () => server.close()]));
      }),
  );
  const fetched = await traced(() => serveFetch(app));
  if (fetched) results[`${version} app.fetch`] = fetched;
}
writeFileSync(outFile, JSON.stringify(results, null, 1));
process.exit(0);
