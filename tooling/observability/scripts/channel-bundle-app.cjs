'use strict';
/**
 * The test app as one esbuild bundle: OpenTelemetry (instrumentation-http and the channel
 * subscriber), @webfw/core 5.x and /v4, all in the bundle, run where no node_modules is.
 *
 *   node bundle.cjs <5.x|/v4> <out.json>
 */
const fs = require('node:fs');
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { ExpressChannelInstrumentation } = require('@webfw/core/instrumentation/opentelemetry-channel.cjs');
const { ask, normaliseOtel } = require('./channel-spans.cjs');
const testApp = require('./test-app.cjs');

const exporter = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new ExpressChannelInstrumentation()] });

const [version, out] = process.argv.slice(2);
const app = testApp(version === '/v4' ? require('@webfw/core/v4') : require('@webfw/core'));
const server = app.listen(0, '127.0.0.1', async () => {
  const answers = await ask(`http://127.0.0.1:${server.address().port}`);
  server.close();
  await new Promise((r) => setTimeout(r, 50));
  fs.writeFileSync(out, JSON.stringify({ answers, spans: normaliseOtel(exporter.getFinishedSpans()) }, null, 1));
  process.exit(0);
});
