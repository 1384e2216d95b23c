import { ANY_METHOD, LayerIndex, pathShape } from './layer-index';
import { routeChanges } from '../route';
import { NullObject } from '../utils/null-object';
import { Layer } from '../layer';
import type { LayerMatcher } from '../path/matcher';
import { mergeParams } from './merge-params';
import { hasParamCallbacks, ParamRun, type ParamCalled } from './param-run';
import { sendOptionsResponse } from './options-response';
import type { AnyHandler, NextFunction, RouterRequest, RouterResponse } from '../types';
import { methodId, methodName } from '../utils/methods';
import { isTracing, matchedRoute, recordError } from '../tracing';
import { getProtohost, NON_ASCII, PERCENT, scanPathname, SLASH_SHIFT, UPPER } from '../path/url';

/** The layer's own `handleRequest`: while it is in place, a route's layer may be skipped. */
const OWN_HANDLE_REQUEST = Layer.prototype.handleRequest;

/** The router fields a run reads (the router function object). */
export interface RouterState {
  stack: Layer[];
  params: Record<string, AnyHandler[] | undefined>;
  mergeParams?: boolean;
  /** The lookup table of `stack`, rebuilt when the stack changes. */
  _index?: LayerIndex;
}

/** What the walk needs of a route (see `Route`). */
interface RouteLike {
  _answers(id: number): boolean;
  _methods(): string[];
}

/** A route as the walk runs it: `route.dispatch(req, res, next)`. */
interface Dispatcher {
  dispatch(req: unknown, res: unknown, done: NextFunction): void;
}

const EMPTY: readonly number[] = [];

/**
 * One request's walk through one router's stack: what router 2.x keeps in the closures of
 * `handle`, kept in one object. The walk visits only the layers the stack's `LayerIndex`
 * lists for the request path (its leading segments, its number of `/`), in stack order; each
 * visited layer is matched as router 2.x matches it (`layer.matcherFor`); a match's
 * `router.param` callbacks run in a `ParamRun` (./param-run.ts), a route's callbacks in its
 * `Route.dispatch` (../route.ts).
 *
 * Every handler of the walk receives the same `next` (also `req.next`), as in router 2.x: each
 * call continues the walk from where it is now, so a `next()` followed later by `next(err)`
 * (connect-timeout, an async handler that calls `next()` and then rejects) runs the error
 * handlers after the current position, and every call that reaches the end calls the
 * router's callback.
 */
export class RouterRun {
  readonly router: RouterState;
  readonly req: RouterRequest;
  readonly res: unknown;
  private readonly callback: NextFunction;
  private readonly stack: Layer[];
  private readonly protohost: string;
  private readonly parentParams: unknown;
  private readonly parentUrl: string;
  private readonly savedBaseUrl: string | undefined;
  private readonly savedNext: NextFunction | undefined;
  /** Methods of the routes matching an OPTIONS request, for the automatic answer. */
  private readonly options: string[] | undefined;

  // `req.method` as last seen (a middleware may change it), and what is derived from it.
  private rawMethod: unknown = undefined;
  private method: string | undefined = undefined;
  /** Position of the method in `methods` (-1 when unknown). */
  private methodId = -1;
  private head = false;
  private isOptions = false;
  /** The router's own `next` (also `req.next`). */
  readonly next: NextFunction;

  private idx = 0;
  private removed = '';
  private slashAdded = false;
  private sync = 0;
  /** Whether this walk set the request's `matchedRoute` (for tracing), and what it held before. */
  private routeSet = false;
  private savedRoute: unknown = undefined;
  /** What `router.param` callbacks left, by parameter name, for this request (made when needed). */
  private called: Record<string, ParamCalled> | undefined = undefined;

  // The pathname of `req.url` as last computed, and what is derived from it.
  private url: string | undefined = undefined;
  private path: string | undefined = undefined;
  private folded: string | null = null;
  /** The pathname's `pathFlags` and `pathShape`. */
  private flags = 0;
  private shape = -1;

  // Candidates: the index's list for `listPath` and `listMethod`, and the position of the next one in it.
  private index: LayerIndex | undefined = undefined;
  private listPath: string | undefined = undefined;
  private listMethod = ANY_METHOD;
  private list: readonly number[] = EMPTY;
  private li = 0;

  constructor(router: RouterState, req: RouterRequest, res: unknown, callback: NextFunction) {
    this.router = router;
    this.req = req;
    this.res = res;
    this.callback = callback;
    this.stack = router.stack;
    const url = req.url;
    this.protohost = getProtohost(url);
    const params = req.params;
    this.parentParams = params;
    const baseUrl = req.baseUrl;
    this.parentUrl = baseUrl || '';
    this.savedBaseUrl = baseUrl;
    this.savedNext = req.next;
    this.options = req.method === 'OPTIONS' ? [] : undefined;
    this.next = (err?: unknown): void => this.step(err);
    req.next = this.next;
    req.baseUrl = this.parentUrl;
    req.originalUrl = req.originalUrl || url;
  }

  /**
   * Ends the walk (each time the walk reaches its end): restores `req.baseUrl`, `req.next`,
   * `req.params` and calls the callback, after the automatic OPTIONS answer when it applies.
   */
  finish(err: unknown): void {
    const options = this.options;
    if (options !== undefined && !err && options.length !== 0) {
      try {
        this.sendOptions(this.res as RouterResponse, options);
      } catch (e) {
        this.restoreAndCall(e);
      }
      return;
    }
    this.restoreAndCall(err);
  }

  /**
   * The automatic answer to an OPTIONS request no route answered, `methods` the methods of the
   * routes that matched its path (router 2.x's answer; a version layer may answer otherwise).
   * Called for OPTIONS requests only; a throw goes to the router's callback.
   */
  protected sendOptions(res: RouterResponse, methods: readonly string[]): void {
    sendOptionsResponse(res, methods);
  }

  /**
   * Whether a mount path also ends before the character `code` (not a `/`, which always ends
   * it): never here. Asked only when a middleware's matched path is followed by another
   * character than `/` (a regular expression matching part of a segment), just before that
   * middleware is skipped.
   */
  protected endsMountBefore(code: number): boolean {
    void code;
    return false;
  }

  private restoreAndCall(err: unknown): void {
    const req = this.req;
    req.baseUrl = this.savedBaseUrl;
    req.next = this.savedNext;
    req.params = this.parentParams;
    if (this.routeSet) (req as { [matchedRoute]?: unknown })[matchedRoute] = this.savedRoute;
    this.callback(err);
  }

  /** Records the matched `pattern` on the request for the tracing context's `route` (while something subscribes). */
  private setMatchedRoute(pattern: unknown): void {
    const req = this.req as { [matchedRoute]?: unknown };
    if (!this.routeSet) {
      this.savedRoute = req[matchedRoute];
      this.routeSet = true;
    }
    req[matchedRoute] = pattern;
  }

  /** Re-reads `req.method` when a middleware changed it (method override). */
  private readMethod(): void {
    const method = this.req.method;
    if (this.method !== undefined && method === this.rawMethod) return;
    this.rawMethod = method;
    const id = methodId(method);
    this.methodId = id;
    this.method = id >= 0 ? methodName(id) : typeof method === 'string' ? method.toLowerCase() : undefined;
    this.head = method === 'HEAD';
    this.isOptions = method === 'OPTIONS';
  }

  /** The pathname of `req.url`, recomputed (with its case-folded form) when the URL changed. */
  private pathname(): string | undefined {
    const url = this.req.url;
    if (this.path !== undefined && url === this.url) return this.path;
    this.url = url;
    const scan = scanPathname(url);
    if (scan === undefined) {
      this.path = undefined;
      return undefined;
    }
    const path = scan.path;
    const flags = scan.flags;
    this.path = path;
    this.folded = flags & NON_ASCII ? null : flags & UPPER ? path.toLowerCase() : path;
    this.flags = flags;
    this.shape = pathShape(path, flags >>> SLASH_SHIFT);
    return path;
  }

  /**
   * `url` (the URL a mounted middleware passed on) without the slash the mount added in front
   * of it, unless that middleware rewrote the URL under a mount path (`removed`) that has no
   * trailing slash (then the URL is kept as is), as router 2.x does.
   */
  protected removeAddedSlash(url: string, removed: string): string {
    const root = url === '/' || url.startsWith('/?');
    return root || (removed.endsWith('/') && url.charCodeAt(0) === 0x2f) ? url.slice(1) : url;
  }

  /**
   * Brings the index of the stack and the candidate list for `path` up to date. Routes that do
   * not answer the method are left out, unless the match could fail on a malformed escape (an
   * error router 2.x reports), or the method is HEAD or OPTIONS (which look at routes of other
   * methods).
   */
  private candidates(path: string): LayerIndex {
    let index = this.router._index;
    const stack = this.stack;
    if (index === undefined || index.layers.length !== stack.length || index.source !== stack || index.routeChanges !== routeChanges()) {
      index = this.router._index = new LayerIndex(stack);
    }
    const method = (this.flags & PERCENT) === 0 && !this.head && !this.isOptions ? this.methodId : ANY_METHOD;
    if (index !== this.index || path !== this.listPath || method !== this.listMethod) {
      const list = index.lookup(path, this.shape, method);
      this.listPath = path;
      this.listMethod = method;
      if (index !== this.index || list !== this.list) {
        this.index = index;
        this.list = list;
        this.li = this.idx === 0 ? 0 : lowerBound(list, this.idx);
      }
    }
    return index;
  }

  /**
   * `finish(err)` on a later turn. (The closures for a later turn are made in these two methods:
   * a closure made in `step` would make every call of `step` allocate its variables.)
   */
  private finishLater(err: unknown): void {
    setImmediate(() => this.finish(err));
  }

  /** `step(err)` on a later turn (see `finishLater`). */
  private stepLater(err: unknown): void {
    setImmediate(() => this.step(err));
  }

  /** `next(err)`: restores the URL after a mounted middleware and runs the next matching layer. */
  step(err?: unknown): void {
    // `next('route')` out of a middleware is a plain `next()`. (A truthy test first: comparing
    // undefined with a string is a call to a generic comparison in optimized code.)
    let layerError = err && err === 'route' ? undefined : err;
    const req = this.req;
    // An error that has left its callback is noted, traced or not, so no later layer claims it.
    if (err) recordError(req, err);

    // Undo what the last mounted middleware's match did to `req.url` and `req.baseUrl`.
    if (this.slashAdded) {
      const url = req.url!;
      const unslashed = this.removeAddedSlash(url, this.removed);
      if (unslashed !== url) req.url = unslashed;
      this.slashAdded = false;
    }
    if (this.removed.length !== 0) {
      const protohost = this.protohost;
      req.baseUrl = this.parentUrl;
      req.url = protohost + this.removed + req.url!.slice(protohost.length);
      this.removed = '';
    }
    // `next('router')` leaves this router; so does the end of the stack (both on a later turn).
    if (layerError && layerError === 'router') {
      this.finishLater(undefined);
      return;
    }
    const stack = this.stack;
    if (this.idx >= stack.length) {
      this.finishLater(layerError);
      return;
    }
    // Max sync stack: after 100 synchronous steps, continue on a later turn.
    if (++this.sync > 100) {
      this.stepLater(err);
      return;
    }
    // The pathname to match (an unparsable URL ends the walk), the method, the candidates.
    const path = this.pathname();
    if (path === undefined) {
      this.finish(layerError);
      return;
    }

    this.readMethod();
    let index = this.candidates(path);
    const folded = this.folded;
    const options = this.isOptions ? this.options : undefined;
    let layer: Layer | undefined;
    let route: RouteLike | undefined;
    let matcher: LayerMatcher | undefined;
    // Find the next matching layer.
    for (;;) {
      // Next candidate in stack order.
      const list = this.list;
      if (this.li >= list.length) {
        this.idx = stack.length;
        break;
      }
      const i = list[this.li++]!;
      layer = stack[i];
      if (layer !== index.layers[i]) {
        // The stack was edited in place: rebuild the index and resume at the same position.
        this.idx = i;
        this.router._index = undefined;
        index = this.candidates(path);
        continue;
      }
      this.idx = i + 1;
      route = layer!.route as RouteLike | undefined;

      // Routes do not match while an error is pending.
      if (route !== undefined && layerError) continue;

      // Match the path; a malformed escape in a parameter becomes the pending error.
      try {
        matcher = layer!.matcherFor(path, folded, this.flags);
      } catch (e) {
        // Failed before any handler ran: no handler the error reaches is its origin.
        recordError(req, e);
        if (!layerError) layerError = e;
        continue;
      }
      if (matcher === undefined) continue;
      // A middleware runs; a route runs for its methods (HEAD also for GET's), while an
      // OPTIONS request collects the methods of the routes it passes for the automatic answer.
      if (route === undefined) break;
      if (!route._answers(this.methodId)) {
        if (options !== undefined) options.push(...route._methods());
        if (!this.head) {
          matcher = undefined;
          continue;
        }
      }
      break;
    }

    // No match: the walk ends.
    if (matcher === undefined) {
      this.finish(layerError);
      return;
    }

    const l = layer!;
    if (route !== undefined) req.route = route;
    // The match is this request's from here on: read it off the (shared) matcher now.
    const params = matcher.params!;
    const layerPath = matcher.matched;
    const names = matcher.names;
    req.params = this.router.mergeParams ? mergeParams(params, this.parentParams) : params;
    if (isTracing()) this.setMatchedRoute(l.patternOf(matcher));
    // The layer's `router.param` callbacks first (if any), then the layer (`afterParams`).
    if (names.length !== 0 && hasParamCallbacks(this.router.params, names)) {
      new ParamRun(this, l, layerError, names, layerPath, path, req.params as Record<string, unknown>).param(undefined);
      return;
    }
    this.afterParams(l, layerError, layerPath, path, undefined);
  }

  /** What `router.param` callbacks left in this request, by parameter name. */
  paramsCalled(): Record<string, ParamCalled> {
    return (this.called ??= new NullObject<ParamCalled>());
  }

  /**
   * After the param callbacks of a matched layer: on to the layer, or on with the error.
   * `layerError` is the error pending when the layer matched, `layerPath` the part of `path`
   * (the request pathname then) that it matched.
   */
  afterParams(layer: Layer, layerError: unknown, layerPath: string, path: string, err: unknown): void {
    if (err) {
      this.step(layerError || err);
    } else if (layer.route !== undefined) {
      // A route's own layer: run its callbacks without the call through the layer's handler
      // (one call less on every routed request), unless a tracing agent wrapped the handler
      // (OpenTelemetry) or `Layer.prototype.handleRequest` (dd-trace, as on router 2): then
      // through the layer, as router 2 does.
      if (layer.handle === layer.routeHandle && layer.handleRequest === OWN_HANDLE_REQUEST) (layer.route as Dispatcher).dispatch(this.req, this.res, this.next);
      else layer.handleRequest(this.req, this.res, this.next);
    } else {
      this.trimPrefix(layer, layerError, layerPath, path);
    }
    this.sync = 0;
  }

  /** Strips the matched mount path from `req.url` and runs the middleware. */
  private trimPrefix(layer: Layer, layerError: unknown, layerPath: string, path: string): void {
    const req = this.req;
    if (layerPath.length !== 0) {
      if (layerPath !== path.substring(0, layerPath.length)) {
        this.step(layerError);
        return;
      }
      if (path.length > layerPath.length && path.charCodeAt(layerPath.length) !== 0x2f && !this.endsMountBefore(path.charCodeAt(layerPath.length))) {
        this.step(layerError);
        return;
      }
      const protohost = this.protohost;
      this.removed = layerPath;
      let url = protohost + req.url!.slice(protohost.length + layerPath.length);
      if (protohost.length === 0 && url.charCodeAt(0) !== 0x2f) {
        url = '/' + url;
        this.slashAdded = true;
      }
      req.url = url;
      req.baseUrl = this.parentUrl + (layerPath.charCodeAt(layerPath.length - 1) === 0x2f ? layerPath.slice(0, -1) : layerPath);
    }
    if (layerError) layer.handleError(layerError, req, this.res, this.next);
    else layer.handleRequest(req, this.res, this.next);
  }
}

/** Position of the first entry >= `value` in an ascending list. */
function lowerBound(list: readonly number[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
