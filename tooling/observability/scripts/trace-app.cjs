'use strict';
/**
 * Runs the test app under one tracing agent and prints its spans, normalised, as JSON.
 *
 *   node trace-app.cjs <agent> <framework> <appDir> <out.json>
 *
 * agent:     otel | otel-webfw | dd | dd-webfw   (-webfw: the agent plus webfw's one line)
 * framework: the module id the app requires ('express', 'express/v4', '@webfw/core', '@webfw/core/v4');
 *            it is resolved from <appDir>, where the harness installed it as a user would.
 * Each run is its own process: agents patch modules globally.
 */
const path = require('node:path');
const fs = require('node:fs');
const { createRequire } = require('node:module');
const { ask, normaliseOtel } = require('./channel-spans.cjs');
const { normalise: normaliseDd } = require('./dd-esm-spans.cjs');

const [agent, framework, appDir, outFile] = process.argv.slice(2);
const here = __dirname;
const appRequire = createRequire(path.join(appDir, 'app.cjs'));

let collect;
if (agent.startsWith('otel')) {
  const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
  const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
  const { registerInstrumentations } = require('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
  const exporter = new InMemorySpanExporter();
  new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
  let express;
  if (agent === 'otel-webfw') {
    // webfw's one line: its instrumentation in place of ExpressInstrumentation (it traces express too)
    const { WebfwInstrumentation } = require('../../../packages/core/instrumentation/opentelemetry.cjs');
    express = new WebfwInstrumentation();
  } else {
    const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express');
    express = new ExpressInstrumentation();
  }
  registerInstrumentations({ instrumentations: [new HttpInstrumentation(), express] });
  collect = () => normaliseOtel(exporter.getFinishedSpans());
} else {
  const lines = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    const s = String(chunk);
    if (s.startsWith('{"traces":')) {
      lines.push(s);
      return true;
    }
    return write(chunk, ...rest);
  };
  require('dd-trace').init({
    experimental: { exporter: 'log' },
    flushInterval: 0,
    startupLogs: false,
    telemetry: { enabled: false },
    remoteConfig: { enabled: false },
    appsec: false,
    runtimeMetrics: false,
    plugins: true,
  });
  // webfw's one line, from the package the app imports (the alias or @webfw/core)
  // (an express app: the line from the workspace's core, which touches webfw's objects only)
  if (agent === 'dd-webfw') {
    const file = `instrumentation/dd-trace${framework.endsWith('/v4') ? '-v4' : ''}.cjs`;
    const webfwApp = framework === 'express' ? appDir !== here.replace(/[/\\]scripts$/, '') : /^(express\/v4|@webfw\/core)/.test(framework);
    if (webfwApp) appRequire(`${framework.replace(/\/v4$/, '')}/${file}`);
    else require(path.join(here, '../../../packages/core', file));
  }
  collect = async () => {
    await new Promise((r) => setTimeout(r, 200));
    const spans = [];
    for (const line of lines) for (const trace of JSON.parse(line).traces) spans.push(...trace);
    return normaliseDd(spans);
  };
}

const express = appRequire(framework);
const app = require(path.join(here, 'test-app.cjs'))(express);

const server = app.listen(0, '127.0.0.1', async () => {
  const answers = await ask(`http://127.0.0.1:${server.address().port}`);
  server.close();
  await new Promise((r) => setTimeout(r, 50));
  const spans = await collect();
  fs.writeFileSync(outFile, JSON.stringify({ answers, spans }, null, 1));
  process.exit(0);
});
