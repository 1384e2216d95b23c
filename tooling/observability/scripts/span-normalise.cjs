'use strict';
/** What the span normalisers share: the attributes left out, and the order of a span list. */
/** Attributes that name the connection (ports, addresses) or the agent, not the app. */
const volatile =
  /port|peer|host|\.ip$|user_agent|user-agent|url\.full|^http\.url$|client\.address|network\.(local|peer)|_dd\.|runtime-id|process_id|language|^version$|env$|base_service|component_version|p\.dm|dm$|trace_id|pathway|\.sr\.|_sample|_top_level|_measured|profiling|tid$|^service$|^error\.stack$/i;

/** `attrs` without the volatile ones, keys sorted. */
function clean(attrs) {
  const out = {};
  for (const k of Object.keys(attrs).sort()) if (!volatile.test(k)) out[k] = attrs[k];
  return out;
}

/** Orders spans by trace (the request order), the root first, then by start time. */
function order(spans, id, parentOf, start) {
  const byId = new Map(spans.map((s) => [id(s), s]));
  const root = (s) => {
    for (let p = byId.get(parentOf(s)); p; p = byId.get(parentOf(p))) s = p;
    return s;
  };
  const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  return spans
    .map((s) => ({ s, r: root(s) }))
    .sort((x, y) => cmp(start(x.r), start(y.r)) || (x.s === x.r ? -1 : 0) + (y.s === y.r ? 1 : 0) || cmp(start(x.s), start(y.s)))
    .map((x) => x.s);
}

module.exports = { volatile, clean, order };
