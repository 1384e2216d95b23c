/**
 * The types of an application: the handler and argument types `app.use`, `app.METHOD`,
 * `app.route` and `app.param` accept (with `req.params` inferred from a literal path), the
 * known settings, and the `Application` interface itself. The methods are in application.ts.
 */
import type { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Server as HttpsServer } from 'node:https';
import type { ListenOptions } from 'node:net';
import type { HttpMethod, NextFunction, PathArgument, RegExpParams, RouteParameters, RouterInstance, RouterOptions } from '@webfw/router';
import type { Http2ListenOptions, Http2TlsListenOptions, HttpsListenOptions } from './listen-types';
import type { Request } from '../request/types';
import type { Response } from '../response/types';
import type { ETagFunction, ETagSetting, ParsedQuery, QueryParser, QueryParserSetting, TrustFunction, TrustProxySetting } from './settings';
import type { EngineFunction, ViewConstructor, ViewLike } from '../view';

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
 * The global `Express` namespace the ecosystem's types augment, as @types/express declares it:
 * `declare global { namespace Express { interface Request { user?: User } } }` (what
 * @types/passport, @types/express-session and @types/multer do) adds to webfw's `Request`;
 * `Response`, `Locals` (`res.locals`, `app.locals`) and `Application` likewise.
 */
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- the global the ecosystem augments
  namespace Express {
    /** Members added to every webfw `Request`. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
    interface Request {}
    /** Members added to every webfw `Response`. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
    interface Response {}
    /** Members of every `res.locals` and `app.locals`. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
    interface Locals {}
    /** Members added to every webfw `Application`. */
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- open for augmentation
    interface Application {}
  }
}

/** The global `Express.Locals` (augmentable): members of every `res.locals` and `app.locals`. */
export type GlobalLocals = Express.Locals;

/** The default type of `res.locals` and `app.locals` beyond the global `Express.Locals`. */
export type DefaultLocals = Record<string, unknown>;

/**
 * Makes a function type's parameters bivariant (as method parameters are), so handlers that
 * annotate narrower types (`err: Error`, `req: Request<{ id: string }>`) are accepted.
 */
type Bivariant<Args extends unknown[], R> = { handler(...args: Args): R }['handler'];

/**
 * A middleware or route handler `(req, res, next)`; it may return a promise (rejections reach
 * `next`). The type parameters are @types/express's, in its order: `req.params`, the response
 * body (`res.json`/`res.send`), `req.body`, `req.query`, `res.locals`.
 */
export type RequestHandler<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = unknown,
  ReqQuery = ParsedQuery,
  Locals extends object = DefaultLocals,
> = Bivariant<[req: Request<P, ResBody, ReqBody, ReqQuery, Locals>, res: Response<ResBody, Locals>, next: NextFunction], unknown>;

/** Error-handling middleware: exactly four parameters `(err, req, res, next)`; type parameters as `RequestHandler`'s. */
export type ErrorRequestHandler<
  P = ParamsDictionary,
  ResBody = unknown,
  ReqBody = unknown,
  ReqQuery = ParsedQuery,
  Locals extends object = DefaultLocals,
> = Bivariant<[err: unknown, req: Request<P, ResBody, ReqBody, ReqQuery, Locals>, res: Response<ResBody, Locals>, next: NextFunction], unknown>;

/**
 * Middleware typed against node's own request and response (routers, apps, and middleware
 * written for express such as cookie-parser, whose request types extend node's).
 */
export type NodeHandler = Bivariant<[req: IncomingMessage, res: ServerResponse, next: NextFunction], unknown>;

/** Error middleware typed against node's own request and response. */
export type NodeErrorHandler = Bivariant<[err: unknown, req: IncomingMessage, res: ServerResponse, next: NextFunction], unknown>;

/** Any callback argument: a handler, an error handler, an app or router, or (nested) arrays of them. */
export type HandlerArgument<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals> =
  | RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>
  | ErrorRequestHandler<P, ResBody, ReqBody, ReqQuery, Locals>
  | NodeHandler
  | NodeErrorHandler
  | readonly HandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[];

/** A parameter callback `(req, res, next, value, name)` registered with `app.param`. */
export type ParamHandler = Bivariant<[req: Request, res: Response, next: NextFunction, value: string, name: string], unknown>;

/**
 * Callback arguments whose top-level functions are plain handlers: lets TypeScript type the
 * parameters of inline `(req, res, next)` functions given next to arrays.
 */
export type PlainHandlerArgument<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals> =
  RequestHandler<P, ResBody, ReqBody, ReqQuery, Locals> | readonly HandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[];

/**
 * `req.params` of a path argument: inferred from a literal string path (`/users/:id` gives
 * `{ id: string }`, unknown names rejected), captures of a regular expression, and express's
 * open `ParamsDictionary` for any other string or an array.
 */
export type PathParamsOf<Route> = Route extends string
  ? string extends Route
    ? ParamsDictionary
    : RouteParameters<Route>
  : Route extends RegExp
    ? RegExpParams
    : ParamsDictionary;

/**
 * Registers handlers for a path: `app.get(path, ...handlers)`, `router.post(...)`. The type
 * parameters are @types/express's `IRouterMatcher` ones, in its order: the path, then
 * `req.params` (inferred from a literal path), the response body, `req.body`, `req.query` and
 * `res.locals`; `app.get<P, ResBody, ReqBody, ReqQuery, Locals>(...)` means what it means there.
 */
export interface RouteMatcher<T> {
  <Route extends string | RegExp, P = PathParamsOf<Route>, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    path: Route,
    ...handlers: PlainHandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <Route extends string | RegExp, P = PathParamsOf<Route>, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    path: Route,
    ...handlers: HandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    path: PathArgument,
    ...handlers: PlainHandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    path: PathArgument,
    ...handlers: HandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
}

/** Mounts middleware, routers or apps, on `/` (these first signatures) or on a path (the `RouteMatcher` ones). */
export interface UseMethod<T> extends RouteMatcher<T> {
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    ...handlers: PlainHandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    ...handlers: HandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
}

/**
 * Registers handlers on a route (the path is the route's): `app.route(path).get(...)`. As
 * @types/express's `IRouterHandler`, `req.params` defaults to the route path's and can be given.
 */
export interface RouteHandlers<Params, T> {
  <P = Params, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    ...handlers: PlainHandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
  <P = Params, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>(
    ...handlers: HandlerArgument<P, ResBody, ReqBody, ReqQuery, Locals>[]
  ): T;
}

/** One route per path with chainable verbs: `app.route('/x').get(h).post(h)`. */
export type RouteMethods<P, T> = { [M in HttpMethod]: RouteHandlers<P, T> };

/** A route returned by `app.route(path)` and `router.route(path)`. */
export interface AppRoute<P = ParamsDictionary> extends RouteMethods<P, AppRoute<P>> {
  /** The route's path. */
  path: string | RegExp | readonly (string | RegExp)[];
  /** Matches every method. */
  all: RouteHandlers<P, AppRoute<P>>;
}

/**
 * The HTTP method functions of an app or router (`get`, `post`, ..., `all`), each a
 * `RouteMatcher` returning `T`.
 */
export type RouteMatchers<T> = { [M in HttpMethod | 'all']: RouteMatcher<T> };

/**
 * A router made by `webfw.Router()` (and `app.router`): its handlers get webfw's request and
 * response, and its methods take what the app's take (`req.params` inferred from a literal
 * path, the same generics). At run time it is `@webfw/router`'s router.
 */
export interface Router extends Omit<RouterInstance<Request, Response>, HttpMethod | 'all' | 'use' | 'route' | 'param'>, RouteMatchers<Router> {
  (req: IncomingMessage, res: ServerResponse, next: NextFunction): void;
  /** Mounts middleware, routers or apps on `/` or on a path. */
  use: UseMethod<this>;
  /** A route for `path`, to chain `.get().post()...` on; `req.params` inferred from a literal path. */
  route<Route extends string | RegExp>(path: Route): AppRoute<PathParamsOf<Route>>;
  route(path: PathArgument): AppRoute;
  /** Runs `fn(req, res, next, value, name)` before the handlers of a layer whose path has `:name`. */
  param(name: string, fn: ParamHandler): this;
}

/** The router an app routes through (`app.router`): typed as `webfw.Router()`'s (params inferred from literal paths). */
export type AppRouter = Router;

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
 * A setting name other than the known ones (`app.set('port', 3000)`): a known name must be
 * given a value of its type.
 */
export type OtherSetting<S extends string> = S extends keyof KnownSettings ? never : S;

/**
 * A value whose type says nothing (`unknown`, or `{}`/`{} | null` as narrowing leaves it):
 * webfw checks it when it is set; any other type is `never` here (it must fit the setting).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- `{}` is what narrowing `unknown` gives
export type UncheckedValue<V> = {} extends V ? unknown : never;

/** Listener of the `mount` event: receives the parent app. */
export type MountListener = (parent: Application) => void;

/**
 * An application: a `(req, res[, next])` handler for `http.createServer`/`https.createServer`
 * that is also an event emitter, mountable in another app or router. `Locals` types
 * `app.locals` (with the global `Express.Locals`), as @types/express's `Application<Locals>`.
 */
export interface Application<Locals extends object = DefaultLocals> extends EventEmitter, Express.Application {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  /** Settings by name; a sub-app's inherit from its parent's. */
  settings: Record<string, unknown>;
  /** Variables for every template the app renders; `locals.settings` is `app.settings`. */
  locals: Locals & Express.Locals;
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
  /** Sets up the app (settings, `mount` inheritance); called by `webfw()`. */
  init(): void;
  /** Applies the default settings; called by `init`. */
  defaultConfiguration(): void;
  /** Runs the app's stack for a request; `callback` gets what no layer handled (default: the final handler). */
  handle(req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void;
  /** Mounts middleware, routers or apps, on `/` or on a path. */
  use: UseMethod<this>;
  /** A route for `path`, to chain `.get().post()...` on; `req.params` inferred from a literal path. */
  route<Route extends string | RegExp>(path: Route): AppRoute<PathParamsOf<Route>>;
  route(path: PathArgument): AppRoute;
  /** Registers a template engine for an extension. */
  engine(ext: string, fn: EngineFunction): this;
  /** Runs `fn(req, res, next, value, name)` once per request before routes using `:name`. */
  param(name: string | readonly string[], fn: ParamHandler): this;
  /**
   * Sets a setting: a known one (see `KnownSettings`) takes a value of its type, or one typed
   * `unknown` (checked at run time, as express does); any other name takes anything.
   */
  set<K extends keyof KnownSettings>(setting: K, value: KnownSettings[K] | undefined): this;
  set<K extends keyof KnownSettings, V>(setting: K, value: V & UncheckedValue<V>): this;
  set<S extends string>(setting: OtherSetting<S>, value: unknown): this;
  set<K extends keyof KnownSettings>(setting: K): KnownSettings[K];
  set(setting: string): unknown;
  /** Reads a setting (one argument), or routes GET (a path and handlers). */
  get: (<K extends keyof KnownSettings>(setting: K) => KnownSettings[K]) & ((setting: string) => unknown) & RouteMatcher<this>;
  /** The app's absolute mount path (parents' included). */
  path(): string;
  /** Whether a setting is truthy. */
  enabled(setting: string): boolean;
  /** Whether a setting is falsy. */
  disabled(setting: string): boolean;
  /** Sets a setting to true. */
  enable(setting: string): this;
  /** Sets a setting to false. */
  disable(setting: string): this;
  /** Renders a view to a string (`app.locals` < `options`). */
  render(name: string, options: object, callback: RenderCallback): void;
  render(name: string, callback: RenderCallback): void;
  /** Creates an HTTP server for the app and listens; the callback also receives a listen error. */
  /** HTTP/2 over TLS with HTTP/1.1 on the same port (`{ tls, http2: true }`; see listen.ts). */
  listen(options: Http2TlsListenOptions, callback?: ListenCallback): Http2SecureServer;
  /** Cleartext HTTP/2, h2c (`{ http2: true }` without `tls`). */
  listen(options: Http2ListenOptions, callback?: ListenCallback): Http2Server;
  /** HTTPS (`{ tls }`). */
  listen(options: HttpsListenOptions, callback?: ListenCallback): HttpsServer;
  listen(port?: number, hostname?: string, backlog?: number, callback?: ListenCallback): Server;
  listen(port: number, hostname: string, callback?: ListenCallback): Server;
  listen(port: number, callback?: ListenCallback): Server;
  listen(path: string, callback?: ListenCallback): Server;
  listen(callback?: ListenCallback): Server;
  listen(options: ListenOptions, callback?: ListenCallback): Server;
  /** `mount`: emitted on a sub-app when it is mounted, with the parent app. */
  on(event: 'mount', listener: MountListener): this;
  on(event: string | symbol, listener: (...args: never[]) => void): this;
  /** `mount`, once. */
  once(event: 'mount', listener: MountListener): this;
  once(event: string | symbol, listener: (...args: never[]) => void): this;
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
