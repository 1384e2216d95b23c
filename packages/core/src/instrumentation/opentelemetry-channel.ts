'use strict';
/**
 * `ExpressChannelInstrumentation`: OpenTelemetry spans from the router's `express.router.request`
 * TracingChannel (node:diagnostics_channel), with no module patching. It gives the spans
 * `@opentelemetry/instrumentation-express` gives by patching express (0.72 checked): one span
 * per middleware (`middleware - <name>`), mounted router (`router - <path>`) and matched route
 * (`request handler`), their `express.type` / `express.name` / `http.route` attributes, parents,
 * errors, and the route on instrumentation-http's server span (its RPC metadata), so the server
 * span is named `GET /api/users/:id`. The channel is published by router 2.3 (express 5.3) and by
 * webfw's router (5.x and /v4), so it works wherever the app runs: CommonJS or ESM, bundled,
 * on Bun, Deno and workerd.
 *
 *   const { ExpressChannelInstrumentation } = require('@webfw/core/instrumentation/opentelemetry-channel.cjs');
 *   new NodeSDK({ instrumentations: [new HttpInstrumentation(), new ExpressChannelInstrumentation()] }).start();
 *
 * It is an OpenTelemetry `Instrumentation` (enabled when made; `registerInstrumentations` and
 * NodeSDK take it) and takes instrumentation-express's config: `ignoreLayers`,
 * `ignoreLayersType`, `spanNameHook`, `requestHook`; and `serverSpan` (default true): where no
 * span is active when a request reaches its first layer (no HTTP instrumentation: Bun.serve,
 * Deno.serve, workerd, app.fetch), it opens the SERVER span itself, with instrumentation-http's
 * name, attributes and status, so the trace has its root there too.
 *
 * How the events become spans. The channel reports each handler call; instrumentation-express
 * wraps each layer's `handle` and its `next`. What a wrapper sees, this reads from the events:
 * - Which router call a layer belongs to: `req.next` (each router's `handle` sets its own `next`
 *   there while it walks its stack, and puts the caller's back when done), else (a handler set
 *   `req.next` itself, as express 4's expressInit does) the router stack holding the layer. A
 *   layer of the same walk as an open one is its sibling: the open one (and everything inside it)
 *   has called `next`. A layer of a new walk runs inside the innermost open layer (a mounted
 *   router or app).
 * - A route's callbacks (the channel's events for the layers of `req.route.stack`) are one
 *   `request handler` span, as the route's dispatch layer is for instrumentation-express (the
 *   channel does not publish that layer itself).
 * - Errors: the channel publishes an error once, where it starts. instrumentation-express marks
 *   the span of the layer that passes it to `next` (or throws; not a returned promise's
 *   rejection, which the router forwards past its wrapper), and each layer around it whose `next`
 *   gets it: the error left a layer when an error handler outside it receives the error
 *   (`incomingError`), or when the response ends with no error handler having received it, or
 *   with the last one having passed it on to the final handler (not published again: read
 *   from the end of the request, see `_forwarded`).
 * - `http.route` and the route name come from the paths layers were mounted on, kept per request
 *   as instrumentation-express keeps them (`req.__ot_middlewares`), here in the request's state.
 *
 * Both at once: a layer whose `handle` instrumentation-express has wrapped (ExpressInstrumentation
 * or WebfwInstrumentation patched the app) is left to it, and so is the rest of that request: no
 * span twice. The OpenTelemetry context is made current inside each handler (so spans the handler
 * starts are children of its span) through the channel's `start.bindStore` with the context
 * manager's AsyncLocalStorage, where the registered manager has one (the AsyncLocalStorage
 * managers of sdk-node / sdk-trace-node); elsewhere the spans are the same, and a handler's own
 * spans are children of the server span.
 *
 * @opentelemetry/api is the app's (./app-require.cjs); nothing else is required.
 */
const dc = require('node:diagnostics_channel');
const { appRequire } = require('./app-require.cjs');

/** @type {typeof import('@opentelemetry/api')} */
let api;
try {
  // a plain require, so a bundler bundles the app's copy
  api = require('@opentelemetry/api');
} catch {
  api = appRequire('@opentelemetry/api');
}

const NAME = '@webfw/core/instrumentation/opentelemetry-channel';
const VERSION = (() => {
  try {
    return require('../package.json').version;
  } catch {
    return '0.0.0';
  }
})();
const CHANNEL = 'express.router.request';
/** @opentelemetry/core's context keys (api's createContextKey is Symbol.for). */
const RPC_METADATA = api.createContextKey('OpenTelemetry SDK Context Key RPC_METADATA');
const SUPPRESS_TRACING = api.createContextKey('OpenTelemetry SDK Context Key SUPPRESS_TRACING');
/** The layer types (instrumentation-express's `express.type` values). */
const ROUTER = 'router';
const MIDDLEWARE = 'middleware';
const REQUEST_HANDLER = 'request_handler';

/** Whether `fn` was wrapped by shimmer (instrumentation-express's patch of `layer.handle`). */
function isWrapped(fn) {
  return typeof fn === 'function' && fn.__wrapped === true && typeof fn.__original === 'function';
}

/** The stack of the app's router: express 4's `app._router`, express 5's `app.router` (express 4's getter throws). */
function appRouterStack(req) {
  const app = req.app;
  if (!app) return undefined;
  let router = app._router;
  if (!router) {
    try {
      router = app.router;
    } catch {
      return undefined;
    }
  }
  return router && Array.isArray(router.stack) ? router.stack : undefined;
}

/** A mount path as instrumentation-express records it from the registering call's first argument. */
function pathSegment(arg) {
  if (typeof arg === 'string') return arg;
  if (arg instanceof RegExp || typeof arg === 'number') return arg.toString();
  return undefined;
}

/** `layerPath` of instrumentation-express: the path (or paths, joined by commas) a layer was registered with. */
function layerPathOf(path) {
  if (Array.isArray(path)) return path.map((p) => pathSegment(p) || '').join(',');
  return pathSegment(path);
}

/** The route made of the request's meaningful mount paths (instrumentation-express's constructed route). */
function constructedRoute(store) {
  const paths = store.filter((p) => p !== '/' && p !== '/*' && !/^\/\{[*][^}]*\}$/.test(p));
  if (paths.length === 1 && paths[0] === '*') return '*';
  return paths.join('').replace(/\/{2,}/g, '/');
}

/** The `http.route` instrumentation-express gives for the mount paths in `store` (undefined when none fits). */
function matchedRoute(store, originalUrl) {
  if (store.length === 0) return undefined;
  if (store.every((p) => p === '/')) return originalUrl === '/' ? '/' : undefined;
  const route = constructedRoute(store);
  if (route === '*') return route;
  if (route.includes('/') && (route.includes(',') || route.includes('\\') || route.includes('*') || route.includes('['))) return route;
  const normal = route.startsWith('/') ? route : `/${route}`;
  const url = typeof originalUrl === 'string' ? originalUrl : '';
  return normal.length > 0 && (url === normal || url.startsWith(normal) || normal.includes(':') || normal.includes('*')) ? normal : undefined;
}

/** The path of the first route under a mounted router (how instrumentation-express names router spans). */
function routerPath(path, layer) {
  const first = layer.handle && layer.handle.stack ? layer.handle.stack[0] : undefined;
  if (first && first.route && first.route.path) return `${path}${first.route.path}`;
  if (first && first.handle && first.handle.stack) return routerPath(path, first);
  return path;
}

/** Span name and `express.*` attributes of a layer, as instrumentation-express's getLayerMetadata. */
function layerMetadata(route, layer, layerPath) {
  if (layer.name === 'router') {
    const p = routerPath('', layer) || layerPath || route || '/';
    return { type: ROUTER, name: `router - ${p}`, attributes: { 'express.name': p, 'express.type': ROUTER } };
  }
  if (layer.name === 'bound dispatch' || layer.name === 'handle') {
    return {
      type: REQUEST_HANDLER,
      name: `request handler${layer.path ? ` - ${route || layerPath}` : ''}`,
      attributes: { 'express.name': (route || layerPath) ?? 'request handler', 'express.type': REQUEST_HANDLER },
    };
  }
  return { type: MIDDLEWARE, name: `middleware - ${layer.name}`, attributes: { 'express.name': layer.name, 'express.type': MIDDLEWARE } };
}

function matches(name, pattern) {
  if (typeof pattern === 'string') return pattern === name;
  if (pattern instanceof RegExp) return pattern.test(name);
  if (typeof pattern === 'function') return pattern(name);
  throw new TypeError('Pattern is in unsupported datatype');
}

/** instrumentation-express's `ignoreLayers` / `ignoreLayersType`. */
function isIgnored(name, type, config) {
  if (Array.isArray(config.ignoreLayersType) && config.ignoreLayersType.includes(type)) return true;
  if (!Array.isArray(config.ignoreLayers)) return false;
  try {
    for (const pattern of config.ignoreLayers) if (matches(name, pattern)) return true;
  } catch {
    // a failing matcher ignores nothing, as there
  }
  return false;
}

/** An error and its message, as instrumentation-express records a value passed to `next`. */
function errorAndMessage(error) {
  return error instanceof Error ? [error, error.message] : [String(error), String(error)];
}

const KNOWN_METHODS = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']);

/** host[:port] of a Host header, as instrumentation-http reads it. */
function hostAndPort(host, scheme) {
  let name = host;
  let port;
  const v6 = /^\[([^\]]*)\](?::(\d+))?$/.exec(host);
  if (v6) {
    name = v6[1];
    port = v6[2];
  } else {
    const i = host.lastIndexOf(':');
    if (i > -1 && host.indexOf(':') === i) {
      name = host.slice(0, i);
      port = host.slice(i + 1);
    }
  }
  if (port === undefined || port === '') port = scheme === 'https' ? '443' : scheme === 'http' ? '80' : undefined;
  return { host: name, port };
}

/**
 * The SERVER span instrumentation-http would open for `req` (its stable attributes), for
 * runtimes and servers it does not see. Returns [span, context with the span and RPC metadata].
 */
function startServerSpan(tracer, req) {
  const headers = req.headers || {};
  const scheme = req.socket && req.socket.encrypted ? 'https' : 'http';
  const method = req.method == null ? 'GET' : KNOWN_METHODS.has(String(req.method).toUpperCase()) ? String(req.method).toUpperCase() : '_OTHER';
  const attributes = { 'http.request.method': method, 'url.scheme': scheme };
  let url;
  try {
    url = new URL(req.url || '/', `${scheme}://${headers.host || 'localhost'}`);
  } catch {
    url = undefined;
  }
  const server = typeof headers.host === 'string' && headers.host.length > 0 ? hostAndPort(headers.host, scheme) : undefined;
  if (server) attributes['server.address'] = server.host;
  if (req.socket && req.socket.remoteAddress !== undefined) attributes['network.peer.address'] = req.socket.remoteAddress;
  if (req.socket && req.socket.remotePort !== undefined) attributes['network.peer.port'] = req.socket.remotePort;
  if (req.httpVersion) attributes['network.protocol.version'] = req.httpVersion;
  if (headers['user-agent'] !== undefined) attributes['user_agent.original'] = headers['user-agent'];
  if (url) {
    attributes['url.path'] = url.pathname;
    if (url.search) attributes['url.query'] = url.search.slice(1);
  }
  const client =
    (typeof headers['x-forwarded-for'] === 'string' && headers['x-forwarded-for'].split(',')[0].trim()) || (req.socket && req.socket.remoteAddress);
  if (client) attributes['client.address'] = client;
  if (server && server.port != null) attributes['server.port'] = Number(server.port);
  if (req.method !== method && req.method != null) attributes['http.request.method_original'] = req.method;
  const parent = api.propagation.extract(api.ROOT_CONTEXT, headers);
  const span = tracer.startSpan(method, { kind: api.SpanKind.SERVER, attributes }, parent);
  const rpc = { type: 'http', span };
  return [span, api.trace.setSpan(parent, span).setValue(RPC_METADATA, rpc)];
}

/** Closes a server span opened by startServerSpan, as instrumentation-http does at the response's close. */
function endServerSpan(state, req, res) {
  const span = state.serverSpan;
  const status = res.statusCode;
  span.setAttribute('http.response.status_code', status);
  const route = state.rpc && state.rpc.route;
  if (route !== undefined) span.setAttribute('http.route', route);
  if (!(status >= 100 && status < 500)) span.setStatus({ code: api.SpanStatusCode.ERROR });
  if (typeof status === 'number' && status >= 500 && status < 600) span.setAttribute('error.type', String(status));
  if (route) span.updateName(`${req.method || 'GET'} ${route}`);
  span.end();
}

class ExpressChannelInstrumentation {
  /** `config`: instrumentation-express's (`ignoreLayers`, `ignoreLayersType`, `spanNameHook`, `requestHook`), `serverSpan`, `enabled`. */
  constructor(config = {}) {
    this.instrumentationName = NAME;
    this.instrumentationVersion = VERSION;
    this._config = { enabled: true, ...config };
    this._tracer = api.trace.getTracer(NAME, VERSION);
    this._channel = typeof dc.tracingChannel === 'function' ? dc.tracingChannel(CHANNEL) : undefined;
    /** req -> the request's state (its open layers, mount paths, errors). */
    this._requests = new WeakMap();
    /** channel context -> its frame (one handler call). */
    this._frames = new WeakMap();
    /** Route -> its dispatch layer (found in the router's stack). */
    this._routeLayers = new WeakMap();
    /** Layer -> the router stack holding it; stack -> its length when its layers were noted. */
    this._layerStacks = new WeakMap();
    this._stackLengths = new WeakMap();
    this._enabled = false;
    this._store = undefined;
    this._handlers = {
      start: (ctx) => this._safely(() => this._begin(ctx)),
      end: (ctx) => this._safely(() => this._end(ctx)),
      asyncStart: () => {},
      asyncEnd: (ctx) => this._safely(() => this._asyncEnd(ctx)),
      error: (ctx) => this._safely(() => this._error(ctx)),
    };
    this._transform = (ctx) => {
      let out;
      this._safely(() => {
        const frame = this._begin(ctx);
        out = frame ? frame.childCtx : undefined;
      });
      return out === undefined ? api.context.active() : out;
    };
    if (this._config.enabled) this.enable();
  }

  /** The tracer the spans come from (the registered provider's, or the one given by setTracerProvider). */
  get tracer() {
    return this._tracer;
  }

  setTracerProvider(provider) {
    this._tracer = provider.getTracer(NAME, VERSION);
    this._bindContext();
  }

  setMeterProvider() {}

  setLoggerProvider() {}

  getConfig() {
    return this._config;
  }

  setConfig(config = {}) {
    this._config = { enabled: true, ...config };
  }

  /** Subscribes to the channel (idempotent); without `tracingChannel` (Node < 19.9) nothing happens. */
  enable() {
    if (this._enabled || !this._channel) return;
    this._enabled = true;
    this._channel.subscribe(this._handlers);
    this._bindContext();
    // NodeSDK registers its context manager after enabling the instrumentations, in the same tick
    queueMicrotask(() => this._bindContext());
  }

  /** Unsubscribes; spans already open end with their responses. */
  disable() {
    if (!this._enabled) return;
    this._enabled = false;
    this._channel.unsubscribe(this._handlers);
    if (this._store) this._channel.start.unbindStore(this._store);
    this._store = undefined;
  }

  /**
   * Makes each handler's span current while it runs: the channel's `start.bindStore` with the
   * registered context manager's AsyncLocalStorage (read from the AsyncLocalStorage managers
   * of @opentelemetry/context-async-hooks). Retried at each request until a manager is there.
   */
  _bindContext() {
    if (!this._enabled || this._store || typeof this._channel.start.bindStore !== 'function') return;
    const manager = typeof api.context._getContextManager === 'function' ? api.context._getContextManager() : undefined;
    const store = manager && manager._asyncLocalStorage;
    if (!store || typeof store.run !== 'function' || typeof store.getStore !== 'function') return;
    this._store = store;
    this._channel.start.bindStore(store, this._transform);
  }

  /** Runs `fn`; an exception in the tracing never reaches the app. */
  _safely(fn) {
    try {
      fn();
    } catch (error) {
      api.diag.error('express channel instrumentation: failed', error);
    }
  }

  /** The request's state, made at its first event (undefined: this request is not traced here). */
  _state(req, res) {
    let state = this._requests.get(req);
    if (state) return state.off ? undefined : state;
    state = { off: false, root: api.context.active(), rpc: undefined, store: [], open: [], errors: new Map(), serverSpan: undefined, last: undefined };
    this._requests.set(req, state);
    if (state.root.getValue(SUPPRESS_TRACING) === true) {
      state.off = true;
      return undefined;
    }
    if (!api.trace.getSpan(state.root)) {
      // no HTTP server span (no http instrumentation here): open it, or trace nothing, as instrumentation-express
      if (this._config.serverSpan === false) {
        state.off = true;
        return undefined;
      }
      [state.serverSpan, state.root] = startServerSpan(this._tracer, req);
    }
    state.rpc = state.root.getValue(RPC_METADATA);
    if (res && typeof res.once === 'function') res.once('close', () => this._safely(() => this._finish(req, res, state)));
    if (!this._store) this._bindContext();
    return state;
  }

  /** A handler call starts: its frame (and span), once per channel context. */
  _begin(ctx) {
    let frame = this._frames.get(ctx);
    if (frame !== undefined) return frame;
    frame = null;
    this._frames.set(ctx, frame);
    const req = ctx.req;
    if (!req || typeof req !== 'object') return frame;
    const state = this._state(req, ctx.res);
    if (!state) return frame;
    const layer = ctx.layer || {};
    const rn = req.next;
    if (ctx.param !== undefined) {
      // a router.param callback: no span (instrumentation-express has none); an error it reports starts here
      frame = { kind: 'param', parent: this._levelParent(state, req, rn, layer), span: undefined, closed: true };
      frame.childCtx = frame.parent ? frame.parent.childCtx : state.root;
      this._frames.set(ctx, frame);
      state.last = frame;
      return frame;
    }
    const route = req.route;
    const inRoute = Boolean(route && Array.isArray(route.stack) && route.stack.includes(layer));
    if (inRoute) {
      let handler = this._openRouteFrame(state, route, rn);
      if (handler) this._closeAfter(state, handler, ctx);
      else {
        const dispatch = this._dispatchLayer(state, req, route);
        if (dispatch && isWrapped(dispatch.handle)) return this._leave(state);
        const parent = this._siblingOrParent(state, rn, ctx, dispatch);
        handler = this._open(state, ctx, parent, rn, dispatch || { name: 'handle' }, layerPathOf(route.path), route);
      }
      frame = { kind: 'callback', ctx, parent: handler, rn, span: undefined, childCtx: handler.childCtx, phase: 'running', closed: false };
      state.open.push(frame);
    } else if (isWrapped(layer.handle) || isWrapped(ctx.handler)) {
      return this._leave(state);
    } else if (ctx.errorHandler) {
      // error handlers are not wrapped by instrumentation-express (four parameters): no span
      const parent = this._siblingOrParent(state, rn, ctx, layer);
      frame = { kind: 'untraced', ctx, layer, parent, rn, span: undefined, phase: 'running', closed: false };
      frame.childCtx = parent ? parent.childCtx : state.root;
      state.open.push(frame);
    } else {
      const parent = this._siblingOrParent(state, rn, ctx, layer);
      frame = this._open(state, ctx, parent, rn, layer, this._layerPath(state, req, layer, ctx), undefined);
    }
    if (ctx.errorHandler) {
      // the error reached an error handler: whether it passes it on is not published (see _forwarded)
      const entry = state.errors.get(ctx.incomingError);
      if (entry) {
        entry.caught = true;
        entry.catcher = frame;
      }
    }
    this._frames.set(ctx, frame);
    state.last = frame;
    return frame;
  }

  /** Patching traces this request (a wrapped layer): leave it to instrumentation-express from here on. */
  _leave(state) {
    for (const frame of state.open.splice(0).reverse()) {
      frame.closed = true;
      if (frame.span && !frame.ended) this._endSpan(frame);
    }
    state.off = true;
    state.left = true;
    return null;
  }

  /** The mount path instrumentation-express read from the call that registered `layer`. */
  _layerPath(state, req, layer, ctx) {
    // express 4's own query and expressInit, added by `router.use(fn)`: no path (router 2 and webfw say '/')
    if (state.open.length === 0 && (layer.name === 'query' || layer.name === 'expressInit')) {
      const stack = appRouterStack(req);
      if (stack && (stack[0] === layer || stack[1] === layer)) return undefined;
    }
    return layerPathOf('rawPath' in layer ? layer.rawPath : ctx.route);
  }

  /** The open `request handler` frame of `route` in the walk `rn`, if its callbacks are running. */
  _openRouteFrame(state, route, rn) {
    for (let i = state.open.length - 1; i >= 0; i--) {
      const f = state.open[i];
      if (f.kind === 'route' && f.route === route && f.rn === rn) return f;
    }
    return undefined;
  }

  /** The layer of the router's stack that dispatches `route` (its name and `path` name the span). */
  _dispatchLayer(state, req, route) {
    const known = this._routeLayers.get(route);
    if (known) return known;
    const stacks = [];
    for (let i = state.open.length - 1; i >= 0; i--) {
      const handle = state.open[i].layer && state.open[i].layer.handle;
      if (handle && Array.isArray(handle.stack)) stacks.push(handle.stack);
    }
    const appStack = appRouterStack(req);
    if (appStack) stacks.push(appStack);
    for (const stack of stacks) {
      const found = stack.find((l) => l && l.route === route);
      if (found) {
        this._routeLayers.set(route, found);
        return found;
      }
    }
    return undefined;
  }

  /**
   * The index in `state.open` of the open sibling of `layer`, a layer of walk `rn` (-1: none,
   * it starts a walk). Siblings are found by `req.next`, else, where a handler set `req.next` to
   * the `next` it was given (express 4's expressInit does), by the router stack holding both.
   */
  _siblingIndex(state, req, rn, layer) {
    for (let i = state.open.length - 1; i >= 0; i--) {
      const f = state.open[i];
      if (f.kind !== 'callback' && f.rn === rn) return i;
    }
    const stack = layer && this._stackOf(req, state, layer);
    if (!stack) return -1;
    for (let i = state.open.length - 1; i >= 0; i--) {
      const f = state.open[i];
      if (f.kind !== 'callback' && f.layer && this._stackOf(req, state, f.layer) === stack) return i;
    }
    return -1;
  }

  /** The router stack holding `layer`: the app's router's, or a mounted router's among the open frames. */
  _stackOf(req, state, layer) {
    const known = this._layerStacks.get(layer);
    if (known) return known;
    const stacks = [appRouterStack(req)];
    for (const f of state.open) if (f.layer && f.layer.handle && Array.isArray(f.layer.handle.stack)) stacks.push(f.layer.handle.stack);
    for (const stack of stacks) {
      if (!stack || this._stackLengths.get(stack) === stack.length) continue;
      this._stackLengths.set(stack, stack.length);
      for (const l of stack) if (l && typeof l === 'object') this._layerStacks.set(l, stack);
    }
    return this._layerStacks.get(layer);
  }

  /** The frame a layer of walk `rn` starting now runs inside (its sibling's parent, else the innermost open frame). */
  _levelParent(state, req, rn, layer) {
    const i = this._siblingIndex(state, req, rn, layer);
    return i >= 0 ? state.open[i].parent : state.open[state.open.length - 1];
  }

  /**
   * A layer of walk `rn` starts: its open sibling (and what runs inside it) has called `next`
   * and closes. Returns the new layer's parent frame.
   */
  _siblingOrParent(state, rn, ctx, layer) {
    const i = this._siblingIndex(state, ctx.req, rn, layer);
    if (i < 0) return state.open[state.open.length - 1];
    const parent = state.open[i].parent;
    this._closeFrom(state, i, ctx);
    return parent;
  }

  /** Closes what runs inside `frame` (a route's earlier callbacks) as the next callback starts. */
  _closeAfter(state, frame, ctx) {
    const i = state.open.indexOf(frame);
    if (i >= 0 && i + 1 < state.open.length) this._closeFrom(state, i + 1, ctx);
  }

  /** Opens the frame of a layer instrumentation-express would wrap (span, mount path, route on the server span). */
  _open(state, ctx, parent, rn, layer, layerPath, route) {
    const req = ctx.req;
    const parentCtx = parent ? parent.childCtx : state.root;
    const frame = { kind: route ? 'route' : 'layer', ctx, route, layer, parent, rn, span: undefined, pushed: false, phase: 'running', closed: false };
    frame.childCtx = parentCtx;
    state.open.push(frame);
    if (layerPath !== undefined) {
      state.store.push(layerPath);
      frame.pushed = true;
    }
    const built = constructedRoute(state.store);
    const actual = matchedRoute(state.store, req.originalUrl);
    const metadata = layerMetadata(built, layer, layerPath);
    frame.type = metadata.type;
    if (state.rpc && state.rpc.type === 'http') state.rpc.route = actual;
    const config = this._config;
    if (isIgnored(metadata.name, metadata.type, config)) {
      // as there: an ignored layer's path leaves at once (a router's stays), no span, no wrapped next
      if (metadata.type !== ROUTER && frame.pushed) state.store.pop();
      frame.pushed = false;
      return frame;
    }
    if (!api.trace.getSpan(parentCtx)) {
      frame.pushed = false;
      return frame;
    }
    const info = { request: req, layerType: metadata.type, route: built };
    let name = metadata.name;
    if (typeof config.spanNameHook === 'function') {
      try {
        name = config.spanNameHook(info, name) ?? name;
      } catch (error) {
        api.diag.error('express instrumentation: error calling span name rewrite hook', error);
      }
    }
    const span = this._tracer.startSpan(name, { attributes: Object.assign({ 'http.route': actual }, metadata.attributes) }, parentCtx);
    frame.span = span;
    frame.recorded = new Set();
    if (typeof config.requestHook === 'function') {
      try {
        config.requestHook(span, info);
      } catch (error) {
        api.diag.error('express instrumentation: request hook failed', error);
      }
    }
    if (metadata.type === ROUTER) {
      span.end();
      frame.ended = true;
    } else {
      frame.childCtx = api.trace.setSpan(parentCtx, span);
    }
    return frame;
  }

  /** The handler returned (or threw). */
  _end(ctx) {
    const frame = this._frames.get(ctx);
    if (!frame || frame.kind === 'param') return;
    if ('result' in ctx) frame.phase = 'returned';
    else if ('error' in ctx) {
      frame.phase = 'returned';
      frame.threw = true;
    } else frame.phase = 'pending';
  }

  /** The handler's promise settled: an error reported while it was pending was `next(err)` if it resolved, its rejection if not. */
  _asyncEnd(ctx) {
    const frame = this._frames.get(ctx);
    if (!frame || frame.kind === 'param') return;
    frame.phase = 'settled';
    if (!('result' in ctx) && 'error' in ctx) frame.threw = true;
    if (frame.pending !== undefined) {
      const error = frame.pending;
      frame.pending = undefined;
      // instrumentation-express sees `next(err)`, not a rejection (the router forwards that past its wrapper)
      if ('result' in ctx) this._record(frame, error);
    }
    if (frame.closed && frame.span && !frame.ended) this._endSpan(frame);
  }

  /** An error starts at this handler call (`next(err)`, a throw or a rejection). */
  _error(ctx) {
    const req = ctx.req;
    const state = req && this._requests.get(req);
    if (!state || state.off) return;
    const frame = this._frames.get(ctx);
    if (!frame) return;
    const error = ctx.error;
    state.errors.set(error, { origin: frame, caught: false });
    frame.error = error;
    if (frame.kind !== 'layer' || !frame.span || frame.ended) return;
    // while a returned promise is pending, a rejection and `next(err)` look alike: decide when it settles
    if (frame.phase === 'pending') frame.pending = error;
    else this._record(frame, error);
  }

  /** Records `error` on the frame's span, once, as instrumentation-express does. */
  _record(frame, error) {
    if (!frame.span || frame.ended || frame.type === ROUTER || frame.recorded.has(error)) return;
    frame.recorded.add(error);
    const [exception, message] = errorAndMessage(error);
    frame.span.recordException(exception);
    frame.span.setStatus({ code: api.SpanStatusCode.ERROR, message });
  }

  _endSpan(frame) {
    frame.ended = true;
    frame.span.end();
  }

  /**
   * Closes the open frames from index `i` (a finished sibling and everything inside it), the
   * innermost first, as their `next` calls ran. `ctx`: the call that starts now; when it is an
   * error handler, its error left every frame between where it started and here.
   */
  _closeFrom(state, i, ctx) {
    const closing = state.open.splice(i);
    const incoming = ctx && ctx.errorHandler ? ctx.incomingError : undefined;
    const entry = incoming !== undefined ? state.errors.get(incoming) : undefined;
    const path = entry ? this._errorPath(entry.origin) : undefined;
    for (let k = closing.length - 1; k >= 0; k--) {
      const f = closing[k];
      let exit = 'next';
      if (path && path.has(f)) exit = f === entry.origin ? 'origin' : 'error';
      this._close(state, ctx.req, f, exit, incoming);
    }
  }

  /** The frames an error passes on its way out: where it started and each frame around that. */
  _errorPath(origin) {
    const path = new Set();
    for (let f = origin; f; f = f.parent) path.add(f);
    return path;
  }

  /**
   * Closes one frame. `exit`: 'next' (called next()), 'error' (the error passed through its
   * next), 'origin' (the error started here). The mount path leaves as instrumentation-express's
   * wrapped next pops it: not after a throw or a rejection (the wrapper's next is not called),
   * nor when an error leaves once a route was matched.
   */
  _close(state, req, frame, exit, error) {
    if (frame.closed) return;
    frame.closed = true;
    if (frame.pushed) {
      const threw = frame.threw || (exit === 'origin' && frame.phase === 'pending');
      const isError = exit !== 'next';
      if (!threw && !(req.route && isError)) state.store.pop();
      frame.pushed = false;
    }
    if (!frame.span || frame.ended) return;
    if (exit === 'error') this._record(frame, error);
    if (frame.pending === undefined) this._endSpan(frame);
  }

  /**
   * Whether the last error handler that received `entry`'s error passed it on with `next(err)`
   * to express's final handler. The router does not publish a forwarded error again, so this is
   * read from what the response ends with: the handler was the request's last call (no layer
   * ran after it, as one would after `next()`; an error handler would have had the error as
   * `incomingError`), it raised no error of its own (that one is published), its router walk
   * is over (each router puts the caller's `req.next` back when its walk ends; while an error
   * handler that answered itself is the last call, `req.next` is still its walk's), and the
   * response is the final handler's for an error (4xx/5xx; its 404 means no error unless the
   * error's own status is 404).
   */
  _forwarded(state, req, res, error, entry) {
    const handler = entry.catcher;
    if (!handler || handler !== state.last || handler.error !== undefined || req.next === handler.rn) return false;
    const status = res.statusCode;
    if (!(status >= 400 && status < 600)) return false;
    if (status !== 404) return true;
    const own = error && typeof error === 'object' ? (error.status ?? error.statusCode) : undefined;
    return own === 404;
  }

  /**
   * The response closed: errors no error handler received, or the last one passed on to the
   * final handler, left every frame around them; every span ends.
   */
  _finish(req, res, state) {
    if (state.left && state.serverSpan) endServerSpan(state, req, res);
    if (state.off) return;
    for (const [error, entry] of state.errors) {
      let from = entry.origin;
      if (entry.caught) {
        if (!this._forwarded(state, req, res, error, entry)) continue;
        from = entry.catcher;
      }
      for (let f = from.parent; f; f = f.parent) if (!f.closed) this._close(state, req, f, 'error', error);
    }
    for (const frame of state.open.splice(0).reverse()) {
      this._close(state, req, frame, 'next', undefined);
      if (frame.span && !frame.ended) this._endSpan(frame);
    }
    if (state.serverSpan) endServerSpan(state, req, res);
    state.off = true;
  }
}

exports.ExpressChannelInstrumentation = ExpressChannelInstrumentation;
