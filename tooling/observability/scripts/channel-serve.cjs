'use strict';
/**
 * The body of the apps that run the docs' setup blocks as written (the block is loaded first:
 * `--require`, `--import`, or the app's first import): `serve(express, out)` adds an in-memory
 * exporter to what the block registered (channel-capture.cjs), serves the test app on
 * `express`, asks it REQUESTS and writes the answers and the spans, normalised, to `out`.
 */
const fs = require('node:fs');
const { capture } = require('./channel-capture.cjs');
const { ask, normaliseOtel } = require('./channel-spans.cjs');
const testApp = require('./test-app.cjs');

function serve(express, out) {
  const exporter = capture(process.cwd());
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
