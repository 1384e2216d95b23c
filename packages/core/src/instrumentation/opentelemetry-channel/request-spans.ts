/**
 * The channel's events made spans. The channel reports each handler call; instrumentation-express
 * wraps each layer's `handle` and its `next`. What a wrapper sees, this reads from the events:
 * - Which router call a layer belongs to: `req.next` (each router's `handle` sets its own `next`
 *   there while it walks its stack, and puts the caller's back when done), else (a handler set
 *   `req.next` itself, as express 4's expressInit does) the router stack holding the layer. A
 *   layer of the same walk as an open one is its sibling: the open one (and everything inside it)
 *   has called `next`. A layer of a new walk runs inside the innermost open layer (a mounted
 *   router or app). (./router-walks.ts)
 * - A route's callbacks (the channel's events for the layers of `req.route.stack`) are one
 *   `request handler` span, as the route's dispatch layer is for instrumentation-express (the
 *   channel does not publish that layer itself).
 * - Errors: the channel publishes an error once, where it starts. instrumentation-express marks
 *   the span of the layer that passes it to `next` (or throws; not a returned promise's
 *   rejection, which the router forwards past its wrapper), and each layer around it whose `next`
 *   gets it: the error left a layer when an error handler outside it receives the error
 *   (`incomingError`), or when the response ends with no error handler having received it, or
 *   with the last one having passed it on to the final handler (not published again: read
 *   from the end of the request, see `forwarded`).
 * - `http.route` and the route name come from the paths layers were mounted on, kept per request
 *   as instrumentation-express keeps them (`req.__ot_middlewares`), here in the request's state.
 * A layer whose `handle` instrumentation-express has wrapped (patching) is left to it, and so is
 * the rest of that request: no span twice.
 */
import {
  constructedRoute,
  errorAndMessage,
  isIgnored,
  isWrapped,
  layerMetadata,
  layerPathOf,
  matchedRoute,
  ROUTER,
  type Layer,
  type NamingConfig,
} from './express-naming';
import type { ChannelContext, ErrorEntry, Frame, RequestState, TracedRequest, TracedResponse } from './frames';
import { endServerSpan, startServerSpan } from './http-server-span';
import { api, RPC_METADATA, SUPPRESS_TRACING, type Context, type RpcMetadata, type Span, type Tracer } from './otel-api';
import { RouterWalks } from './router-walks';

/** What instrumentation-express's request and span name hooks receive. */
export interface RequestInfo {
  request: TracedRequest;
  layerType: string;
  route: string;
}

/** instrumentation-express's config, and `serverSpan` (default true: open the SERVER span where none is active). */
export interface ChannelConfig extends NamingConfig {
  enabled?: boolean;
  serverSpan?: boolean;
  spanNameHook?: (info: RequestInfo, defaultName: string) => string | undefined;
  requestHook?: (span: Span, info: RequestInfo) => void;
}

/** What the spans are made with: the instrumentation's current tracer and config. */
export interface SpanSource {
  readonly tracer: Tracer;
  getConfig(): ChannelConfig;
}

/** Runs `fn`; an exception in the tracing never reaches the app. */
export function safely(fn: () => void): void {
  try {
    fn();
  } catch (error) {
    api.diag.error('express channel instrumentation: failed', error);
  }
}

/** The frames and spans of the requests the channel reports, by the channel's events. */
export class RequestSpans {
  /** req -> the request's state (its open layers, mount paths, errors). */
  private readonly requests = new WeakMap<object, RequestState>();
  /** channel context -> its frame (one handler call; null: not traced). */
  private readonly frames = new WeakMap<object, Frame | null>();
  private readonly walks = new RouterWalks();

  /** `source`: the tracer and config; `onRequest`: called at each new traced request. */
  constructor(
    private readonly source: SpanSource,
    private readonly onRequest: () => void,
  ) {}

  /** The request's state, made at its first event (undefined: this request is not traced here). */
  private state(req: TracedRequest, res: TracedResponse | undefined): RequestState | undefined {
    let state = this.requests.get(req);
    if (state) return state.off ? undefined : state;
    const root = api.context.active();
    state = { off: false, root, rpc: undefined, store: [], open: [], errors: new Map(), serverSpan: undefined, last: undefined };
    this.requests.set(req, state);
    if (root.getValue(SUPPRESS_TRACING) === true) {
      state.off = true;
      return undefined;
    }
    if (!api.trace.getSpan(root)) {
      // no HTTP server span (no http instrumentation here): open it, or trace nothing, as instrumentation-express
      if (this.source.getConfig().serverSpan === false) {
        state.off = true;
        return undefined;
      }
      [state.serverSpan, state.root] = startServerSpan(this.source.tracer, req);
    }
    state.rpc = state.root.getValue(RPC_METADATA) as RpcMetadata | undefined;
    const traced = state;
    if (res && typeof res.once === 'function') res.once('close', () => safely(() => this.finish(req, res, traced)));
    this.onRequest();
    return state;
  }

  /** A handler call starts: its frame (and span), once per channel context. */
  begin(ctx: ChannelContext): Frame | null {
    const seen = this.frames.get(ctx);
    if (seen !== undefined) return seen;
    this.frames.set(ctx, null);
    const req = ctx.req;
    if (!req || typeof req !== 'object') return null;
    const state = this.state(req, ctx.res);
    if (!state) return null;
    const layer: Layer = ctx.layer || {};
    const rn = req.next;
    let frame: Frame;
    if (ctx.param !== undefined) {
      // a router.param callback: no span (instrumentation-express has none); an error it reports starts here
      const parent = this.walks.levelParent(state, req, rn, layer);
      frame = { kind: 'param', parent, span: undefined, closed: true, childCtx: parent ? parent.childCtx : state.root };
      this.frames.set(ctx, frame);
      state.last = frame;
      return frame;
    }
    const route = req.route;
    const inRoute = Boolean(route && Array.isArray(route.stack) && route.stack.includes(layer));
    if (inRoute) {
      let handler = this.walks.openRouteFrame(state, route, rn);
      if (handler) this.closeAfter(state, handler, ctx);
      else {
        const dispatch = this.walks.dispatchLayer(state, req, route!);
        if (dispatch && isWrapped(dispatch.handle)) return this.leave(state);
        const parent = this.siblingOrParent(state, rn, ctx, dispatch);
        handler = this.open(state, ctx, parent, rn, dispatch || { name: 'handle' }, layerPathOf(route!.path), route);
      }
      frame = { kind: 'callback', ctx, parent: handler, rn, span: undefined, childCtx: handler.childCtx, phase: 'running', closed: false };
      state.open.push(frame);
    } else if (isWrapped(layer.handle) || isWrapped(ctx.handler)) {
      return this.leave(state);
    } else if (ctx.errorHandler) {
      // error handlers are not wrapped by instrumentation-express (four parameters): no span
      const parent = this.siblingOrParent(state, rn, ctx, layer);
      frame = { kind: 'untraced', ctx, layer, parent, rn, span: undefined, phase: 'running', closed: false, childCtx: parent ? parent.childCtx : state.root };
      state.open.push(frame);
    } else {
      const parent = this.siblingOrParent(state, rn, ctx, layer);
      frame = this.open(state, ctx, parent, rn, layer, this.walks.layerPath(state, req, layer, ctx), undefined);
    }
    if (ctx.errorHandler) {
      // the error reached an error handler: whether it passes it on is not published (see forwarded)
      const entry = state.errors.get(ctx.incomingError);
      if (entry) {
        entry.caught = true;
        entry.catcher = frame;
      }
    }
    this.frames.set(ctx, frame);
    state.last = frame;
    return frame;
  }

  /** Patching traces this request (a wrapped layer): leave it to instrumentation-express from here on. */
  private leave(state: RequestState): null {
    for (const frame of state.open.splice(0).reverse()) {
      frame.closed = true;
      if (frame.span && !frame.ended) this.endSpan(frame);
    }
    state.off = true;
    state.left = true;
    return null;
  }

  /**
   * A layer of walk `rn` starts: its open sibling (and what runs inside it) has called `next`
   * and closes. Returns the new layer's parent frame.
   */
  private siblingOrParent(state: RequestState, rn: unknown, ctx: ChannelContext, layer: Layer | undefined): Frame | undefined {
    const i = this.walks.siblingIndex(state, ctx.req!, rn, layer);
    if (i < 0) return state.open[state.open.length - 1];
    const parent = state.open[i]!.parent;
    this.closeFrom(state, i, ctx);
    return parent;
  }

  /** Closes what runs inside `frame` (a route's earlier callbacks) as the next callback starts. */
  private closeAfter(state: RequestState, frame: Frame, ctx: ChannelContext): void {
    const i = state.open.indexOf(frame);
    if (i >= 0 && i + 1 < state.open.length) this.closeFrom(state, i + 1, ctx);
  }

  /** Opens the frame of a layer instrumentation-express would wrap (span, mount path, route on the server span). */
  private open(
    state: RequestState,
    ctx: ChannelContext,
    parent: Frame | undefined,
    rn: unknown,
    layer: Layer,
    layerPath: string | undefined,
    route: unknown,
  ): Frame {
    const req = ctx.req!;
    const parentCtx: Context = parent ? parent.childCtx : state.root;
    const frame: Frame = {
      kind: route ? 'route' : 'layer',
      ctx,
      route,
      layer,
      parent,
      rn,
      span: undefined,
      pushed: false,
      phase: 'running',
      closed: false,
      childCtx: parentCtx,
    };
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
    const config = this.source.getConfig();
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
    const info: RequestInfo = { request: req, layerType: metadata.type, route: built };
    let name = metadata.name;
    if (typeof config.spanNameHook === 'function') {
      try {
        name = config.spanNameHook(info, name) ?? name;
      } catch (error) {
        api.diag.error('express instrumentation: error calling span name rewrite hook', error);
      }
    }
    const span = this.source.tracer.startSpan(name, { attributes: Object.assign({ 'http.route': actual }, metadata.attributes) }, parentCtx);
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
  end(ctx: ChannelContext): void {
    const frame = this.frames.get(ctx);
    if (!frame || frame.kind === 'param') return;
    if ('result' in ctx) frame.phase = 'returned';
    else if ('error' in ctx) {
      frame.phase = 'returned';
      frame.threw = true;
    } else frame.phase = 'pending';
  }

  /** The handler's promise settled: an error reported while it was pending was `next(err)` if it resolved, its rejection if not. */
  asyncEnd(ctx: ChannelContext): void {
    const frame = this.frames.get(ctx);
    if (!frame || frame.kind === 'param') return;
    frame.phase = 'settled';
    if (!('result' in ctx) && 'error' in ctx) frame.threw = true;
    if (frame.pending !== undefined) {
      const error = frame.pending;
      frame.pending = undefined;
      // instrumentation-express sees `next(err)`, not a rejection (the router forwards that past its wrapper)
      if ('result' in ctx) this.record(frame, error);
    }
    if (frame.closed && frame.span && !frame.ended) this.endSpan(frame);
  }

  /** An error starts at this handler call (`next(err)`, a throw or a rejection). */
  error(ctx: ChannelContext): void {
    const req = ctx.req;
    const state = req && this.requests.get(req);
    if (!state || state.off) return;
    const frame = this.frames.get(ctx);
    if (!frame) return;
    const error = ctx.error;
    state.errors.set(error, { origin: frame, caught: false });
    frame.error = error;
    if (frame.kind !== 'layer' || !frame.span || frame.ended) return;
    // while a returned promise is pending, a rejection and `next(err)` look alike: decide when it settles
    if (frame.phase === 'pending') frame.pending = error;
    else this.record(frame, error);
  }

  /** Records `error` on the frame's span, once, as instrumentation-express does. */
  private record(frame: Frame, error: unknown): void {
    if (!frame.span || frame.ended || frame.type === ROUTER || frame.recorded!.has(error)) return;
    frame.recorded!.add(error);
    const [exception, message] = errorAndMessage(error);
    frame.span.recordException(exception);
    frame.span.setStatus({ code: api.SpanStatusCode.ERROR, message });
  }

  private endSpan(frame: Frame): void {
    frame.ended = true;
    frame.span!.end();
  }

  /**
   * Closes the open frames from index `i` (a finished sibling and everything inside it), the
   * innermost first, as their `next` calls ran. `ctx`: the call that starts now; when it is an
   * error handler, its error left every frame between where it started and here.
   */
  private closeFrom(state: RequestState, i: number, ctx: ChannelContext): void {
    const closing = state.open.splice(i);
    const incoming = ctx && ctx.errorHandler ? ctx.incomingError : undefined;
    const entry = incoming !== undefined ? state.errors.get(incoming) : undefined;
    const path = entry ? errorPath(entry.origin) : undefined;
    for (let k = closing.length - 1; k >= 0; k--) {
      const f = closing[k]!;
      let exit: Exit = 'next';
      if (path && path.has(f)) exit = f === entry!.origin ? 'origin' : 'error';
      this.close(state, ctx.req!, f, exit, incoming);
    }
  }

  /**
   * Closes one frame. `exit`: 'next' (called next()), 'error' (the error passed through its
   * next), 'origin' (the error started here). The mount path leaves as instrumentation-express's
   * wrapped next pops it: not after a throw or a rejection (the wrapper's next is not called),
   * nor when an error leaves once a route was matched.
   */
  private close(state: RequestState, req: TracedRequest, frame: Frame, exit: Exit, error: unknown): void {
    if (frame.closed) return;
    frame.closed = true;
    if (frame.pushed) {
      const threw = frame.threw || (exit === 'origin' && frame.phase === 'pending');
      const isError = exit !== 'next';
      if (!threw && !(req.route && isError)) state.store.pop();
      frame.pushed = false;
    }
    if (!frame.span || frame.ended) return;
    if (exit === 'error') this.record(frame, error);
    if (frame.pending === undefined) this.endSpan(frame);
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
  private forwarded(state: RequestState, req: TracedRequest, res: TracedResponse, error: unknown, entry: ErrorEntry): boolean {
    const handler = entry.catcher;
    if (!handler || handler !== state.last || handler.error !== undefined || req.next === handler.rn) return false;
    const status = res.statusCode;
    if (!(status >= 400 && status < 600)) return false;
    if (status !== 404) return true;
    const own = error && typeof error === 'object' ? ((error as { status?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode) : undefined;
    return own === 404;
  }

  /**
   * The response closed: errors no error handler received, or the last one passed on to the
   * final handler, left every frame around them; every span ends.
   */
  private finish(req: TracedRequest, res: TracedResponse, state: RequestState): void {
    if (state.left && state.serverSpan) endServerSpan(state.serverSpan, state.rpc, req, res);
    if (state.off) return;
    for (const [error, entry] of state.errors) {
      let from = entry.origin;
      if (entry.caught) {
        if (!this.forwarded(state, req, res, error, entry)) continue;
        from = entry.catcher!;
      }
      for (let f = from.parent; f; f = f.parent) if (!f.closed) this.close(state, req, f, 'error', error);
    }
    for (const frame of state.open.splice(0).reverse()) {
      this.close(state, req, frame, 'next', undefined);
      if (frame.span && !frame.ended) this.endSpan(frame);
    }
    if (state.serverSpan) endServerSpan(state.serverSpan, state.rpc, req, res);
    state.off = true;
  }
}

/** How a frame closes: it called `next()`, its `next` got the error, or the error started there. */
type Exit = 'next' | 'error' | 'origin';

/** The frames an error passes on its way out: where it started and each frame around that. */
function errorPath(origin: Frame): Set<Frame> {
  const path = new Set<Frame>();
  for (let f: Frame | undefined = origin; f; f = f.parent) path.add(f);
  return path;
}
