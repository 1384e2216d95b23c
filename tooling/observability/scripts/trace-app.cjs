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

const requests = [
  ['GET', '/api/users/42'],
  ['POST', '/api/echo', '{"a":1}'],
  ['GET', '/api/boom'],
  ['GET', '/nope'],
];

const server = app.listen(0, '127.0.0.1', async () => {
  const { port } = server.address();
  const answers = [];
  for (const [method, p, body] of requests) {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    answers.push(`${method} ${p} ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 30));
  }
  server.close();
  await new Promise((r) => setTimeout(r, 50));
  const spans = await collect();
  fs.writeFileSync(outFile, JSON.stringify({ answers, spans }, null, 1));
  process.exit(0);
});

const { clean, order } = require('./span-normalise.cjs');

function normaliseOtel(spans) {
  const hr = (s) => BigInt(s.startTime[0]) * 1000000000n + BigInt(s.startTime[1]);
  const list = order(
    spans,
    (s) => s.spanContext().spanId,
    (s) => s.parentSpanContext?.spanId ?? s.parentSpanId,
    hr,
  );
  const index = new Map(list.map((s, i) => [s.spanContext().spanId, i]));
  return list.map((s, i) => {
    const parentId = s.parentSpanContext?.spanId ?? s.parentSpanId;
    return {
      i,
      parent: parentId === undefined ? null : (index.get(parentId) ?? 'external'),
      name: s.name,
      kind: ['INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'][s.kind],
      status: s.status.code === 2 ? `ERROR ${s.status.message ?? ''}`.trim() : s.status.code === 1 ? 'OK' : 'UNSET',
      attributes: clean(s.attributes),
      events: s.events.map((e) => e.name),
    };
  });
}

function normaliseDd(spans) {
  const client = new Set(['fetch', 'dns', 'net', 'http2']);
  const server = spans.filter((s) => !client.has(s.meta.component));
  const list = order(
    server,
    (s) => String(s.span_id),
    (s) => String(s.parent_id),
    (s) => BigInt(s.start),
  );
  const index = new Map(list.map((s, i) => [String(s.span_id), i]));
  return list.map((s, i) => ({
    i,
    parent: String(s.parent_id) === '0' ? null : (index.get(String(s.parent_id)) ?? 'external'),
    name: s.name,
    resource: s.resource,
    type: s.type,
    error: s.error,
    attributes: clean({ ...s.meta, ...s.metrics, 'error.stack': undefined }),
  }));
}
