'use strict';
/**
 * `normalise(spans)`: dd-trace's exported spans (its log exporter's `{"traces":[[...]]}` lines,
 * flattened) as a list that two runs of the same app give alike: the server side only (the
 * client's fetch, dns and net spans dropped), ordered by request (each root first, then by
 * start), ids replaced by indexes into the list (`parent`: an index, `null` for a root,
 * `'external'` for a parent outside the list), and every tag but the ones naming the
 * connection, the process or the agent (ports, addresses, ids, timings, versions). Used by
 * dd-trace-esm.test.ts and by trace-app.cjs for its dd-trace runs.
 */

const { clean, order } = require('./span-normalise.cjs');

/** What the client side of a test run adds: its own spans, left out. */
const client = new Set(['fetch', 'dns', 'net', 'http2']);

function normalise(spans) {
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
    attributes: clean({ ...s.meta, ...s.metrics }),
  }));
}

module.exports = { normalise };
