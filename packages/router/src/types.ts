import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ParamsDictionary } from './path/route-parameters';

/** Options of `Router([options])`. */
export interface RouterOptions {
  /** `/Foo` and `/foo` are different paths. Default: false (matched case-insensitively). */
  caseSensitive?: boolean;
  /** Keep the parent router's `req.params`; on a name conflict the child's value wins. Default: false. */
  mergeParams?: boolean;
  /** `/foo` and `/foo/` are different paths for routes. Default: false. */
  strict?: boolean;
}

/**
 * Passes control on. `next()` runs the next matching layer, `next(err)` skips to the error
 * handlers, `next('route')` skips the rest of the current route's callbacks and
 * `next('router')` leaves the current router (its caller's `next()` runs, without error).
 */
export type NextFunction = (err?: unknown) => void;

/** The route the router matched, as `req.route` shows it (path, stack, methods). */
export interface MatchedRoute {
  readonly path: unknown;
  readonly methods: Record<string, boolean | undefined>;
}

/** What the router sets on the request while it handles it. */
export interface RouterRequestFields<P = ParamsDictionary> {
  /** Route parameters of the matched layer (decoded), merged with the parent's when `mergeParams`. */
  params: P;
  /** The path this router (or a mounted middleware) is mounted on, as matched, no trailing `/`. */
  baseUrl: string;
  /** The request URL as first received, kept while `req.url` is rewritten for mounted middleware. */
  originalUrl: string;
  /** The route whose callbacks are running. */
  route?: MatchedRoute;
  /** The current router's `next`. */
  next?: NextFunction;
}

/** The request a handler receives: the server's request with the router's fields set. */
export type RoutedRequest<Req = IncomingMessage, P = ParamsDictionary> = Req & RouterRequestFields<P>;

/**
 * A request handler (middleware or route callback), three parameters at most. It may return a
 * promise: a rejection (or a throw) is passed to `next` as the error.
 */
export type RequestHandler<Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary> = (
  req: RoutedRequest<Req, P>,
  res: Res,
  next: NextFunction,
) => unknown;

/** An error handler: recognised by its four declared parameters `(err, req, res, next)`. */
export type ErrorRequestHandler<Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary> = (
  err: unknown,
  req: RoutedRequest<Req, P>,
  res: Res,
  next: NextFunction,
) => unknown;

/** A request-handler argument: a handler or (nested) arrays of handlers. */
export type RequestHandlerArgument<Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary> =
  RequestHandler<Req, Res, P> | ReadonlyArray<RequestHandlerArgument<Req, Res, P>>;

/** One callback argument: a handler, an error handler, or (nested) arrays of them. */
export type HandlerArgument<Req = IncomingMessage, Res = ServerResponse, P = ParamsDictionary> =
  RequestHandler<Req, Res, P> | ErrorRequestHandler<Req, Res, P> | ReadonlyArray<HandlerArgument<Req, Res, P>>;

/**
 * A `router.param` callback: runs before the handlers of a matched layer whose path has the
 * parameter `name`, once per request for each value, with `value` the decoded parameter.
 */
export type ParamHandler<Req = IncomingMessage, Res = ServerResponse> = (
  req: RoutedRequest<Req, ParamsDictionary>,
  res: Res,
  next: NextFunction,
  value: string,
  name: string,
) => unknown;

/** Any function the router stores and calls (handlers are checked by arity at call time). */
export type AnyHandler = (...args: never[]) => unknown;

/** The router's view of a request: the fields it reads and writes, untyped for internal use. */
export interface RouterRequest {
  url?: string;
  method?: string;
  params?: unknown;
  baseUrl?: string;
  originalUrl?: string;
  route?: unknown;
  next?: NextFunction;
}

/** The router's view of a response: what the automatic OPTIONS answer needs. */
export interface RouterResponse {
  setHeader(name: string, value: string | number): unknown;
  end(chunk?: string): unknown;
}

/** A router's options, as both versions read them while routing, and its `router.param` callbacks (`Param`). */
export interface RouterFields<Param> {
  /** Option `caseSensitive`, read when a layer is added. */
  caseSensitive: boolean | undefined;
  /** Option `mergeParams`, read for every request. */
  mergeParams: boolean | undefined;
  /** Option `strict`, read when a route is added. */
  strict: boolean | undefined;
  /** `router.param` callbacks by parameter name. */
  params: Record<string, Array<Param> | undefined>;
}
