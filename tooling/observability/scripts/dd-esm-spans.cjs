'use strict';
/**
 * `normalise(spans)`: dd-trace's exported spans (its log exporter's `{"traces":[[...]]}` lines,
 * flattened) as a list that two runs of the same app give alike: the server side only (the
 * client's fetch, dns and net spans dropped), ordered by request (each root first, then by
 * start), ids replaced by indexes into the list (`parent`: an index, `null` for a root,
 * `'external'` for a parent outside the list), and every tag but the ones naming the
 * connection, the process or the agent (ports, addresses, ids, timings, versions). The same
 * fields as tooling/observability/scripts/trace-app.cjs prints for its dd-trace runs.
 */

/** Tags that name the connection, the process or the agent, not the app. */
const volatile =
  /port|peer|host|\.ip$|user_agent|user-agent|url\.full|^http\.url$|client\.address|network\.(local|peer)|_dd\.|runtime-id|process_id|language|^version$|env$|base_service|component_version|p\.dm|dm$|trace_id|pathway|\.sr\.|_sample|_top_level|_measured|profiling|tid$|^service$|^error\.stack$/i;

const client = new Set(['fetch', 'dns', 'net', 'http2']);

function tags(span) {
  const all = { ...span.meta, ...span.metrics };
  const out = {};
  for (const key of Object.keys(all).sort()) if (!volatile.test(key)) out[key] = all[key];
  return out;
}

function normalise(spans) {
  const server = spans.filter((s) => !client.has(s.meta.component));
  const byId = new Map(server.map((s) => [String(s.span_id), s]));
  const rootOf = (s) => {
    for (let p = byId.get(String(s.parent_id)); p; p = byId.get(String(p.parent_id))) s = p;
    return s;
  };
  const start = (s) => BigInt(s.start);
  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const list = server
    .map((s) => ({ s, root: rootOf(s) }))
    .sort((x, y) => cmp(start(x.root), start(y.root)) || (x.s === x.root ? -1 : 0) + (y.s === y.root ? 1 : 0) || cmp(start(x.s), start(y.s)))
    .map((x) => x.s);
  const index = new Map(list.map((s, i) => [String(s.span_id), i]));
  return list.map((s, i) => ({
    i,
    parent: String(s.parent_id) === '0' ? null : (index.get(String(s.parent_id)) ?? 'external'),
    name: s.name,
    resource: s.resource,
    type: s.type,
    error: s.error,
    attributes: tags(s),
  }));
}

module.exports = { normalise };
