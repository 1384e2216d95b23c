import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LayerV4 } from './introspection';
import type { HttpMethod } from '../utils/methods';
import type { Route } from '../route';
import type { PathArgument } from '../path/route-parameters';
import type {
  ErrorRequestHandler as ErrorRequestHandler5,
  HandlerArgument as HandlerArgument5,
  RequestHandler as RequestHandler5,
  RequestHandlerArgument as RequestHandlerArgument5,
  NextFunction,
  RouterFields,
  RouterOptions,
} from '../types';

/**
 * 4.x `req.params`: a plain object, one key per capturing group of the matched path (named
 * parameters by name, unnamed groups by number from 0). An optional parameter that is absent
 * is there with the value undefined. Path literals are not read into a narrower type: the 4.x
 * syntax (`:id?`, `:id(\\d+)`, `*`) is not the one `RouteParameters` reads.
 */
export interface ParamsDictionary {
  [key: string]: string;
}

/**
 * A 4.x route: the 5.x route with router 1.x's `_handles_method(method)` (whether the route
 * answers `method`, HEAD by GET), its callback layers carrying router 1.x's layer fields.
 */
export interface RouteV4<Req = IncomingMessage, Res = ServerResponse> extends Omit<Route<Req, Res, ParamsDictionary>, 'stack'> {
  readonly stack: LayerV4[];
  _handles_method(method: string): boolean;
}

/** The 4.x Route constructor: `new Router.Route(path)`. */
export interface RouteV4Constructor {
  new <Req = IncomingMessage, Res = ServerResponse>(path?: unknown): RouteV4<Req, Res>;
}

/** A 4.x request handler (middleware or route callback), three parameters at most. */
export type RequestHandler<Req = IncomingMessage, Res = ServerResponse> = RequestHandler5<Req, Res, ParamsDictionary>;
/** A 4.x error handler: four declared parameters `(err, req, res, next)`. */
export type ErrorRequestHandler<Req = IncomingMessage, Res = ServerResponse> = ErrorRequestHandler5<Req, Res, ParamsDictionary>;
/** A request-handler argument: a handler or (nested) arrays of handlers. */
export type RequestHandlerArgument<Req = IncomingMessage, Res = ServerResponse> = RequestHandlerArgument5<Req, Res, ParamsDictionary>;
/** A callback argument: a handler, an error handler, or (nested) arrays of them. */
export type HandlerArgument<Req = IncomingMessage, Res = ServerResponse> = HandlerArgument5<Req, Res, ParamsDictionary>;

/**
 * A `router.param(name, callback)` callback. `name` is the parameter's name as the path
 * compiled it: a number for an unnamed group (`router.param('0', fn)` runs for the first one).
 */
export type ParamHandler<Req = IncomingMessage, Res = ServerResponse> = (
  req: Parameters<RequestHandler<Req, Res>>[0],
  res: Res,
  next: NextFunction,
  value: string,
  name: string | number,
) => unknown;

/** Routes `path` (4.x syntax) for one method, or all: creates a route and adds the callbacks. */
export interface RouterMatcher<This, Req, Res> {
  (path: PathArgument, ...handlers: Array<RequestHandlerArgument<Req, Res>>): This;
  (path: PathArgument, ...handlers: [...Array<RequestHandlerArgument<Req, Res>>, ErrorRequestHandler<Req, Res>]): This;
  (path: PathArgument, ...handlers: Array<HandlerArgument<Req, Res>>): This;
}

/** The method functions of a 4.x router: `router.get(path, ...handlers)` and so on. */
export type RouterMethods<This, Req, Res> = { [M in HttpMethod]: RouterMatcher<This, Req, Res> };

/**
 * A router 1.x router: a function `router(req, res, next)` running its stack of middleware
 * and routes, paths in the express 4 syntax.
 */
export interface Router<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>
  extends RouterMethods<Router<Req, Res>, Req, Res>, RouterFields<ParamHandler<Req, Res>> {
  (req: Req, res: Res, next: NextFunction): void;
  /** The middleware and route layers, in mounting order. */
  stack: LayerV4[];
  /** Runs the stack for the request, then `callback(err?)`; throws a TypeError without a callback. */
  handle(req: Req, res: Res, callback: NextFunction): void;
  /** Mounts middleware on `path` (default `/`), matched as a prefix ending on a `/`. */
  use(...handlers: Array<RequestHandlerArgument<Req, Res>>): this;
  use(...handlers: [...Array<RequestHandlerArgument<Req, Res>>, ErrorRequestHandler<Req, Res>]): this;
  use(...handlers: Array<HandlerArgument<Req, Res>>): this;
  use(path: PathArgument, ...handlers: Array<RequestHandlerArgument<Req, Res>>): this;
  use(path: PathArgument, ...handlers: [...Array<RequestHandlerArgument<Req, Res>>, ErrorRequestHandler<Req, Res>]): this;
  use(path: PathArgument, ...handlers: Array<HandlerArgument<Req, Res>>): this;
  /** Creates a route for `path` at the current end of the stack and returns it. */
  route(path: PathArgument): RouteV4<Req, Res>;
  /** Adds a callback for the parameter `name` (a string: `router.param(fn)` throws, as in router 1.x). */
  param(name: string, fn: ParamHandler<Req, Res>): this;
  /** Routes `path` for every method. */
  all: RouterMatcher<this, Req, Res>;
}

/** `Router([options])`, callable with or without `new`. */
export interface RouterConstructor {
  new <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(options?: RouterOptions): Router<Req, Res>;
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(options?: RouterOptions): Router<Req, Res>;
  readonly prototype: Router;
  /** The Route class, as `require('router').Route` in router 1.x. */
  readonly Route: RouteV4Constructor;
}
