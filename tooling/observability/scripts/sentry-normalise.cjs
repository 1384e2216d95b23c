'use strict';
/**
 * `normalise(envelopes)`: what Sentry would send for an app, from the envelopes its transport
 * was handed, without what names a run (ids, timings, ports, the machine):
 *
 * - `spans`: every span the app made (streamed `span` items, and the spans of `transaction`
 *   events when the SDK sends those), as `{ i, parent, name, op, origin, status, segment,
 *   attributes }`: `parent` the index of the parent span in the list, `null` for none,
 *   `'external'` for a parent outside the app (the test client's span, propagated by its
 *   `sentry-trace` header). The test client's own spans (`auto.http.node_fetch`) are left out.
 *   Ordered by trace (the requests' order), each trace depth first, siblings by start time.
 * - `errors`: each error event as `{ transaction, level, tags, exceptions, span }`, `span` the
 *   index of the span that was active when it was captured (its attribution).
 */

/** Attributes that name the run (ports, addresses, urls with the port, ids, the machine, the SDK build), not the app. */
const VOLATILE =
  /port|url\.full|header\.(host|sentry-trace|baggage)|segment\.id|^(device|os|app|culture|process|thread)\.|sentry\.sdk\.|sentry\.release|sentry\.environment|server\.address|network\.(local|peer)|sample_rand/;

/** A span's attributes without the volatile ones, keys sorted. */
function clean(attributes) {
  const out = {};
  for (const key of Object.keys(attributes).sort()) if (!VOLATILE.test(key)) out[key] = attributes[key];
  return out;
}

/** One span from a streamed `span` item (attributes as `{ value, type }`). */
function fromStreamed(s) {
  const attributes = {};
  for (const [k, v] of Object.entries(s.attributes || {})) attributes[k] = v && typeof v === 'object' && 'value' in v ? v.value : v;
  return { id: s.span_id, parentId: s.parent_span_id, start: s.start_timestamp, name: s.name, status: s.status, segment: Boolean(s.is_segment), attributes };
}

/** The spans of a `transaction` event: its root (the trace context) and its child spans. */
function fromTransaction(t) {
  const trace = t.contexts.trace;
  const root = {
    id: trace.span_id,
    parentId: trace.parent_span_id,
    start: t.start_timestamp,
    name: t.transaction,
    status: trace.status,
    segment: true,
    attributes: { ...trace.data, 'sentry.op': trace.op, 'sentry.origin': trace.origin, 'sentry.source': t.transaction_info && t.transaction_info.source },
  };
  const children = (t.spans || []).map((s) => ({
    id: s.span_id,
    parentId: s.parent_span_id,
    start: s.start_timestamp,
    name: s.description,
    status: s.status,
    segment: false,
    attributes: { ...s.data, 'sentry.op': s.op, 'sentry.origin': s.origin },
  }));
  return [root, ...children];
}

function normalise(envelopes) {
  const raw = [];
  const events = [];
  for (const [, items] of envelopes) {
    for (const [header, payload] of items) {
      const body = typeof payload === 'string' ? JSON.parse(payload) : payload;
      if (header.type === 'span') raw.push(...body.items.map(fromStreamed));
      else if (header.type === 'transaction') raw.push(...fromTransaction(body));
      else if (header.type === 'event') events.push(body);
    }
  }
  const spans = raw.filter((s) => s.attributes['sentry.origin'] !== 'auto.http.node_fetch');
  const byId = new Map(spans.map((s) => [s.id, s]));
  const childrenOf = new Map();
  const roots = [];
  for (const s of spans) {
    if (s.parentId && byId.has(s.parentId)) {
      if (!childrenOf.has(s.parentId)) childrenOf.set(s.parentId, []);
      childrenOf.get(s.parentId).push(s);
    } else {
      roots.push(s);
    }
  }
  const byStart = (a, b) => a.start - b.start || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const list = [];
  const walk = (s) => {
    list.push(s);
    for (const c of (childrenOf.get(s.id) || []).sort(byStart)) walk(c);
  };
  for (const r of roots.sort(byStart)) walk(r);
  const index = new Map(list.map((s, i) => [s.id, i]));
  return {
    spans: list.map((s, i) => {
      const { 'sentry.op': op, 'sentry.origin': origin, ...attributes } = s.attributes;
      return {
        i,
        parent: !s.parentId ? null : (index.get(s.parentId) ?? 'external'),
        name: s.name,
        op,
        origin,
        status: s.status,
        segment: s.segment,
        attributes: clean(attributes),
      };
    }),
    errors: events.map((e) => ({
      transaction: e.transaction,
      level: e.level,
      tags: e.tags,
      exceptions: ((e.exception && e.exception.values) || []).map((x) => ({ type: x.type, value: x.value, mechanism: x.mechanism })),
      span: e.contexts && e.contexts.trace ? (index.get(e.contexts.trace.span_id) ?? 'other') : null,
    })),
  };
}

module.exports = { normalise };
