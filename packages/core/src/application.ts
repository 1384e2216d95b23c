import { EventEmitter } from 'node:events';
import { createServer, IncomingMessage, METHODS, ServerResponse, type Server } from 'node:http';
import { resolve } from 'node:path';
import Router, { type RouteParameters, type RouterInstance, type RouterOptions } from '@webfw/router';
import { endUnhandled, type FinalHandlerOptions } from './final-handler';
import type { ParamsDictionary, Request } from './request';
import type { Response } from './response';
import {
  compileETag,
  compileQueryParser,
  compileTrust,
  readSetting,
  TRUST_PROXY_DEFAULT,
  type ETagFunction,
  type ETagSetting,
  type ParsedQuery,
  type QueryParser,
  type QueryParserSetting,
  type TrustFunction,
  type TrustProxySetting,
} from './settings';
import { startHeaders } from './response-headers';
import { View, type EngineFunction, type ViewConstructor, type ViewLike } from './view';

/**
 * Passes control to the next middleware: `next()` continues, `next(err)` skips to error
 * middleware, `next('route')` skips the rest of the route, `next('router')` leaves the router.
 */
export interface NextFunction {
  (err?: unknown): void;
  (deferToNext: 'route' | 'router'): void;
}

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

/** A path argument: string, path pattern, regular expression, or an array of these. */
export type PathArgument = string | RegExp | readonly (string | RegExp)[];

/** A parameter callback `(req, res, next, value, name)` registered with `app.param`. */
export type ParamHandler = Bivariant<[req: Request, res: Response, next: NextFunction, value: string, name: string], unknown>;

/**
 * Callback arguments whose top-level functions are plain handlers: lets TypeScript type the
 * parameters of inline `(req, res, next)` functions given next to arrays.
 */
export type PlainHandlerArgument<P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery> =
  | RequestHandler<P, ReqBody, ReqQuery>
  | readonly HandlerArgument<P, ReqBody, ReqQuery>[];

/** Registers handlers for a path; `req.params` is inferred from a literal path. */
export interface RouteMatcher<T> {
  <Path extends string, P = RouteParameters<Path>, ReqBody = unknown, ReqQuery = ParsedQuery>(path: Path, ...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <Path extends string, P = RouteParameters<Path>, ReqBody = unknown, ReqQuery = ParsedQuery>(path: Path, ...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(path: PathArgument, ...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(path: PathArgument, ...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
}

/** Mounts middleware, routers or apps, on `/` or on a path. */
export interface UseMethod<T> {
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <Path extends string, P = RouteParameters<Path>, ReqBody = unknown, ReqQuery = ParsedQuery>(path: Path, ...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <Path extends string, P = RouteParameters<Path>, ReqBody = unknown, ReqQuery = ParsedQuery>(path: Path, ...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(path: PathArgument, ...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery>(path: PathArgument, ...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
}

/** Registers handlers on a route (the path is the route's). */
export interface RouteHandlers<P, T> {
  <ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: PlainHandlerArgument<P, ReqBody, ReqQuery>[]): T;
  <ReqBody = unknown, ReqQuery = ParsedQuery>(...handlers: HandlerArgument<P, ReqBody, ReqQuery>[]): T;
}

/** HTTP methods (lower case) node knows; each is an `app.METHOD` and a route method. */
export type HttpMethod =
  | 'acl' | 'bind' | 'checkout' | 'connect' | 'copy' | 'delete' | 'get' | 'head' | 'link' | 'lock'
  | 'm-search' | 'merge' | 'mkactivity' | 'mkcalendar' | 'mkcol' | 'move' | 'notify' | 'options'
  | 'patch' | 'post' | 'propfind' | 'proppatch' | 'purge' | 'put' | 'query' | 'rebind' | 'report'
  | 'search' | 'source' | 'subscribe' | 'trace' | 'unbind' | 'unlink' | 'unlock' | 'unsubscribe';

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

/** Options of `webfw.Router([options])`: `caseSensitive`, `mergeParams`, `strict`. */
export type { RouterOptions };

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

/** Lower-cased HTTP methods known to node, each an `app.METHOD`. */
export const methods: readonly string[] = METHODS.map((m) => m.toLowerCase());

const ROUTER = Symbol('webfw.router');
const FINAL_OPTIONS = Symbol('webfw.finalOptions');
const SERVER_CLASSES = Symbol('webfw.serverClasses');

interface ServerClasses {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

interface AppInternals {
  [ROUTER]?: AppRouter;
  [FINAL_OPTIONS]?: FinalHandlerOptions;
  [SERVER_CLASSES]?: ServerClasses;
}

type App = Application & AppInternals;

/** Mounted sub-apps are recognised by having `handle` and `set`, as express does. */
interface MountableApp {
  handle: Application['handle'];
  set: unknown;
}

function isApp(fn: unknown): fn is Application {
  return typeof fn === 'function' && typeof (fn as Partial<MountableApp>).handle === 'function' && typeof (fn as Partial<MountableApp>).set === 'function';
}

function logError(app: Application, err: unknown): void {
  if (app.get('env') === 'test') return;
  // console.error inspects any value, even an object without a prototype (String() would throw)
  console.error(err);
}

/** The error logger of an app's final handler, made once per app. */
function appOnError(app: App): NonNullable<FinalHandlerOptions['onerror']> {
  let options = app[FINAL_OPTIONS];
  if (options === undefined) {
    options = { onerror: (err: unknown) => logError(app, err) };
    app[FINAL_OPTIONS] = options;
  }
  return options.onerror!;
}

/**
 * Marks an app's request/response prototype made by `webfw()`: holds the class (extending
 * node's) whose `prototype` it is, for the servers `app.listen` creates.
 */
export const APP_CLASS = Symbol('webfw.appClass');

type ClassOf<T> = { [APP_CLASS]?: T };

/**
 * The request and response classes of the servers the app creates itself (`app.listen`):
 * their instances are born with `app.request` / `app.response` as prototypes, so requests
 * need no prototype switch. Undefined when the app's prototypes were replaced by the user
 * (the server then uses node's classes and `handle` switches prototypes).
 */
function serverClasses(app: App): ServerClasses | undefined {
  let classes = app[SERVER_CLASSES];
  if (classes === undefined) {
    const requestClass = Object.prototype.hasOwnProperty.call(app.request, APP_CLASS) ? (app.request as ClassOf<typeof IncomingMessage>)[APP_CLASS] : undefined;
    const responseClass = Object.prototype.hasOwnProperty.call(app.response, APP_CLASS) ? (app.response as ClassOf<typeof ServerResponse>)[APP_CLASS] : undefined;
    if (requestClass === undefined || responseClass === undefined) return undefined;
    classes = { IncomingMessage: requestClass, ServerResponse: responseClass };
    app[SERVER_CLASSES] = classes;
  }
  return classes;
}

/** The application prototype: every app inherits these methods (and EventEmitter's). */
export const application = Object.create(Function.prototype) as Application;

for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
  if (key === 'constructor') continue;
  Object.defineProperty(application, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor);
}

const proto = application as unknown as Record<string, unknown>;

function define(name: string, value: unknown): void {
  Object.defineProperty(proto, name, { configurable: true, enumerable: true, writable: true, value });
}

/** Initialises a new app: caches, engines, settings and their defaults. */
define('init', function init(this: App): void {
  this.cache = Object.create(null) as Record<string, ViewLike>;
  this.engines = Object.create(null) as Record<string, EngineFunction>;
  this.settings = Object.create(null) as Record<string, unknown>;
  this.defaultConfiguration();
});

function onMount(this: App, parent: Application): void {
  const settings = this.settings as Record<string | symbol, unknown>;
  if (settings[TRUST_PROXY_DEFAULT] === true && typeof parent.settings['trust proxy fn'] === 'function') {
    delete settings['trust proxy'];
    delete settings['trust proxy fn'];
  }
  Object.setPrototypeOf(this.request, parent.request);
  Object.setPrototypeOf(this.response, parent.response);
  Object.setPrototypeOf(this.engines, parent.engines);
  Object.setPrototypeOf(this.settings, parent.settings);
}

/**
 * Sets the default settings: `x-powered-by`, `etag` weak, `env` from NODE_ENV (else
 * `development`), `query parser` simple, `subdomain offset` 2, `trust proxy` false (marked
 * as default so a mounted sub-app inherits its parent's), `view`, `views` (`./views`),
 * `jsonp callback name`, and `view cache` in production.
 */
define('defaultConfiguration', function defaultConfiguration(this: App): void {
  const env = process.env.NODE_ENV || 'development';
  this.enable('x-powered-by');
  this.set('etag', 'weak');
  this.set('env', env);
  this.set('query parser', 'simple');
  this.set('subdomain offset', 2);
  this.set('trust proxy', false);
  Object.defineProperty(this.settings, TRUST_PROXY_DEFAULT, { configurable: true, value: true });
  this.on('mount', onMount);
  this.locals = Object.create(null) as Record<string, unknown>;
  this.mountpath = '/';
  this.locals.settings = this.settings;
  this.set('view', View);
  this.set('views', resolve('views'));
  this.set('jsonp callback name', 'callback');
  if (env === 'production') this.enable('view cache');
});

Object.defineProperty(proto, 'router', {
  configurable: true,
  enumerable: true,
  get(this: App): AppRouter {
    let router = this[ROUTER];
    if (router === undefined) {
      router = new Router<Request, Response>({
        caseSensitive: this.enabled('case sensitive routing'),
        strict: this.enabled('strict routing'),
      });
      this[ROUTER] = router;
    }
    return router;
  },
});

/**
 * Handles a request: links req and res, gives them this app's request/response prototypes,
 * sends `X-Powered-By: webfw` when enabled, and runs the router; `callback` (or the final
 * handler: 404, or the error response) runs when no middleware ends the request.
 */
define('handle', function handle(this: App, req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void {
  const app = this;
  // the final handler: 404, or the error response, with the `env` read when it runs
  const done =
    callback ||
    function finalHandler(err?: unknown): void {
      endUnhandled(req, res, err, readSetting(app, 'env') as string | undefined, appOnError(app));
    };
  startHeaders(res, Boolean(readSetting(this, 'x-powered-by')));
  const r = req as Request;
  const s = res as Response;
  r.res = s;
  s.req = r;
  r.next = done;
  if (Object.getPrototypeOf(req) !== this.request) Object.setPrototypeOf(req, this.request);
  if (Object.getPrototypeOf(res) !== this.response) Object.setPrototypeOf(res, this.response);
  if (!s.locals) s.locals = Object.create(null) as Record<string, unknown>;
  this.router.handle(r, s, done);
});

function flatten(args: unknown[]): unknown[] {
  return args.flat(Infinity);
}

/**
 * Mounts middleware on `path` (default `/`): functions, routers, apps or arrays of them.
 * A mounted app gets `mountpath` and `parent`, emits `mount`, inherits settings, and has its
 * own request/response prototypes in effect while it runs. Throws a TypeError without any
 * function.
 */
define('use', function use(this: App, fn: unknown): App {
  let offset = 0;
  let path: unknown = '/';
  if (typeof fn !== 'function') {
    let arg = fn;
    while (Array.isArray(arg) && arg.length !== 0) arg = arg[0];
    if (typeof arg !== 'function') {
      offset = 1;
      path = fn;
    }
  }
  const fns = flatten(Array.prototype.slice.call(arguments, offset));
  if (fns.length === 0) throw new TypeError('app.use() requires a middleware function');
  const router = this.router as unknown as { use(path: unknown, fn: unknown): unknown };
  for (const f of fns) {
    if (!isApp(f)) {
      router.use(path, f);
      continue;
    }
    const sub = f as App;
    sub.mountpath = path as string;
    sub.parent = this;
    router.use(path, function mounted_app(req: Request, res: Response, next: NextFunction): void {
      const orig = req.app;
      sub.handle(req, res, (err?: unknown) => {
        Object.setPrototypeOf(req, orig.request);
        Object.setPrototypeOf(res, orig.response);
        next(err);
      });
    });
    sub.emit('mount', this);
  }
  return this;
});

/** Creates a route for `path` on the app's router; chain verbs on it. */
define('route', function route(this: App, path: PathArgument): AppRoute {
  return this.router.route(path) as unknown as AppRoute;
});

/**
 * Registers a template engine for `ext` (with or without dot): `fn(path, options, cb)`.
 * Throws when `fn` is not a function.
 */
define('engine', function engine(this: App, ext: string, fn: EngineFunction): App {
  if (typeof fn !== 'function') throw new Error('callback function required');
  const extension = ext[0] !== '.' ? `.${ext}` : ext;
  this.engines[extension] = fn;
  return this;
});

/** Registers a parameter callback for a name or each name of an array, on the app's router. */
define('param', function param(this: App, name: string | readonly string[], fn: ParamHandler): App {
  if (Array.isArray(name)) {
    for (const n of name as string[]) this.param(n, fn);
    return this;
  }
  (this.router as unknown as { param(name: string, fn: ParamHandler): unknown }).param(name as string, fn);
  return this;
});

/**
 * With one argument returns the setting (own or inherited from the parent app; undefined if
 * unset). With two assigns it; `etag`, `query parser` and `trust proxy` also compile their
 * `... fn` setting (throwing a TypeError for unknown values).
 */
define('set', function set(this: App, setting: string, value?: unknown): unknown {
  if (arguments.length === 1) {
    let settings: object | null = this.settings;
    while (settings && settings !== Object.prototype) {
      if (Object.prototype.hasOwnProperty.call(settings, setting)) return (settings as Record<string, unknown>)[setting];
      settings = Object.getPrototypeOf(settings) as object | null;
    }
    return undefined;
  }
  this.settings[setting] = value;
  switch (setting) {
    case 'etag':
      this.set('etag fn', compileETag(value));
      break;
    case 'query parser':
      this.set('query parser fn', compileQueryParser(value));
      break;
    case 'trust proxy':
      this.set('trust proxy fn', compileTrust(value));
      Object.defineProperty(this.settings, TRUST_PROXY_DEFAULT, { configurable: true, value: false });
      break;
  }
  return this;
});

/** The app's canonical path: the parents' paths and mount paths joined; `''` for the root app. */
define('path', function path(this: App): string {
  return this.parent ? this.parent.path() + String(this.mountpath) : '';
});

/** Whether the setting is truthy. */
define('enabled', function enabled(this: App, setting: string): boolean {
  return Boolean(this.set(setting));
});

/** Whether the setting is falsy. */
define('disabled', function disabled(this: App, setting: string): boolean {
  return !this.set(setting);
});

/** Sets the setting to true. */
define('enable', function enable(this: App, setting: string): App {
  return this.set(setting, true);
});

/** Sets the setting to false. */
define('disable', function disable(this: App, setting: string): App {
  return this.set(setting, false);
});

for (const method of methods) {
  /**
   * `app.METHOD(path, ...handlers)` routes requests of that method; `app.get(name)` with a
   * single argument returns a setting.
   */
  define(method, function routeMethod(this: App, path: PathArgument): unknown {
    if (method === 'get' && arguments.length === 1) return this.set(path as string);
    const route = this.route(path) as unknown as Record<string, (...handlers: unknown[]) => unknown>;
    route[method].apply(route, Array.prototype.slice.call(arguments, 1));
    return this;
  });
}

/** Routes every HTTP method on `path` to the handlers. */
define('all', function all(this: App, path: PathArgument): App {
  const route = this.route(path) as unknown as { all: (...handlers: unknown[]) => unknown };
  route.all.apply(route, Array.prototype.slice.call(arguments, 1));
  return this;
});

function merge(target: Record<string, unknown>, source: object | null | undefined): void {
  if (!source) return;
  for (const key of Object.keys(source)) target[key] = (source as Record<string, unknown>)[key];
}

/**
 * Renders view `name` with the app's locals, `options._locals` (res.locals) and `options`
 * merged in that order, and calls back `(err, html)`. `options.cache` (default: the
 * `view cache` setting) caches the resolved view. A view not found gives an error naming
 * the directories searched; a name without extension and no `view engine`, or an engine
 * module without entry point, throws.
 */
define('render', function render(this: App, name: string, options?: object | RenderCallback, callback?: RenderCallback): void {
  let done = callback as RenderCallback;
  let opts = (options ?? {}) as Record<string, unknown>;
  if (typeof options === 'function') {
    done = options as RenderCallback;
    opts = {};
  }
  const renderOptions: Record<string, unknown> = {};
  merge(renderOptions, this.locals);
  merge(renderOptions, opts._locals as object | undefined);
  merge(renderOptions, opts);
  if (renderOptions.cache == null) renderOptions.cache = this.enabled('view cache');
  let view: ViewLike | undefined;
  if (renderOptions.cache) view = this.cache[name];
  if (!view) {
    const ViewClass = this.get('view') as ViewConstructor;
    view = new ViewClass(name, {
      defaultEngine: this.get('view engine') as string | undefined,
      root: this.get('views') as string | string[],
      engines: this.engines,
    });
    if (!view.path) {
      const root = view.root;
      const dirs =
        Array.isArray(root) && root.length > 1
          ? `directories "${root.slice(0, -1).join('", "')}" or "${root[root.length - 1]}"`
          : `directory "${String(root)}"`;
      const err = new Error(`Failed to lookup view "${name}" in views ${dirs}`) as Error & { view: ViewLike };
      err.view = view;
      done(err);
      return;
    }
    if (renderOptions.cache) this.cache[name] = view;
  }
  try {
    view.render(renderOptions, done as (err: unknown, html?: string) => void);
  } catch (err) {
    done(err as Error);
  }
});

/**
 * Creates an HTTP server for the app and listens: `(port, host, backlog, cb)`, `(path, cb)`
 * for a UNIX socket, or node's options form. The callback also receives a listen error.
 * Returns the server.
 */
define('listen', function listen(this: App, ...args: unknown[]): Server {
  const classes = serverClasses(this);
  const server = classes ? createServer(classes, this) : createServer(this);
  const last = args[args.length - 1];
  if (typeof last === 'function') {
    let called = false;
    const done = (...cbArgs: unknown[]): void => {
      if (called) return;
      called = true;
      (last as (...a: unknown[]) => void).apply(server, cbArgs);
    };
    args[args.length - 1] = done;
    server.once('error', done);
  }
  return server.listen(...(args as Parameters<Server['listen']>));
});
