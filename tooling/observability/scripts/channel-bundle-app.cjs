'use strict';
/**
 * The test app as one esbuild bundle: OpenTelemetry (instrumentation-http and the channel
 * subscriber), @webfw/core 5.x and /v4, all in the bundle, run where no node_modules is.
 *
 *   node bundle.cjs <5.x|/v4> <out.json>
 */
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { ExpressChannelInstrumentation } = require('@webfw/core/instrumentation/opentelemetry-channel.cjs');
const { serve } = require('./channel-serve.cjs');

const exporter = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new ExpressChannelInstrumentation()] });

const [version, out] = process.argv.slice(2);
serve(version === '/v4' ? require('@webfw/core/v4') : require('@webfw/core'), out, exporter);
