'use strict';
/**
 * The test app traced by the channel subscriber on workerd: bundled by esbuild with
 * @webfw/core, its instrumentation file and OpenTelemetry into one CommonJS file that
 * channel-worker.mjs serves. webfw 5.x and /v4 apps, one answering at a time (`use`), spans
 * kept in memory until `take` hands them over, normalised (channel-spans.cjs).
 */
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { ExpressChannelInstrumentation } = require('@webfw/core/instrumentation/opentelemetry-channel.cjs');
const { normaliseOtel } = require('./channel-spans.cjs');
const testApp = require('./test-app.cjs');

const exporter = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
new ExpressChannelInstrumentation();

const apps = { '5.x': testApp(require('@webfw/core')), '/v4': testApp(require('@webfw/core/v4')) };
let current = apps['5.x'];

module.exports = {
  /** Makes the app of `version` ('5.x' or '/v4') answer from now on; forgets the spans so far. */
  use(version) {
    current = apps[version];
    exporter.reset();
  },
  /** The current app's fetch handler. */
  fetch(request) {
    return current.fetch(request);
  },
  /** The spans ended so far, normalised; forgets them. */
  take() {
    const spans = normaliseOtel(exporter.getFinishedSpans());
    exporter.reset();
    return spans;
  },
};
