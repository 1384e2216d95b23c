'use strict';
/**
 * Runs the test app (scripts/test-app.cjs) under OpenTelemetry with the channel subscriber and
 * writes its answers and spans, normalised (scripts/channel-spans.cjs), as JSON.
 *
 *   node channel-app.cjs <mode> <framework> <appDir> <out.json> [test|edge|forward] [config]
 *
 * mode:      channel   instrumentation-http + ExpressChannelInstrumentation
 *            own       ExpressChannelInstrumentation alone (its own SERVER span, as on Bun/Deno/workerd)
 *            both      instrumentation-http + WebfwInstrumentation (patching) + ExpressChannelInstrumentation
 *            patch     instrumentation-http + ExpressInstrumentation (the reference, as trace-app.cjs's otel)
 *            webfw     instrumentation-http + WebfwInstrumentation (patching, no subscriber)
 * framework: the module id the app requires, resolved from <appDir> ('express', 'express-v4',
 *            'express/v4', '@webfw/core', '@webfw/core/v4').
 * The subscriber is the workspace's file (packages/core/instrumentation/opentelemetry-channel.cjs).
 */
const path = require('node:path');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const { ask, normaliseOtel } = require('./channel-spans.cjs');

const [mode, framework, appDir, outFile, which = 'test', configName] = process.argv.slice(2);
const instrumentation = path.join(__dirname, '../../../packages/core/instrumentation');

const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { ExpressChannelInstrumentation } = require(path.join(instrumentation, 'opentelemetry-channel.cjs'));

const exporter = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
/** instrumentation-express's options, the same for both (`configured`: each one set). */
const configs = {
  configured: {
    ignoreLayers: ['middleware - first', /subMiddleware$/],
    ignoreLayersType: ['router'],
    spanNameHook: (info, name) => (info.layerType === 'request_handler' ? `${info.request.method} ${info.route}` : name),
    requestHook: (span, info) => span.setAttribute('hooked', `${info.layerType} ${info.route}`),
  },
};
const config = configName ? configs[configName] : undefined;
const instrumentations = [];
if (mode !== 'own') instrumentations.push(new HttpInstrumentation());
if (mode === 'patch') instrumentations.push(new (require('@opentelemetry/instrumentation-express').ExpressInstrumentation)(config));
else if (mode !== 'webfw') instrumentations.push(new ExpressChannelInstrumentation(config));
if (mode === 'both' || mode === 'webfw') instrumentations.push(new (require(path.join(instrumentation, 'opentelemetry.cjs')).WebfwInstrumentation)(config));
registerInstrumentations({ instrumentations });

const express = createRequire(path.join(appDir, 'app.cjs'))(framework);
const v4 = /v4/.test(framework);
/** The app and its requests: the test app, the edge app or the forward app (scripts/channel-*-app.cjs). */
const apps = {
  test: () => [require('./test-app.cjs')(express), undefined],
  edge: () => {
    const { edgeApp, edgeRequests } = require('./channel-edge-app.cjs');
    return [edgeApp(express, v4), edgeRequests(v4)];
  },
  forward: () => {
    const { forwardApp, forwardRequests } = require('./channel-forward-app.cjs');
    return [forwardApp(express), forwardRequests()];
  },
};
const [app, requests] = apps[which]();

const server = app.listen(0, '127.0.0.1', async () => {
  const answers = await ask(`http://127.0.0.1:${server.address().port}`, requests);
  server.close();
  await new Promise((r) => setTimeout(r, 50));
  fs.writeFileSync(outFile, JSON.stringify({ answers, spans: normaliseOtel(exporter.getFinishedSpans(), which !== 'test') }, null, 1));
  process.exit(0);
});
