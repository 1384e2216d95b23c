'use strict';
/**
 * What the channel tests share (channel.test.ts and the apps under scripts/channel-*): the
 * requests the test app is asked, and OpenTelemetry spans normalised as tracing.test.ts's
 * scripts/trace-app.cjs normalises them (ids as indexes into the list, parents as indexes, no
 * timings, ports or addresses), so lists from different processes and runtimes compare whole.
 * Plain CommonJS with no dependency: Bun, Deno and workerd (bundled) load it too.
 */

/** The test app's requests: method, path, JSON body. */
const REQUESTS = [
  ['GET', '/api/users/42'],
  ['POST', '/api/echo', '{"a":1}'],
  ['GET', '/api/boom'],
  ['GET', '/nope'],
];

/**
 * Sends `requests` (REQUESTS) to `base` one after the other (a pause after each, so spans ending at the
 * response's close are in before the next request) and returns the answers as
 * "METHOD path status body".
 */
async function ask(base, requests = REQUESTS, fetchImpl = fetch) {
  const answers = [];
  for (const [method, path, body] of requests) {
    const res = await fetchImpl(`${base}${path}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    answers.push(`${method} ${path} ${res.status} ${await res.text()}`);
    await new Promise((r) => setTimeout(r, 30));
  }
  return answers;
}

const { clean, order } = require('./span-normalise.cjs');

/**
 * Orders spans as a tree: each root (by start time), then its children depth first, each
 * level by start time. The SDK's start times are in milliseconds, and spans starting in the
 * same millisecond stay in the order they ended (a parent after its children): the tree order
 * puts a parent before its children whatever the clock says.
 */
function treeOrder(spans, id, parentOf, start) {
  const byStart = spans.map((s, i) => ({ s, i })).sort((x, y) => (start(x.s) < start(y.s) ? -1 : start(x.s) > start(y.s) ? 1 : x.i - y.i));
  const ids = new Set(spans.map(id));
  const children = new Map();
  for (const { s } of byStart) {
    const p = ids.has(parentOf(s)) ? parentOf(s) : null;
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(s);
  }
  const out = [];
  const visit = (s) => {
    out.push(s);
    for (const c of children.get(id(s)) || []) visit(c);
  };
  for (const r of children.get(null) || []) visit(r);
  return out;
}

/**
 * OpenTelemetry ReadableSpans (an in-memory exporter's) as the compared list: in start order
 * by trace, as trace-app.cjs lists them, or with `tree` in tree order (see treeOrder).
 */
function normaliseOtel(spans, tree = false) {
  const hr = (s) => BigInt(s.startTime[0]) * 1000000000n + BigInt(s.startTime[1]);
  const parentOf = (s) => (s.parentSpanContext ? s.parentSpanContext.spanId : s.parentSpanId);
  const list = (tree ? treeOrder : order)(spans, (s) => s.spanContext().spanId, parentOf, hr);
  const index = new Map(list.map((s, i) => [s.spanContext().spanId, i]));
  return list.map((s, i) => {
    const parentId = parentOf(s);
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

module.exports = { REQUESTS, ask, normaliseOtel };
