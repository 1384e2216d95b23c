import type { IncomingMessage, ServerResponse } from 'node:http';
import { flattenHandlers } from './utils/handlers';
import { Layer } from './layer';
import { NullObject } from './utils/null-object';
import { GET_ID, HEAD_ID, methodId, methodName, methods, type HttpMethod } from './utils/methods';
import type { ParamsDictionary } from './path/route-parameters';
import type { AnyHandler, ErrorRequestHandler, HandlerArgument, NextFunction, RequestHandlerArgument, RouterRequest } from './types';

/** The chainable method functions of a route: `route.get(...handlers)` and so on. */
export type RouteMethods<This, Req, Res, P> = {
  [M in HttpMethod]: RouteMatcher<This, Req, Res, P>;
};

/**
 * Adds callbacks to a route for one method (or all). The first signature gives plain
 * `(req, res, next)` lambdas their parameter types; the second takes error handlers too.
 */
export interface RouteMatcher<This, Req, Res, P> {
  (...handlers: Array<RequestHandlerArgument<Req, Res, P>>): This;
  (...handlers: [...Array<RequestHandlerArgument<Req, Res, P>>, ErrorRequestHandler<Req, Res, P>]): This;
  (...handlers: Array<HandlerArgument<Req, Res, P>>): This;
}

/**
 * A route's walk through its callbacks for one request. Every callback receives the same
 * `next`, as in router 2.x: each call continues from where this walk is now (after the last
 * callback, on to the router's `done`).
 */
class RouteRun {
  private idx = 0;
  private sync = 0;
  /** The `next` every callback of this walk receives. */
  readonly next: NextFunction = (err?: unknown): void => this.advance(err);

  constructor(
    private readonly stack: Layer[],
    private readonly req: RouterRequest,
    private readonly res: unknown,
    private readonly done: NextFunction,
    private readonly method: string | undefined,
  ) {}

  /** Runs the next callback for the method, or leaves the route. */
  advance(err?: unknown): void {
    // (a truthy test first: comparing undefined with a string is a generic call in optimized code)
    if (err && err === 'route') {
      this.done();
      return;
    }
    if (err && err === 'router') {
      this.done(err);
      return;
    }
    const stack = this.stack;
    if (this.idx >= stack.length) {
      this.done(err);
      return;
    }
    if (++this.sync > 100) {
      setImmediate(this.next, err);
      return;
    }
    let layer: Layer | undefined;
    while (this.idx < stack.length) {
      const candidate = stack[this.idx++]!;
      if (candidate.method === undefined || candidate.method === this.method) {
        layer = candidate;
        break;
      }
    }
    if (layer === undefined) {
      this.done(err);
      return;
    }
    if (err) layer.handleError(err, this.req, this.res, this.next);
    else layer.handleRequest(this.req, this.res, this.next);
    this.sync = 0;
  }
}

/**
 * A route: one path and, per HTTP method, the callbacks that answer it. Created by
 * `router.route(path)`; its methods (`get`, `post`, ..., `all`) add callbacks and chain.
 */
class RouteImpl<Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary> {
  /** The path the route was created with. */
  readonly path: unknown;
  /** The callbacks, in the order added, each a layer with its `method` (undefined for `all`). */
  readonly stack: Layer[] = [];
  /** The methods with callbacks (lower case); `_all` when `all` was used. */
  readonly methods: Record<string, boolean | undefined> = new NullObject<boolean | undefined>();

  /** Creates an empty route for `path` (kept for introspection; the router matches paths). */
  constructor(path?: unknown) {
    this.path = path;
    // Not enumerable: a route shows `path`, `stack` and `methods`, as in router 2.x.
    Object.defineProperty(this, '_ids', { value: [], writable: true, configurable: true });
    Object.defineProperty(this, '_all', { value: false, writable: true, configurable: true });
  }

  /** Methods with callbacks, by position in `methods` (a copy of `methods` for the hot path). */
  declare _ids: boolean[];
  /** Whether `all` added callbacks. */
  declare _all: boolean;

  /**
   * Whether the route answers the method at position `id` in `methods` (-1: a method node does
   * not know, never answered but by `all`); HEAD is answered by GET when no HEAD was added.
   */
  _answers(id: number): boolean {
    if (this._all) return true;
    const ids = this._ids;
    if (id === HEAD_ID && ids[HEAD_ID] !== true) id = GET_ID;
    return id >= 0 && ids[id] === true;
  }

  /**
   * The methods the route has callbacks for, upper case, in the order first added, with `HEAD`
   * appended when GET is there without HEAD (for `Allow` and `listRoutes`); `all` is listed as
   * `'*'` when `includeAll` is true, left out otherwise.
   */
  _methods(includeAll?: boolean): string[] {
    const table = this.methods;
    const list: string[] = [];
    for (const name of Object.keys(table)) {
      if (name !== '_all') list.push(name.toUpperCase());
      else if (includeAll) list.push('*');
    }
    if (table.get && !table.head) list.push('HEAD');
    return list;
  }

  /**
   * Runs the callbacks for `req.method` in order (HEAD runs GET's when no HEAD was added),
   * then `done(err)`. `next('route')` leaves the route: `done()`; `next('router')` gives
   * `done('router')`. Sets `req.route` to this route.
   */
  dispatch(req: Req, res: Res, done: NextFunction): void {
    const stack = this.stack;
    if (stack.length === 0) {
      done();
      return;
    }
    const r = req as RouterRequest;
    const raw = r.method;
    // the lower-case name: from the table for the methods node knows (no string made)
    const id = methodId(raw);
    let method = id >= 0 ? methodName(id) : typeof raw === 'string' ? raw.toLowerCase() : raw;
    if (method === 'head' && !this.methods.head) method = 'get';
    r.route = this;
    new RouteRun(stack, r, res, done, method).advance();
  }

  /** Adds callbacks for every method. Throws a TypeError when none is given or one is not a function. */
  all(...handlers: Array<RequestHandlerArgument<Req, Res, P>>): this;
  all(...handlers: [...Array<RequestHandlerArgument<Req, Res, P>>, ErrorRequestHandler<Req, Res, P>]): this;
  all(...handlers: Array<HandlerArgument<Req, Res, P>>): this;
  all(...handlers: unknown[]): this {
    return addHandlers(this, undefined, handlers);
  }
}

/** How many times routes got callbacks (each router's `LayerIndex` lists routes by the methods they answer). */
let handlersAdded = 0;

/** A count that changes whenever a route gets callbacks, so possibly answers another method. */
export function routeChanges(): number {
  return handlersAdded;
}

function addHandlers<T extends RouteImpl<never, never, never>>(route: T, method: string | undefined, args: unknown[]): T {
  const callbacks = flattenHandlers(args);
  if (callbacks.length === 0) throw new TypeError('argument handler is required');
  for (const fn of callbacks) {
    if (typeof fn !== 'function') throw new TypeError('argument handler must be a function');
    const layer = new Layer('/', {}, fn as AnyHandler);
    layer.method = method;
    route.methods[method ?? '_all'] = true;
    if (method === undefined) route._all = true;
    else route._ids[methodId(method)] = true;
    route.stack.push(layer);
    handlersAdded++;
  }
  return route;
}

for (const method of methods) {
  Object.defineProperty(RouteImpl.prototype, method, {
    configurable: true,
    writable: true,
    value: function (this: RouteImpl<never, never, never>, ...handlers: unknown[]) {
      return addHandlers(this, method, handlers);
    },
  });
}

/** A route with its method functions. */
export interface Route<Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary>
  extends RouteImpl<Req, Res, P>, RouteMethods<Route<Req, Res, P>, Req, Res, P> {}

/** The Route constructor: `new Route(path)`. */
export interface RouteConstructor {
  new <Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary>(path?: unknown): Route<Req, Res, P>;
  readonly prototype: Route<never, never, never>;
}

/** The Route class (its method functions are added for every `http.METHODS` entry). */
export const Route = RouteImpl as unknown as RouteConstructor;
