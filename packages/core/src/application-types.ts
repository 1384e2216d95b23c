/**
 * The types of an application: the handler and argument types `app.use`, `app.METHOD`,
 * `app.route` and `app.param` accept (with `req.params` inferred from a literal path), the
 * known settings, and the `Application` interface itself. The methods are in application.ts.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { HttpMethod, NextFunction, PathArgument, RouteParameters, RouterInstance, RouterOptions } from '@webfw/router';
import type { Request } from './request';
import type { Response } from './response';
import type { ETagFunction, ETagSetting, ParsedQuery, QueryParser, QueryParserSetting, TrustFunction, TrustProxySetting } from './settings';
import type { EngineFunction, ViewConstructor, ViewLike } from './view';

/** Shared with the router, which defines them (re-exported for users of `@webfw/core`). */
export type { HttpMethod, NextFunction, PathArgument };

/**
 * `req.params` when the path is not a literal: string values by name, as @types/express types
 * them. (The router's own `ParamsDictionary` also allows the `string[]` of a splat; an app's
 * handlers keep express's type so existing annotations compile unchanged.)
 */
export interface ParamsDictionary {
  [key: string]: string;
}

/** Options of `webfw.Router([options])`: `caseSensitive`, `mergeParams`, `strict`. */
export type { RouterOptions };

/**
 * Makes a function type's parameters bivariant (as method parameters are), so handlers that
 * annotate narrower types (`err: Error`, `req: Request<{ id: string }>`) are accepted.
 */
type Bivariant<Args extends unknown[], R> = { handler(...args: Args): R }['handler'];

/** A middleware or route handler `(req, res, next)`; it may return a promise (rejections reach `next`). */
export type RequestHandler<P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery> = Bivariant<
  [req: Request<P, ReqBody, ReqQuery>, res: Response, next: NextFunction],
  unknown
>;

/** Error-handling middleware: exactly four parameters `(err, req, res, next)`. */
export type ErrorRequestHandler<P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery> = Bivariant<
  [err: unknown, req: Request<P, ReqBody, ReqQuery>, res: Response, next: NextFunction],
  unknown
>;

/**
 * Middleware typed against node's own request and response (routers, apps, and middleware
 * written for express such as cookie-parser, whose request types extend node's).
 */
export type NodeHandler = Bivariant<[req: IncomingMessage, res: ServerResponse, next: NextFunction], unknown>;

/** Error middleware typed against node's own request and response. */
export type NodeErrorHandler = Bivariant<[err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction], unknown>;

/** Any callback argument: a handler, an error handler, an app or router, or (nested) arrays of them. */
export type HandlerArgument<P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery> =
  | RequestHandler<P, ReqBody, ReqQuery>
  | ErrorRequestHandler<P, ReqBody, ReqQuery>
  | NodeHandler
  | NodeErrorHandler
  | readonly HandlerArgument<P, ReqBody, ReqQuery>[];

/** A parameter callback `(req, res, next, value, name)` registered with `app.param`. */
export type ParamHandler = Bivariant<[req: Request, res: Response, next: NextFunction, value: string, name: string], unknown>;

/**
 * Callback arguments whose top-level functions are plain handlers: lets TypeScript type the
 * parameters of inline `(req, res, next)` functions given next to arrays.
 */
export type PlainHandlerArgument<P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery> =
  RequestHandler<P, ReqBody, ReqQuery> | readonly HandlerArgument<P, ReqBody, ReqQuery>[];

/** Registers handlers for a path; `req.params` is inferred from a literal path. */
export interface RouteMatcher<T> {
  <Path extends string, P = RouteParameters<Path>, ReqBody = unknown, ReqQuery = ParsedQuery>(
    path: Path,
    ...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]
  ): T;
  <Path extends string, P = RouteParameters<Path>, ReqBody = unknown, ReqQuery = ParsedQuery>(
    path: Path,
    ...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]
  ): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(path: PathArgument, ...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(path: PathArgument, ...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
}

/** Mounts middleware, routers or apps, on `/` (these first signatures) or on a path (the `RouteMatcher` ones). */
export interface UseMethod<T> extends RouteMatcher<T> {
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
}

/** Registers handlers on a route (the path is the route's). */
export interface RouteHandlers<P, T> {
  <ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
}

/** One route per path with chainable verbs: `app.route('/x').get(h).post(h)`. */
export type RouteMethods<P, T> = { [M in HttpMethod]: RouteHandlers<P, T> };

/** A route returned by `app.route(path)`. */
export interface AppRoute<P = ParamsDictionary> extends RouteMethods<P, AppRoute<P>> {
  /** The route's path. */
  path: string | RegExp | readonly (string | RegExp)[];
  /** Matches every method. */
  all: RouteHandlers<P, AppRoute<P>>;
}

/** The router an app routes through (`app.router`), typed with webfw's request and response. */
export type AppRouter = RouterInstance<Request, Response>;

/** JSON replacer accepted by the `json replacer` setting. */
export type JsonReplacer = ((this: unknown, key: string, value: unknown) => unknown) | (string | number)[] | null;

/** Settings with a meaning to webfw, and their value types. */
export interface KnownSettings {
  'case sensitive routing': boolean | undefined;
  env: string;
  etag: ETagSetting;
  'etag fn': ETagFunction | undefined;
  'jsonp callback name': string;
  'json escape': boolean | undefined;
  'json replacer': JsonReplacer | undefined;
  'json spaces': string | number | undefined;
  'query parser': QueryParserSetting;
  'query parser fn': QueryParser | undefined;
  'strict routing': boolean | undefined;
  'subdomain offset': number;
  'trust proxy': TrustProxySetting;
  'trust proxy fn': TrustFunction;
  view: ViewConstructor;
  views: string | string[];
  'view cache': boolean | undefined;
  'view engine': string | undefined;
  'x-powered-by': boolean;
}

/** Callback of `app.render`: the error, or the rendered string. */
export type RenderCallback = (err: Error | null, html?: string) => void;

/** The `listen` callback: receives the error when the server fails to listen. */
export type ListenCallback = (err?: Error) => void;

/**
 * An application: a `(req, res[, next])` handler for `http.createServer`/`https.createServer`
 * that is also an event emitter, mountable in another app or router.
 */
export interface Application extends EventEmitter {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  /** Settings by name; a sub-app's inherit from its parent's. */
  settings: Record<string, unknown>;
  /** Variables for every template the app renders; `locals.settings` is `app.settings`. */
  locals: Record<string, unknown>;
  /** Pattern(s) the app is mounted on (`/` until mounted). */
  mountpath: string | RegExp | readonly (string | RegExp)[];
  /** The parent app once mounted. */
  parent?: Application;
  /** View cache by name. */
  cache: Record<string, ViewLike>;
  /** Template engines by extension (with dot). */
  engines: Record<string, EngineFunction>;
  /** Prototype of this app's requests; extend it to add members. */
  request: Request;
  /** Prototype of this app's responses; extend it to add members. */
  response: Response;
  /** The app's router, created on first access. */
  readonly router: AppRouter;
  init(): void;
  defaultConfiguration(): void;
  handle(req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void;
  use: UseMethod<this>;
  route<Path extends string>(path: Path): AppRoute<RouteParameters<Path>>;
  route(path: PathArgument): AppRoute;
  engine(ext: string, fn: EngineFunction): this;
  param(name: string | readonly string[], fn: ParamHandler): this;
  set<K extends keyof KnownSettings>(setting: K, value: KnownSettings[K]): this;
  set(setting: string, value: unknown): this;
  set<K extends keyof KnownSettings>(setting: K): KnownSettings[K];
  set(setting: string): unknown;
  get: (<K extends keyof KnownSettings>(setting: K) => KnownSettings[K]) & ((setting: string) => unknown) & RouteMatcher<this>;
  path(): string;
  enabled(setting: string): boolean;
  disabled(setting: string): boolean;
  enable(setting: string): this;
  disable(setting: string): this;
  render(name: string, options: object, callback: RenderCallback): void;
  render(name: string, callback: RenderCallback): void;
  listen(port?: number, hostname?: string, backlog?: number, callback?: ListenCallback): Server;
  listen(port: number, hostname: string, callback?: ListenCallback): Server;
  listen(port: number, callback?: ListenCallback): Server;
  listen(path: string, callback?: ListenCallback): Server;
  listen(callback?: ListenCallback): Server;
  listen(options: object, callback?: ListenCallback): Server;
  all: RouteMatcher<this>;
  acl: RouteMatcher<this>;
  bind: RouteMatcher<this>;
  checkout: RouteMatcher<this>;
  connect: RouteMatcher<this>;
  copy: RouteMatcher<this>;
  delete: RouteMatcher<this>;
  head: RouteMatcher<this>;
  link: RouteMatcher<this>;
  lock: RouteMatcher<this>;
  'm-search': RouteMatcher<this>;
  merge: RouteMatcher<this>;
  mkactivity: RouteMatcher<this>;
  mkcalendar: RouteMatcher<this>;
  mkcol: RouteMatcher<this>;
  move: RouteMatcher<this>;
  notify: RouteMatcher<this>;
  options: RouteMatcher<this>;
  patch: RouteMatcher<this>;
  post: RouteMatcher<this>;
  propfind: RouteMatcher<this>;
  proppatch: RouteMatcher<this>;
  purge: RouteMatcher<this>;
  put: RouteMatcher<this>;
  query: RouteMatcher<this>;
  rebind: RouteMatcher<this>;
  report: RouteMatcher<this>;
  search: RouteMatcher<this>;
  source: RouteMatcher<this>;
  subscribe: RouteMatcher<this>;
  trace: RouteMatcher<this>;
  unbind: RouteMatcher<this>;
  unlink: RouteMatcher<this>;
  unlock: RouteMatcher<this>;
  unsubscribe: RouteMatcher<this>;
}
