'use strict';
/**
 * The body of the apps that run the docs' setup blocks as written (the block is loaded first:
 * `--require`, `--import`, or the app's first import): `serve(express, out)` adds an in-memory
 * exporter to what the block registered (channel-capture.cjs), serves the test app on
 * `express`, asks it REQUESTS and writes the answers and the spans, normalised, to `out`. The
 * bundled app (channel-bundle-app.cjs) passes the exporter of the provider it registered.
 */
const fs = require('node:fs');
const { capture } = require('./channel-capture.cjs');
const { ask, normaliseOtel } = require('./channel-spans.cjs');
const testApp = require('./test-app.cjs');

/** Serves the test app on `express`, asks it REQUESTS and writes the answers and `exporter`'s spans to `out`, then exits. */
function serve(express, out, exporter = capture(process.cwd())) {
  const app = testApp(express);
  const server = app.listen(0, '127.0.0.1', async () => {
    const answers = await ask(`http://127.0.0.1:${server.address().port}`);
    server.close();
    await new Promise((r) => setTimeout(r, 50));
    fs.writeFileSync(out, JSON.stringify({ answers, spans: normaliseOtel(exporter.getFinishedSpans()) }, null, 1));
    process.exit(0);
  });
}

exports.serve = serve;
