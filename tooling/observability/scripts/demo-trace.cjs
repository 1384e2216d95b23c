'use strict';
/**
 * The demo app (docs/examples/demo) under OpenTelemetry with webfw's one line: prints the
 * spans of a few requests as the table in docs/observability.md. `node scripts/demo-trace.cjs`.
 */
const { NodeTracerProvider } = require('@opentelemetry/sdk-trace-node');
const { InMemorySpanExporter, SimpleSpanProcessor } = require('@opentelemetry/sdk-trace-base');
const { registerInstrumentations } = require('@opentelemetry/instrumentation');
const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http');
const { WebfwInstrumentation } = require('../../../packages/core/instrumentation/opentelemetry.cjs');

const exporter = new InMemorySpanExporter();
new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }).register();
registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new WebfwInstrumentation()] });

const { createApp } = require('../../../docs/examples/demo/app.js');

const server = createApp({ log: false }).listen(0, '127.0.0.1', async () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  const requests = [
    ['GET', '/health'],
    ['POST', '/api/notes', '{"text":"traced"}'],
    ['GET', '/api/notes/1'],
    ['GET', '/nope'],
  ];
  for (const [method, p, body] of requests) {
    await (await fetch(base + p, { method, body, headers: body ? { 'content-type': 'application/json' } : {} })).text();
    await new Promise((r) => setTimeout(r, 30));
  }
  server.close();
  await new Promise((r) => setTimeout(r, 50));
  const spans = exporter.getFinishedSpans();
  const id = new Map(spans.map((s, i) => [s.spanContext().spanId, i]));
  const rows = ['| # | parent | kind | name | express.type | express.name | http.route | status |', '|---|---|---|---|---|---|---|---|'];
  const roots = spans.filter((s) => !id.has(s.parentSpanContext?.spanId)).sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
  let n = 0;
  const index = new Map();
  for (const root of roots) {
    const list = [
      root,
      ...spans
        .filter((s) => s.parentSpanContext?.spanId === root.spanContext().spanId)
        .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]),
    ];
    for (const s of list) {
      index.set(s.spanContext().spanId, n);
      const a = s.attributes;
      const parent = index.get(s.parentSpanContext?.spanId);
      const status = a['http.response.status_code'] ?? (s.status.code === 2 ? 'ERROR' : '');
      rows.push(
        `| ${n++} | ${parent ?? ''} | ${s.kind === 1 ? 'SERVER' : 'INTERNAL'} | ${s.name} | ${a['express.type'] ?? ''} | ${a['express.name'] ?? ''} | ${a['http.route'] ?? ''} | ${status} |`,
      );
    }
  }
  console.log(rows.join('\n'));
  process.exit(0);
});
