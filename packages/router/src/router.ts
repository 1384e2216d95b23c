import type { IncomingMessage, ServerResponse } from 'node:http';
import { useArguments } from './utils/handlers';
import { Layer, type PathCompiler } from './layer';
import { NullObject } from './utils/null-object';
import type { LayerIndex } from './dispatch/layer-index';
import { methods, type HttpMethod } from './utils/methods';
import { Route, type RouteConstructor } from './route';
import type { ParamsDictionary, PathArgument, PathParams } from './path/route-parameters';
import { RouterRun, type RouterState } from './dispatch/router-run';
import type {
  AnyHandler,
  ErrorRequestHandler,
  HandlerArgument,
  NextFunction,
  ParamHandler,
  RequestHandlerArgument,
  RouterOptions,
  RouterFields,
  RouterRequest,
} from './types';

/** The method functions of a router: `router.get(path, ...handlers)` and so on. */
export type RouterMethods<This, Req, Res> = {
  [M in HttpMethod]: RouterMatcher<This, Req, Res>;
};

/**
 * Routes `path` for one method (or all): creates a route and adds the callbacks. The first
 * signature gives plain `(req, res, next)` lambdas their types (with `req.params` inferred
 * from the path); the second takes error handlers too.
 */
export interface RouterMatcher<This, Req, Res> {
  <Path extends PathArgument>(path: Path, ...handlers: Array<RequestHandlerArgument<Req, Res, PathParams<Path>>>): This;
  <Path extends PathArgument>(
    path: Path,
    ...handlers: [...Array<RequestHandlerArgument<Req, Res, PathParams<Path>>>, ErrorRequestHandler<Req, Res, PathParams<Path>>]
  ): This;
  <Path extends PathArgument>(path: Path, ...handlers: Array<HandlerArgument<Req, Res, PathParams<Path>>>): This;
}

/**
 * A router: a function `router(req, res, next)` that runs its stack of middleware and routes
 * for the request, then calls `next` (with an error, if one is pending) when nothing ended the
 * response. `Req`/`Res` are the request and response types handlers receive.
 */
export interface Router<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>
  extends RouterMethods<Router<Req, Res>, Req, Res>, RouterFields<ParamHandler<Req, Res>> {
  (req: Req, res: Res, next: NextFunction): void;
  /** The middleware and route layers, in mounting order. */
  stack: Layer[];
  /**
   * Runs the stack for the request; `callback(err?)` is called when no layer ended the
   * response. Sets `req.baseUrl`, `req.originalUrl` (when absent), `req.params`, `req.route`
   * and `req.next` while it runs, restoring `baseUrl`, `params` and `next` before `callback`.
   * Throws a TypeError without a callback.
   */
  handle(req: Req, res: Res, callback: NextFunction): void;
  /**
   * Mounts middleware on `path` (default `/`): it runs for any request whose path is `path`
   * or continues it with `/`, with the matched part stripped from `req.url` (and added to
   * `req.baseUrl`) while it runs. Handlers may be functions, routers, apps, arrays of them.
   */
  use(...handlers: Array<RequestHandlerArgument<Req, Res, ParamsDictionary>>): this;
  use(...handlers: [...Array<RequestHandlerArgument<Req, Res, ParamsDictionary>>, ErrorRequestHandler<Req, Res, ParamsDictionary>]): this;
  use<Path extends PathArgument>(path: Path, ...handlers: Array<RequestHandlerArgument<Req, Res, PathParams<Path>>>): this;
  use<Path extends PathArgument>(
    path: Path,
    ...handlers: [...Array<RequestHandlerArgument<Req, Res, PathParams<Path>>>, ErrorRequestHandler<Req, Res, PathParams<Path>>]
  ): this;
  use(...handlers: Array<HandlerArgument<Req, Res, ParamsDictionary>>): this;
  use<Path extends PathArgument>(path: Path, ...handlers: Array<HandlerArgument<Req, Res, PathParams<Path>>>): this;
  /**
   * Creates a route for `path` at the current end of the stack and returns it; its methods
   * (`get`, `post`, ..., `all`) add callbacks. Order is the order routes are created.
   */
  route<Path extends PathArgument>(path: Path): Route<Req, Res, PathParams<Path>>;
  /**
   * Adds a callback run for the parameter `name` before the handlers of a matching layer of
   * this router, once per request for each value, in the order added.
   */
  param(name: string, fn: ParamHandler<Req, Res>): this;
  /**
   * The routes and mounted routers of this router, in stack order, one entry per path (an
   * array path gives one entry each): `methods` lists the route's methods upper case in the
   * order first added, `'*'` for `all`, with `HEAD` appended after `GET` unless added itself
   * (undefined for a mounted router); `router` is the router mounted with `use(path, router)`,
   * whose own `listRoutes()` lists what is under it. Plain middleware is not listed.
   */
  listRoutes(): ListedRoute[];
  /** Routes `path` for every method. */
  all: RouterMatcher<this, Req, Res>;
}

/** One entry of `router.listRoutes()`. */
export interface ListedRoute {
  /** The path as given to `route`/`METHOD`/`use` (one element of an array path). */
  path: string | RegExp;
  /** Methods of the route (`'*'` for `all`); undefined for a mounted router. */
  methods: string[] | undefined;
  /** The mounted router; undefined for a route. */
  router: Router | undefined;
}

/** `Router([options])`, callable with or without `new`. */
export interface RouterConstructor {
  new <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(options?: RouterOptions): Router<Req, Res>;
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(options?: RouterOptions): Router<Req, Res>;
  readonly prototype: Router;
}

/**
 * A router as its methods see it. `_compilePath` (on a prototype: undefined for the express 5
 * syntax) is the path compiler `use` and `route` build layers with; `_Route` (on a prototype:
 * undefined for the 5.x `Route`) is the class `route` makes its routes with.
 */
type RouterSelf = Router & RouterState & { _index?: LayerIndex; _compilePath?: PathCompiler; _Route?: RouteConstructor };

/**
 * Creates a router with `options` (`caseSensitive`, `mergeParams`, `strict`). Works with and
 * without `new`; the router is a function `(req, res, next)`.
 */
function createRouter(options?: RouterOptions): Router {
  const opts = options || {};
  const self = function router(req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    (self as RouterSelf).handle(req, res, next);
  } as RouterSelf;
  Object.setPrototypeOf(self, createRouter.prototype);
  self.caseSensitive = opts.caseSensitive;
  self.mergeParams = opts.mergeParams;
  self.params = new NullObject() as RouterSelf['params'];
  self.strict = opts.strict;
  self.stack = [];
  return self;
}

const proto = Object.create(Function.prototype) as RouterSelf;
createRouter.prototype = proto;
Object.defineProperty(proto, 'constructor', { value: createRouter, writable: true, configurable: true });

proto.handle = function handle(this: RouterSelf, req: IncomingMessage, res: ServerResponse, callback: NextFunction): void {
  if (!callback) throw new TypeError('argument callback is required');
  new RouterRun(this, req as RouterRequest, res, callback).step();
};

/** `router.use([path], ...fns)`: one layer per function, matching `path` (default `/`) as a prefix. */
function use(this: RouterSelf, ...args: unknown[]): RouterSelf {
  const { path, callbacks } = useArguments(args);
  if (callbacks.length === 0) throw new TypeError('argument handler is required');
  for (const fn of callbacks) {
    if (typeof fn !== 'function') throw new TypeError('argument handler must be a function');
    const layer = new Layer(path as PathArgument, { sensitive: this.caseSensitive, strict: false, end: false }, fn as AnyHandler, this._compilePath);
    layer.route = undefined;
    this.stack.push(layer);
  }
  return this;
}
proto.use = use as RouterSelf['use'];

/** `router.route(path)`: a new route, and the layer that dispatches to it. */
function route(this: RouterSelf, path: PathArgument): Route {
  const r = new (this._Route ?? Route)(path);
  const handle = function handle(req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    r.dispatch(req, res, next);
  };
  const layer = new Layer(path, { sensitive: this.caseSensitive, strict: this.strict, end: true }, handle, this._compilePath);
  layer.route = r;
  layer.routeHandle = handle;
  this.stack.push(layer);
  return r;
}
proto.route = route as RouterSelf['route'];

/**
 * This module's own `use` and `route`, whatever a tracing agent later puts on
 * `Router.prototype`. The 4.x router (./v4/router.ts) calls these: an agent that patches the
 * 5.x prototype (instrumentation-express patching `@webfw/core`) does not reach 4.x routers,
 * as patching express 5 does not reach express 4, whichever entry loads first.
 */
export { use as routerUse, route as routerRoute };

proto.param = function param(this: RouterSelf, name: string, fn: ParamHandler): RouterSelf {
  if (!name) throw new TypeError('argument name is required');
  if (typeof name !== 'string') throw new TypeError('argument name must be a string');
  if (!fn) throw new TypeError('argument fn is required');
  if (typeof fn !== 'function') throw new TypeError('argument fn must be a function');
  (this.params[name] ??= []).push(fn);
  return this;
} as RouterSelf['param'];

proto.listRoutes = function listRoutes(this: RouterSelf): ListedRoute[] {
  const routes: ListedRoute[] = [];
  for (const layer of this.stack) {
    const route = layer.route as Route | undefined;
    const handle = layer.handle as unknown as { stack?: unknown };
    const router = route === undefined && Array.isArray(handle.stack) ? (handle as unknown as Router) : undefined;
    if (route === undefined && router === undefined) continue;
    const list = route !== undefined ? route._methods(true) : undefined;
    const raw = layer.rawPath;
    if (Array.isArray(raw)) {
      for (const path of raw) routes.push({ path, methods: list && list.slice(), router });
    } else {
      routes.push({ path: raw, methods: list, router });
    }
  }
  return routes;
};

for (const method of [...methods, 'all']) {
  Object.defineProperty(proto, method, {
    configurable: true,
    writable: true,
    value: function (this: RouterSelf, path: PathArgument, ...handlers: unknown[]): RouterSelf {
      const r = this.route(path) as unknown as Record<string, (...h: unknown[]) => unknown>;
      r[method]!(...handlers);
      return this;
    },
  });
}

/** The Router factory/constructor. */
export const Router = createRouter as unknown as RouterConstructor;
