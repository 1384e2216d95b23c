/**
 * A trick: its id, what it is, the scenarios it is measured on and the `edits` that take it
 * out, each [file, text, replacement]. Each text must occur exactly once, so an edit that no
 * longer applies fails loudly instead of measuring nothing.
 */
const trick = (id, what, scenarios, ...edits) => ({ id, what, scenarios, edits });
const OFF = 'if (false) {';

/** The tricks tricks.mjs measures (test/tricks.test.ts checks that every edit still applies). */
export const TRICKS = [
  trick(
    'header-fast-path',
    'core: untouched responses sent with one writeHead (response/headers.ts)',
    ['hello', 'routes'],
    ['packages/core/src/response/headers.ts', 'if (res instanceof ServerResponse && nodeGetHeaderNames.call(res).length === 0) {', OFF],
  ),
  trick(
    'layer-index',
    'router: the LayerIndex segment tree (layer-index.ts)',
    ['routes', 'hello'],
    ['packages/router/src/dispatch/layer-index.ts', 'let keyed = matchers.length > 0;', 'let keyed = false;'],
  ),
  trick(
    'route-handle-inlining',
    "router: a route's layer dispatched without the call through layer.handle (router-run.ts)",
    ['hello', 'routes'],
    ['packages/router/src/dispatch/router-run.ts', 'if (layer.handle === layer.routeHandle && layer.handleRequest === OWN_HANDLE_REQUEST)', 'if (false)'],
  ),
  trick(
    'slash-count',
    'router: patterns rejected on their number of `/` before the RegExp runs (path/matcher.ts)',
    ['routes'],
    ['packages/router/src/path/matcher.ts', 'if (this.slashes >= 0) {', OFF],
  ),
  trick(
    'tracing-checks',
    'router: the express.router.request channel asked before each call while nothing subscribes (layer.ts, router-run.ts)',
    ['hello', 'routes'],
    ['packages/router/src/layer.ts', 'if (this.route === undefined && isTracing()) {', OFF],
    ['packages/router/src/layer.ts', 'if (isTracing()) {', OFF],
    ['packages/router/src/dispatch/router-run.ts', 'if (isTracing()) this.setMatchedRoute(l.patternOf(matcher));', ''],
  ),
];
