import { LayerIndex } from './layer-index';
import { NullObject } from './null-object';
import type { Layer } from './layer';
import { mergeParams } from './merge-params';
import { sendOptionsResponse } from './options-response';
import type { AnyHandler, NextFunction, RouterRequest, RouterResponse } from './types';
import { methodId, methods } from './methods';
import { getProtohost, NON_ASCII, PERCENT, scanned, scanPathname, UPPER } from './url';

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
  readonly stack: Layer[];
  readonly methods: Record<string, boolean | undefined>;
  _answers(id: number): boolean;
  _methods(): string[];
}

/** What a `router.param` callback left for one parameter during one request. */
interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

type ParamCallback = (req: unknown, res: unknown, next: NextFunction, value: unknown, name: string) => unknown;

const EMPTY: readonly number[] = [];
/** Past any stack position (a small integer, so V8 keeps the comparisons on integers). */
const END = 0x3fffffff;
const NO_LAYERS: readonly Layer[] = [];

function isPromise(value: unknown): value is { then(a: null, b: (reason: unknown) => void): unknown } {
  return (
    value !== null &&
    (typeof value === 'object' || typeof value === 'function') &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

/** The state of running `router.param` callbacks for one matched layer (made only when there are some). */
class ParamRun {
  names: readonly string[] = EMPTY as unknown as string[];
  idx = 0;
  key = '';
  value: unknown = undefined;
  callbacks: AnyHandler[] = [];
  cbIdx = 0;
  called: ParamCalled | undefined = undefined;
  /** Outcomes by parameter name, for this request. */
  readonly seen = new NullObject<ParamCalled>();
}

/**
 * One request's walk through one router's stack: what router 2.x keeps in the closures of
 * `handle`, kept in one object. The walk visits only the layers the stack's `LayerIndex`
 * lists for the request's leading path segments plus the wild ones, in stack order; each
 * visited layer is matched as router 2.x matches it.
 *
 * The `next` a handler (or a param callback) receives is good for one call: once called,
 * later calls of that same function are ignored, so a handler that calls `next` twice cannot
 * run the rest of the stack twice. `req.next` is the router's own `next`, as in router 2.x.
 */
export class RouterRun {
  private readonly router: RouterState;
  private readonly req: RouterRequest;
  private readonly res: unknown;
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
  private gen = 0;
  private finished = false;

  // The pathname of `req.url` as last computed, and what is derived from it.
  private url: string | undefined = undefined;
  private path: string | undefined = undefined;
  private folded: string | null = null;
  private percent = false;

  // Candidates: the index's list for `listPath` and its wild list, with a cursor in each.
  private index: LayerIndex | undefined = undefined;
  private listPath: string | undefined = undefined;
  private list: readonly number[] = EMPTY;
  private wild: readonly number[] = EMPTY;
  private li = 0;
  private wi = 0;

  // The route whose callbacks run (when the router runs them itself, see `runRoute`).
  private routeStack: readonly Layer[] = NO_LAYERS;
  private routeIdx = 0;
  private routeSync = 0;
  private routeMethod: string | undefined = undefined;

  // The matched layer, while its param callbacks run.
  private layer: Layer | undefined = undefined;
  private layerError: unknown = undefined;
  private layerPath = '';
  private paramRun: ParamRun | undefined = undefined;

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

  /** A one-shot `next` for the callback about to run. */
  private nextFor(): NextFunction {
    const gen = ++this.gen;
    return (err?: unknown): void => {
      if (gen !== this.gen) return;
      this.gen++;
      this.step(err);
    };
  }

  /** Ends the walk: restores `req.baseUrl`, `req.next`, `req.params` and calls the callback. */
  finish(err: unknown): void {
    if (this.finished) return;
    this.finished = true;
    const options = this.options;
    if (options !== undefined && !err && options.length !== 0) {
      try {
        sendOptionsResponse(this.res as RouterResponse, options);
      } catch (e) {
        this.restoreAndCall(e);
      }
      return;
    }
    this.restoreAndCall(err);
  }

  private restoreAndCall(err: unknown): void {
    const req = this.req;
    req.baseUrl = this.savedBaseUrl;
    req.next = this.savedNext;
    req.params = this.parentParams;
    this.callback(err);
  }

  /** Re-reads `req.method` when a middleware changed it (method override). */
  private readMethod(): void {
    const method = this.req.method;
    if (method === this.rawMethod && this.method !== undefined) return;
    this.rawMethod = method;
    const id = methodId(method);
    this.methodId = id;
    this.method = id >= 0 ? methods[id] : typeof method === 'string' ? method.toLowerCase() : undefined;
    this.head = method === 'HEAD';
    this.isOptions = method === 'OPTIONS';
  }

  /** The pathname of `req.url`, recomputed (with its case-folded form) when the URL changed. */
  private pathname(): string | undefined {
    const url = this.req.url;
    if (url === this.url && this.path !== undefined) return this.path;
    this.url = url;
    const path = scanPathname(url);
    this.path = path;
    if (path !== undefined) {
      const flags = scanned.flags;
      this.folded = flags & NON_ASCII ? null : flags & UPPER ? path.toLowerCase() : path;
      this.percent = (flags & PERCENT) !== 0;
    }
    return path;
  }

  /** Brings the index of the stack and the candidate lists for `path` up to date. */
  private candidates(path: string): LayerIndex {
    let index = this.router._index;
    const stack = this.stack;
    if (index === undefined || index.layers.length !== stack.length || index.source !== stack) {
      index = this.router._index = new LayerIndex(stack);
    }
    if (index !== this.index || path !== this.listPath) {
      const list = index.lookup(path, this.folded);
      this.listPath = path;
      if (index !== this.index || list !== this.list) {
        this.index = index;
        this.list = list;
        this.wild = index.wild;
        this.li = lowerBound(list, this.idx);
        this.wi = lowerBound(index.wild, this.idx);
      }
    }
    return index;
  }

  /** `next(err)`: restores the URL after a mounted middleware and runs the next matching layer. */
  step(err?: unknown): void {
    let layerError = err === 'route' ? undefined : err;
    const req = this.req;

    if (this.slashAdded) {
      req.url = req.url!.slice(1);
      this.slashAdded = false;
    }
    if (this.removed.length !== 0) {
      const protohost = this.protohost;
      req.baseUrl = this.parentUrl;
      req.url = protohost + this.removed + req.url!.slice(protohost.length);
      this.removed = '';
    }
    if (layerError === 'router') {
      setImmediate(finishRun, this, undefined);
      return;
    }
    const stack = this.stack;
    if (this.idx >= stack.length) {
      setImmediate(finishRun, this, layerError);
      return;
    }
    if (++this.sync > 100) {
      setImmediate(stepRun, this, err);
      return;
    }
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
    let found = false;
    for (;;) {
      // Next candidate in stack order: the smaller head of the path's list and the wild list.
      const list = this.list;
      const wild = this.wild;
      const b = this.li < list.length ? list[this.li]! : END;
      const w = this.wi < wild.length ? wild[this.wi]! : END;
      let i: number;
      if (b < w) {
        i = b;
        this.li++;
      } else if (w !== END) {
        i = w;
        this.wi++;
      } else {
        this.idx = stack.length;
        break;
      }
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

      if (route !== undefined) {
        // Routes do not match while an error is pending.
        if (layerError) continue;
        // A route that does not answer the method is skipped without matching, unless the
        // match could fail on a malformed escape (an error router 2.x reports), or the method
        // is HEAD or OPTIONS (which look at routes of other methods).
        if (!this.percent && !this.head && !this.isOptions && !route._answers(this.methodId)) continue;
      }

      let matched: boolean;
      try {
        matched = matchLayer(layer!, path, folded);
      } catch (e) {
        if (!layerError) layerError = e;
        continue;
      }
      if (!matched) continue;
      if (route === undefined) {
        found = true;
        break;
      }
      if (!route._answers(this.methodId)) {
        if (options !== undefined) options.push(...route._methods());
        if (!this.head) continue;
      }
      found = true;
      break;
    }

    if (!found) {
      this.finish(layerError);
      return;
    }

    const l = layer!;
    if (route !== undefined) req.route = route;
    const params = l.params!;
    req.params = this.router.mergeParams ? mergeParams(params, this.parentParams) : params;
    this.layer = l;
    this.layerError = layerError;
    this.layerPath = l.path!;
    const names = l.keys;
    if (names.length !== 0 && this.hasParamCallbacks(names)) {
      const run = (this.paramRun ??= new ParamRun());
      run.names = names;
      run.idx = 0;
      this.paramStep(undefined);
      return;
    }
    this.afterParams(undefined);
  }

  private hasParamCallbacks(names: readonly string[]): boolean {
    const table = this.router.params;
    for (let i = 0; i < names.length; i++) if (table[names[i]!] !== undefined) return true;
    return false;
  }

  /** After the param callbacks: on to the layer, or on with the error. */
  private afterParams(err: unknown): void {
    const layer = this.layer!;
    if (err) {
      this.step(this.layerError || err);
    } else if (layer.route !== undefined) {
      if (layer.handle === layer.routeHandle) this.runRoute(layer.route as RouteLike);
      else layer.handleRequest(this.req, this.res, this.nextFor());
    } else {
      this.trimPrefix(layer);
    }
    this.sync = 0;
  }

  /**
   * What `route.dispatch(req, res, next)` does, done in this object: the route's callbacks for
   * the method in order (HEAD runs GET's when the route has no HEAD callbacks), then on with
   * the router (`next('route')` leaves the route, `next('router')` the router).
   */
  private runRoute(route: RouteLike): void {
    const stack = route.stack;
    if (stack.length === 0) {
      this.step(undefined);
      return;
    }
    this.readMethod();
    let method = this.method;
    if (method === 'head' && !route.methods.head) method = 'get';
    this.req.route = route;
    this.routeStack = stack;
    this.routeIdx = 0;
    this.routeSync = 0;
    this.routeMethod = method;
    this.routeStep(undefined);
  }

  /** A one-shot `next` for the route callback about to run. */
  private routeNextFor(): NextFunction {
    const gen = ++this.gen;
    return (err?: unknown): void => {
      if (gen !== this.gen) return;
      this.gen++;
      this.routeStep(err);
    };
  }

  /** The `next` of a route callback: the route's next callback, or on with the router. */
  routeStep(err: unknown): void {
    if (err === 'route') {
      this.step(undefined);
      return;
    }
    if (err === 'router') {
      this.step(err);
      return;
    }
    const stack = this.routeStack;
    if (this.routeIdx >= stack.length) {
      this.step(err);
      return;
    }
    if (++this.routeSync > 100) {
      setImmediate(routeStepRun, this, err);
      return;
    }
    const method = this.routeMethod;
    let layer: Layer | undefined;
    while (this.routeIdx < stack.length) {
      const candidate = stack[this.routeIdx++]!;
      if (candidate.method === undefined || candidate.method === method) {
        layer = candidate;
        break;
      }
    }
    if (layer === undefined) {
      this.step(err);
      return;
    }
    if (err) layer.handleError(err, this.req, this.res, this.routeNextFor());
    else layer.handleRequest(this.req, this.res, this.routeNextFor());
    this.routeSync = 0;
  }

  /** Strips the matched mount path from `req.url` and runs the middleware. */
  private trimPrefix(layer: Layer): void {
    const layerPath = this.layerPath;
    const layerError = this.layerError;
    const req = this.req;
    if (layerPath.length !== 0) {
      const path = this.path!;
      if (layerPath !== path.substring(0, layerPath.length)) {
        this.step(layerError);
        return;
      }
      if (path.length > layerPath.length && path.charCodeAt(layerPath.length) !== 0x2f) {
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
      req.baseUrl =
        this.parentUrl + (layerPath.charCodeAt(layerPath.length - 1) === 0x2f ? layerPath.slice(0, -1) : layerPath);
    }
    if (layerError) layer.handleError(layerError, req, this.res, this.nextFor());
    else layer.handleRequest(req, this.res, this.nextFor());
  }

  /** Moves to the next parameter of the matched layer that has callbacks. */
  private paramStep(err: unknown): void {
    if (err) {
      this.afterParams(err);
      return;
    }
    const run = this.paramRun!;
    const names = run.names;
    const params = this.req.params as Record<string, unknown>;
    for (;;) {
      if (run.idx >= names.length) {
        this.afterParams(undefined);
        return;
      }
      const key = names[run.idx++]!;
      const value = params[key];
      const callbacks = this.router.params[key];
      if (value === undefined || callbacks === undefined) continue;
      const called = run.seen[key];
      if (called !== undefined && (called.match === value || (called.error && called.error !== 'route'))) {
        // Already run for this value in this request (or failed): reuse the outcome.
        params[key] = called.value;
        if (called.error) {
          this.afterParams(called.error);
          return;
        }
        continue;
      }
      const record: ParamCalled = { error: null, match: value, value };
      run.seen[key] = record;
      run.key = key;
      run.value = value;
      run.callbacks = callbacks;
      run.cbIdx = 0;
      run.called = record;
      this.paramCallback(undefined);
      return;
    }
  }

  /** Runs the next callback for the current parameter (the `next` of the previous one). */
  private paramCallback(err: unknown): void {
    const run = this.paramRun!;
    const fn = run.callbacks[run.cbIdx++] as ParamCallback | undefined;
    const record = run.called!;
    record.value = (this.req.params as Record<string, unknown>)[run.key];
    if (err) {
      record.error = err;
      this.paramStep(err);
      return;
    }
    if (fn === undefined) {
      this.paramStep(undefined);
      return;
    }
    const gen = ++this.gen;
    const next = (e?: unknown): void => {
      if (gen !== this.gen) return;
      this.gen++;
      this.paramCallback(e);
    };
    try {
      const ret = fn(this.req, this.res, next, run.value, run.key);
      if (isPromise(ret)) ret.then(null, (reason) => next(reason || new Error('Rejected promise')));
    } catch (e) {
      next(e);
    }
  }
}

function finishRun(run: RouterRun, err: unknown): void {
  run.finish(err);
}

function stepRun(run: RouterRun, err: unknown): void {
  run.step(err);
}

function routeStepRun(run: RouterRun, err: unknown): void {
  run.routeStep(err);
}

/** Matches a layer against the request path (all its paths, in order). */
function matchLayer(layer: Layer, path: string, folded: string | null): boolean {
  const matchers = layer.matchers;
  for (let i = 0; i < matchers.length; i++) {
    const m = matchers[i]!;
    if (m.match(path, folded)) {
      layer.params = m.params;
      layer.path = m.matched;
      layer.keys = m.names;
      return true;
    }
  }
  layer.params = undefined;
  layer.path = undefined;
  return false;
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
