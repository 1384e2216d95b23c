/**
 * webfw's types under `express-serve-static-core` (see params.d.ts): handlers, `next`, the
 * method functions of apps, routers and routes, routers, routes and layers. Names, type
 * parameters and defaults are @types/express-serve-static-core 5.x's.
 */
/// <reference path="./params.d.ts" />
declare module 'express-serve-static-core' {
  /** `next`: no argument continues, an error skips to error handlers, `'route'` / `'router'` skip the rest of the route / router. */
  export interface NextFunction {
    (err?: any): void;
    (deferToNext: 'router'): void;
    (deferToNext: 'route'): void;
  }

  /**
   * A middleware or route handler `(req, res, next)`; it may return a promise (a rejection
   * reaches `next`). The type parameters type `req.params`, the response body, `req.body`,
   * `req.query` and `res.locals`.
   */
  export interface RequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > {
    (req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction): unknown;
  }

  /** Error-handling middleware: exactly four parameters `(err, req, res, next)`. */
  export type ErrorRequestHandler<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > = (err: any, req: Request<P, ResBody, ReqBody, ReqQuery, LocalsObj>, res: Response<ResBody, LocalsObj>, next: NextFunction) => unknown;

  /** What `app.use` and `app.METHOD` take: handlers, error handlers, or arrays of them. */
  export type RequestHandlerParams<
    P = ParamsDictionary,
    ResBody = any,
    ReqBody = any,
    ReqQuery = ParsedQs,
    LocalsObj extends Record<string, any> = Record<string, any>,
  > =
    | RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
    | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>
    | Array<RequestHandler<P> | ErrorRequestHandler<P>>;

  /** A handler with the default type parameters. */
  export interface Handler extends RequestHandler {}

  /** A parameter callback `(req, res, next, value, name)` of `app.param` / `router.param`. */
  export type RequestParamHandler = (req: Request, res: Response, next: NextFunction, value: any, name: string) => any;

  /**
   * A method function of an app or router (`app.get(path, ...handlers)`): `req.params` is read
   * from a literal path, or given as the first type argument; then the response body,
   * `req.body`, `req.query` and `res.locals`.
   */
  export interface IRouterMatcher<T, Method extends 'all' | 'get' | 'post' | 'put' | 'delete' | 'patch' | 'options' | 'head' | 'query' = any> {
    <
      Route extends string | RegExp,
      P = RouteParameters<Route>,
      ResBody = any,
      ReqBody = any,
      ReqQuery = ParsedQs,
      LocalsObj extends Record<string, any> = Record<string, any>,
    >(
      path: Route,
      ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    <
      Path extends string | RegExp,
      P = RouteParameters<Path>,
      ResBody = any,
      ReqBody = any,
      ReqQuery = ParsedQs,
      LocalsObj extends Record<string, any> = Record<string, any>,
    >(
      path: Path,
      ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
      path: PathParams,
      ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
      path: PathParams,
      ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    (path: PathParams, subApplication: Application): T;
  }

  /** A method function of a route (`app.route(path).get(...handlers)`): `req.params` read from the route's path. */
  export interface IRouterHandler<T, Route extends string | RegExp = string> {
    (...handlers: Array<RequestHandler<RouteParameters<Route>>>): T;
    (...handlers: Array<RequestHandlerParams<RouteParameters<Route>>>): T;
    <P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
      ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    <P = RouteParameters<Route>, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
      ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
      ...handlers: Array<RequestHandler<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
    <P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>(
      ...handlers: Array<RequestHandlerParams<P, ResBody, ReqBody, ReqQuery, LocalsObj>>
    ): T;
  }

  /** A router (and an app): a handler with method functions, `use`, `route`, `param` and its layer stack. */
  export interface IRouter extends RequestHandler {
    /** Runs `handler(req, res, next, value, name)` before the handlers of a layer whose path has `:name`. */
    param(name: string, handler: RequestParamHandler): this;
    all: IRouterMatcher<this, 'all'>;
    get: IRouterMatcher<this, 'get'>;
    post: IRouterMatcher<this, 'post'>;
    put: IRouterMatcher<this, 'put'>;
    delete: IRouterMatcher<this, 'delete'>;
    patch: IRouterMatcher<this, 'patch'>;
    options: IRouterMatcher<this, 'options'>;
    head: IRouterMatcher<this, 'head'>;
    /** Present where node knows the QUERY method. */
    query?: IRouterMatcher<this, 'query'>;
    checkout: IRouterMatcher<this>;
    connect: IRouterMatcher<this>;
    copy: IRouterMatcher<this>;
    lock: IRouterMatcher<this>;
    merge: IRouterMatcher<this>;
    mkactivity: IRouterMatcher<this>;
    mkcol: IRouterMatcher<this>;
    move: IRouterMatcher<this>;
    'm-search': IRouterMatcher<this>;
    notify: IRouterMatcher<this>;
    propfind: IRouterMatcher<this>;
    proppatch: IRouterMatcher<this>;
    purge: IRouterMatcher<this>;
    report: IRouterMatcher<this>;
    search: IRouterMatcher<this>;
    subscribe: IRouterMatcher<this>;
    trace: IRouterMatcher<this>;
    unlock: IRouterMatcher<this>;
    unsubscribe: IRouterMatcher<this>;
    link: IRouterMatcher<this>;
    unlink: IRouterMatcher<this>;
    /** Mounts middleware, routers or apps, on `/` or on a path. */
    use: IRouterHandler<this> & IRouterMatcher<this>;
    /** A route for `path`, to chain `.get().post()...` on; `req.params` read from a literal path. */
    route<T extends string | RegExp>(prefix: T): IRoute<T>;
    route(prefix: PathParams): IRoute;
    /** The router's layers, in order. */
    stack: ILayer[];
  }

  /** One layer of a router's stack: a path matcher and its handler (or route). */
  export interface ILayer {
    route?: IRoute;
    name: string | '<anonymous>';
    params?: Record<string, any>;
    keys: string[];
    path?: string;
    method: string;
    regexp: RegExp;
    handle: (req: Request, res: Response, next: NextFunction) => any;
  }

  /** A route made by `app.route(path)`: chainable method functions for one path. */
  export interface IRoute<Route extends string | RegExp = string> {
    path: string;
    stack: ILayer[];
    all: IRouterHandler<this, Route>;
    get: IRouterHandler<this, Route>;
    post: IRouterHandler<this, Route>;
    put: IRouterHandler<this, Route>;
    delete: IRouterHandler<this, Route>;
    patch: IRouterHandler<this, Route>;
    options: IRouterHandler<this, Route>;
    head: IRouterHandler<this, Route>;
    checkout: IRouterHandler<this, Route>;
    copy: IRouterHandler<this, Route>;
    lock: IRouterHandler<this, Route>;
    merge: IRouterHandler<this, Route>;
    mkactivity: IRouterHandler<this, Route>;
    mkcol: IRouterHandler<this, Route>;
    move: IRouterHandler<this, Route>;
    'm-search': IRouterHandler<this, Route>;
    notify: IRouterHandler<this, Route>;
    purge: IRouterHandler<this, Route>;
    report: IRouterHandler<this, Route>;
    search: IRouterHandler<this, Route>;
    subscribe: IRouterHandler<this, Route>;
    trace: IRouterHandler<this, Route>;
    unlock: IRouterHandler<this, Route>;
    unsubscribe: IRouterHandler<this, Route>;
  }

  /** A router made by `Router()`. */
  export interface Router extends IRouter {}
}
