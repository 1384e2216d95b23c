/**
 * The application prototype, read as express's lib/application.js: every method of an app in
 * order (init, defaultConfiguration, router, handle, use, route, engine, param, set, path,
 * enabled/disabled/enable/disable, METHOD and all, render, listen). Its types are in
 * types.ts; how requests and responses get the app's prototypes is in ../prototypes/.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { Router, methods, useArguments } from '@webfw/router';
import type { AppRoute, AppRouter, Application, ParamHandler, PathArgument, RenderCallback } from './types';
import { endUnhandled, type FinalHandlerOptions } from './final-handler';
import { serverClasses } from '../prototypes/app-prototype';
import { http2Classes } from '../prototypes/http2';
import { adoptServerOf } from '../prototypes/server-adoption';
import { mountApp } from '../prototypes/sub-app';
import { adoptRequest, adoptResponse } from '../prototypes/twins';
import { createAppServer, isServerListenOptions, listenOptionsOf, type AppServer, type Http1Classes } from './listen';
import type { Request } from '../request/request';
import type { Response } from '../response/types';
import { startHeaders } from '../response/headers';
import { compileETag, compileQueryParser, compileTrust, settingsOf } from './settings';
import { FINAL_OPTIONS, ROUTER, SERVER_CLASSES, TRUST_PROXY_DEFAULT } from '../utils/symbols';
import { fetchMember } from '../fetch/handler';
import { View, type EngineFunction, type ViewConstructor, type ViewLike } from '../view';

/** Lower-cased HTTP methods known to node, each an `app.METHOD` (the router's list). */
export { methods };

interface AppInternals {
  [ROUTER]?: AppRouter;
  [FINAL_OPTIONS]?: FinalHandlerOptions;
  [SERVER_CLASSES]?: Http1Classes;
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

/** The application prototype: every app inherits these methods (and EventEmitter's). */
export const application = Object.create(Function.prototype) as Application;

for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
  if (key === 'constructor') continue;
  Object.defineProperty(application, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor);
}

const proto = application as unknown as Record<string, unknown>;

Object.defineProperty(proto, 'fetch', fetchMember);

/**
 * A new app's settings object: empty, with a null prototype, as express's `Object.create(null)`.
 * Made from `{}` instead: V8 makes every `Object.create(null)` object dictionary-mode, and each
 * setting read on the request path (`x-powered-by`, `etag fn`, `json spaces` ...) would go
 * through its generic lookup; `{}` given a null prototype keeps its fast shape.
 */
function newSettings(): Record<string, unknown> {
  return Object.setPrototypeOf({}, null) as Record<string, unknown>;
}

function define(name: string, value: unknown): void {
  Object.defineProperty(proto, name, { configurable: true, enumerable: true, writable: true, value });
}

/** Initialises a new app: caches, engines, settings and their defaults. */
define('init', function init(this: App): void {
  this.cache = Object.create(null) as Record<string, ViewLike>;
  this.engines = Object.create(null) as Record<string, EngineFunction>;
  this.settings = newSettings();
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
      // the router package's router, typed as core's (webfw's request, response and generics)
      router = new Router<Request, Response>({
        caseSensitive: this.enabled('case sensitive routing'),
        strict: this.enabled('strict routing'),
      }) as unknown as AppRouter;
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
  // the final handler: 404, or the error response, with the `env` read when it runs
  const done = callback || ((err?: unknown): void => endUnhandled(req, res, err, settingsOf(this)['env'] as string | undefined, appOnError(this)));
  startHeaders(res, Boolean(settingsOf(this)['x-powered-by']));
  const r = req as Request;
  const s = res as Response;
  r.res = s;
  s.req = r;
  r.next = done;
  // (HTTP/2 compat objects get the prototypes' HTTP/2 twins: ../prototypes/http2.ts; those of app.listen's
  // servers and adopted ones are born with them)
  if (Object.getPrototypeOf(req) !== this.request && adoptRequest(req, this.request)) {
    // a server the user made: later requests are born with the app's prototypes
    // (../prototypes/server-adoption.ts)
    if (callback === undefined) adoptServerOf(req, this);
  }
  if (Object.getPrototypeOf(res) !== this.response) adoptResponse(res, this.response);
  if (!s.locals) s.locals = Object.create(null) as Record<string, unknown>;
  this.router.handle(r, s, done);
});

/**
 * Mounts middleware on `path` (default `/`): functions, routers, apps or arrays of them.
 * A mounted app gets `mountpath` and `parent`, emits `mount`, inherits settings, and has its
 * own request/response prototypes in effect while it runs. Throws a TypeError without any
 * function.
 */
define('use', function use(this: App): App {
  const { path, callbacks: fns } = useArguments(arguments);
  if (fns.length === 0) throw new TypeError('app.use() requires a middleware function');
  const router = this.router as unknown as { use(path: unknown, fn: unknown): unknown };
  for (const f of fns) {
    if (!isApp(f)) {
      router.use(path, f);
      continue;
    }
    mountApp(router, path, this, f as App);
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
    route[method]!(...Array.prototype.slice.call(arguments, 1));
    return this;
  });
}

/** Routes every HTTP method on `path` to the handlers. */
define('all', function all(this: App, path: PathArgument): App {
  const route = this.route(path) as unknown as { all: (...handlers: unknown[]) => unknown };
  route.all(...Array.prototype.slice.call(arguments, 1));
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
 * for a UNIX socket, or node's options form; with `tls` and/or `http2: true` in the options
 * (listen.ts), an HTTPS, HTTP/2 over TLS (HTTP/1.1 fallback) or h2c server. The callback also
 * receives a listen error. Returns the server.
 */
define('listen', function listen(this: App, ...args: unknown[]): AppServer {
  const classes = serverClasses(this);
  const options = isServerListenOptions(args[0]) ? args[0] : undefined;
  if (options !== undefined) args[0] = listenOptionsOf(options);
  const h2Classes = options?.http2 ? http2Classes(this.request, this.response) : undefined;
  const server = createAppServer(this as unknown as Parameters<typeof createAppServer>[0], options, classes, h2Classes) as Server;
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
