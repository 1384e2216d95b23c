/**
 * @types/express's names for webfw's types, so code typed against it compiles with the import
 * changed only (`express.Express`, `express.Handler`, `express.IRouter` ...). Each is the webfw
 * type it names, with @types/express's type parameters.
 */
import type {
  AppRoute,
  Application,
  DefaultLocals,
  GlobalLocals,
  ParamHandler,
  ParamsDictionary,
  PathParamsOf,
  RequestHandler,
  RouteHandlers,
  RouteMatcher,
  Router,
} from './types';
import type { Response } from '../response/types';

/** An app: what `webfw()` returns (@types/express's `Express`). */
export type Express<Locals extends object = DefaultLocals> = Application<Locals>;

/** A handler with the default type parameters (@types/express's `Handler`). */
export type Handler = RequestHandler;

/** A router (@types/express's `IRouter`). */
export type IRouter = Router;

/** A route made by `app.route(path)` (@types/express's `IRoute`). */
export type IRoute<P = ParamsDictionary> = AppRoute<P>;

/** A method function of an app or router: `app.get`, `router.post` ... (@types/express's `IRouterMatcher`). */
export type IRouterMatcher<T> = RouteMatcher<T>;

/** A method function of a route, `req.params` read from the route's path (@types/express's `IRouterHandler`). */
export type IRouterHandler<T, Route extends string | RegExp = string> = RouteHandlers<PathParamsOf<Route>, T>;

/** A parameter callback of `app.param` (@types/express's `RequestParamHandler`). */
export type RequestParamHandler = ParamHandler;

/** The type of `res.json`/`res.send` (@types/express's `Send`). */
export type Send<ResBody = unknown, T = Response<ResBody>> = (body?: ResBody) => T;

/** A callback receiving an error (@types/express's `Errback`). */
export type Errback = (err: Error) => void;

/** What every `res.locals` and `app.locals` holds: the global `Express.Locals` (@types/express's `Locals`). */
export type Locals = GlobalLocals;
