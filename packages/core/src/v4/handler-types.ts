/**
 * 4.x: the types of a 4.x app's handlers. They receive the 4.x request and response
 * (`req.param()`, `res.send(status, body)` ...), and `req.params` is express 4's open
 * dictionary (4.x paths are not inferred: their syntax is path-to-regexp 0.1's). The type
 * parameters are @types/express's, in its order.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HttpMethod, NextFunction, ParamsDictionary, PathArgument } from '../application/types';
import type { ParsedQuery } from '../application/settings';
import type { RequestV4 } from './request';
import type { ResponseV4 } from './response';

type Bivariant<Args extends unknown[], R> = { handler(...args: Args): R }['handler'];

/** The locals a 4.x response carries by default. */
type LocalsV4 = Record<string, unknown>;

/** A 4.x middleware or route handler `(req, res, next)`. */
export type RequestHandlerV4<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = unknown,
  ReqQuery = ParsedQuery,
  Locals extends LocalsV4 = LocalsV4,
> = Bivariant<[req: RequestV4<P, ReqBody, ReqQuery>, res: ResponseV4<ResBody, Locals>, next: NextFunction], unknown>;

/** A 4.x error handler `(err, req, res, next)`. */
export type ErrorRequestHandlerV4<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = unknown,
  ReqQuery = ParsedQuery,
  Locals extends LocalsV4 = LocalsV4,
> = Bivariant<[err: unknown, req: RequestV4<P, ReqBody, ReqQuery>, res: ResponseV4<ResBody, Locals>, next: NextFunction], unknown>;

/** Middleware typed against node's request and response (routers, apps, ecosystem middleware). */
type NodeHandler = Bivariant<[req: IncomingMessage, res: ServerResponse, next: NextFunction], unknown>;
type NodeErrorHandler = Bivariant<[err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction], unknown>;

/** Any callback argument of a 4.x app: handlers, error handlers, apps, routers, nested arrays. */
export type HandlerArgumentV4<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4> =
  | RequestHandlerV4<P, ResBody, ReqBody, ReqQuery, Locals>
  | ErrorRequestHandlerV4<P, ResBody, ReqBody, ReqQuery, Locals>
  | NodeHandler
  | NodeErrorHandler
  | readonly HandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[];

/** Callback arguments whose top-level functions are plain handlers (types inline `(req, res, next)`). */
type PlainHandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals extends LocalsV4> =
  RequestHandlerV4<P, ResBody, ReqBody, ReqQuery, Locals> | readonly HandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[];

/** `app.METHOD(path, ...handlers)` of a 4.x app. */
export interface RouteMatcherV4<T> {
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4>(
    path: PathArgument,
    ...handlers: PlainHandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4>(
    path: PathArgument,
    ...handlers: HandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
}

/** `app.use([path,] ...handlers)` of a 4.x app. */
export interface UseMethodV4<T> extends RouteMatcherV4<T> {
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4>(
    ...handlers: PlainHandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4>(
    ...handlers: HandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
}

/** `app.route(path).METHOD(...handlers)` of a 4.x app. */
export interface RouteHandlersV4<T> {
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4>(
    ...handlers: PlainHandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends LocalsV4 = LocalsV4>(
    ...handlers: HandlerArgumentV4<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
}

/** A route of a 4.x app (`app.route(path)`), its verbs chained. */
export type AppRouteV4 = { [M in HttpMethod | 'all']: RouteHandlersV4<AppRouteV4> } & {
  /** The route's path. */
  path: PathArgument;
};

/** The names of the routing members (`get`, `post`, ..., `all`, `use`, `route`). */
export type RoutingKeys = HttpMethod | 'all' | 'use' | 'route';

/** The routing members of a 4.x app, typed with the 4.x request and response. */
export type RoutingV4<T> = { [M in Exclude<HttpMethod, 'get'> | 'all']: RouteMatcherV4<T> } & {
  /** `app.get(setting)`, or a GET route. */
  get: ((setting: string) => unknown) & RouteMatcherV4<T>;
  /** Mounts middleware, routers or apps on `/` or on a path (4.x path syntax). */
  use: UseMethodV4<T>;
  /** A route for `path`, to chain `.get().post()...` on. */
  route(path: PathArgument): AppRouteV4;
};
