/**
 * The 3.x application prototype: the 4.x one (see ../v4/application.ts) with express 3's
 * interfaces, one section each below: `app.configure`; `app.router`, `app.routes`, `app.VERB`
 * and `app.all`; `app.param` with customisers; callable `app.locals`; literal mount paths
 * followed by `/` or `.`; the 3.x setting defaults.
 */
import depd from 'depd';
import type { LayerV4 } from '@webfw/router/v4';
import { application as application5, methods } from '../application/application';
import type { NextFunction, ParamHandler } from '../application/types';
import { fetchMember } from '../fetch/handler';
import type { Request } from '../request/request';
import type { Response } from '../response/response';
import { appDel, application as application4, type AppV4 } from '../v4/application';
import { copyMembers, method } from '../v4/members';
import { QUERY_PARSER_DEFAULT } from '../v4/query-parser';
import { Router } from '../v4/router';

const deprecate = depd('express');

// ---- app.configure

/*
 * `app.configure([env, ...], callback)` runs `callback` with the app as `this` when one of
 * the named environments is `app.get('env')`, or always when none is named, and returns the
 * app. Deprecated as express 3.21 deprecated it (depd, namespace `express`, once per call site):
 * `app.configure: Check app.get('env') in an if statement`.
 */

/** What `configure` needs of the app. */
interface Configurable {
  settings: Record<string, unknown>;
}

/** `app.configure([env, ...], callback)`. */
export function configure<T extends Configurable>(this: T, ...args: unknown[]): T {
  deprecate("app.configure: Check app.get('env') in an if statement");
  const callback = args.pop() as (this: T) => void;
  if (args.length === 0 || args.includes(this.settings.env)) callback.call(this);
  return this;
}

// ---- app.router, app.routes, app.VERB, app.all

/*
 * routes live apart from the middleware stack. `app.VERB(path, ...callbacks)` and
 * `app.all` add routes to the app's routes router, which `app.router` (a middleware named
 * `router`) dispatches where it is mounted: `app.use(app.router)`, or where the first route
 * was added when the app never read `app.router`. The `case sensitive routing` and `strict
 * routing` settings are read when `app.router` is first read.
 *
 * `app.routes` maps each lower-case verb to its routes in order, as records with `path`,
 * `method`, `callbacks` (flattened), `keys` (`{ name, optional }`) and `regexp`, and a
 * `match(path)` method. It is live: a record removed from its list (or a list replaced) is no
 * longer matched. `app.all` adds one record per verb.
 */

/** The routes router of a 3.x app: an express 4 router (../v4/router.ts). */
export type RoutesRouter = ReturnType<typeof Router>;

/** One route as `app.routes` lists it. */
export class RouteRecord {
  /** The parameters of the last successful `match`, numbered captures as array items. */
  declare params?: string[] & Record<string, string | undefined>;

  constructor(
    /** The path as given to `app.VERB`. */
    public path: unknown,
    /** The lower-case verb. */
    public method: string,
    /** The route's callbacks, flattened. */
    public callbacks: unknown[],
    /** The named parameters, in capture order. */
    public keys: { name: string | number; optional: boolean }[],
    /** The compiled path. */
    public regexp: RegExp,
  ) {}

  /**
   * Whether `path` matches; sets `this.params` (an array: named captures by name, the others
   * pushed). A capture that is not valid percent-encoding throws an error with status 400.
   */
  match(path: string): boolean {
    const params = [] as unknown as string[] & Record<string, string | undefined>;
    this.params = params;
    const m = this.regexp.exec(path);
    if (!m) return false;
    for (let i = 1; i < m.length; i++) {
      const key = this.keys[i - 1];
      const raw = m[i];
      let value: string | undefined;
      try {
        value = typeof raw === 'string' ? decodeURIComponent(raw) : raw;
      } catch {
        throw Object.assign(new Error(`Failed to decode param '${raw}'`), { status: 400 });
      }
      if (key) params[key.name as string] = value;
      else params.push(value as string);
    }
    return true;
  }
}

Object.defineProperty(RouteRecord.prototype, 'params', { writable: true, configurable: true, enumerable: false, value: undefined });

/** A 3.x app as these members see it. */
export interface RoutesApp {
  settings: Record<string, unknown>;
  routes: Record<string, RouteRecord[] | undefined>;
  _usedRouter?: boolean;
  readonly router: (req: Request, res: Response, next: NextFunction) => void;
  enabled(setting: string): boolean;
  set(setting: string, value?: unknown): unknown;
  use(...args: unknown[]): unknown;
}

const ROUTES_ROUTER = Symbol('webfw.v3.routesRouter');
const ROUTER_MIDDLEWARE = Symbol('webfw.v3.routerMiddleware');

interface RoutesState {
  [ROUTES_ROUTER]?: RoutesRouter;
  [ROUTER_MIDDLEWARE]?: (req: Request, res: Response, next: NextFunction) => void;
}

/** The app's routes router, made (with the routing settings of that moment) when first needed. */
export function routesRouter(app: RoutesApp): RoutesRouter {
  const state = app as unknown as RoutesState;
  let router = state[ROUTES_ROUTER];
  if (router === undefined) {
    router = Router({ caseSensitive: app.enabled('case sensitive routing'), strict: app.enabled('strict routing') });
    Object.defineProperty(app, ROUTES_ROUTER, { value: router });
  }
  return router;
}

/** `app.router`: marks the router used and returns the middleware that dispatches the routes. */
function getRouter(this: RoutesApp): (req: Request, res: Response, next: NextFunction) => void {
  this._usedRouter = true;
  const state = this as unknown as RoutesState;
  let middleware = state[ROUTER_MIDDLEWARE];
  if (middleware === undefined) {
    const routes = routesRouter(this);
    middleware = function router(req: Request, res: Response, next: NextFunction): void {
      routes.handle(req, res, next);
    };
    Object.defineProperty(this, ROUTER_MIDDLEWARE, { value: middleware });
  }
  return middleware;
}

/** Whether `record` is still listed in `app.routes` (so its route is matched). */
function listed(app: RoutesApp, record: RouteRecord): boolean {
  const list = app.routes[record.method];
  return Array.isArray(list) && list.includes(record);
}

type RouteWithMethods = Record<string, (...handlers: unknown[]) => unknown> & { stack: unknown[] };

/** Adds one route for `method` and its record in `app.routes`. */
function addRoute(app: RoutesApp, method: string, path: unknown, callbacks: unknown[]): void {
  if (!app._usedRouter) app.use(app.router);
  const router = routesRouter(app);
  const route = router.route(path as string) as unknown as RouteWithMethods;
  const layer = router.stack[router.stack.length - 1] as unknown as LayerV4;
  const handlers = callbacks.flat(Infinity);
  route[method]!(...handlers);
  const keys = layer.keys.map((key) => ({ name: key.name, optional: key.optional }));
  const record = new RouteRecord(path, method, handlers, keys, layer.regexp);
  // the route is matched only while its record is listed: a removed record passes the request on
  route[method]!(function routeListed(_req: Request, _res: Response, next: NextFunction): void {
    next(listed(app, record) ? undefined : 'route');
  });
  route.stack.unshift(route.stack.pop());
  (app.routes[method] ??= []).push(record);
}

/** `app.VERB(path, ...callbacks)` (and `app.get(setting)`). */
function verb(method: string) {
  return function (this: RoutesApp, path: unknown, ...callbacks: unknown[]): unknown {
    if (method === 'get' && arguments.length === 1) return this.set(path as string);
    addRoute(this, method, path, callbacks);
    return this;
  };
}

/** `app.all(path, ...callbacks)`: a route (and record) for every verb. */
function all(this: RoutesApp, path: unknown, ...callbacks: unknown[]): RoutesApp {
  for (const method of methods) addRoute(this, method, path, callbacks);
  return this;
}

/** The 3.x app members of routing: `app.router`, `app.VERB`, `app.all`. */
export const routesMembers: PropertyDescriptorMap = {
  router: { configurable: true, enumerable: true, get: getRouter },
  ...Object.fromEntries(methods.map((m) => [m, { configurable: true, enumerable: true, writable: true, value: verb(m) }])),
  all: { configurable: true, enumerable: true, writable: true, value: all },
};

// ---- app.param

/*
 * `app.param` registers on the app's routes router (./app-routes.ts), as express 3 did:
 * `app.param(name, ...callbacks)` (a name or an array of names; a leading `:` is dropped),
 * and `app.param(customizer)`, not deprecated in 3.x: each later `app.param(name, callback)`
 * passes `(name, callback)` through the customisers, a truthy result replacing the callback
 * (for example a RegExp made into a validating callback). A callback that is still not a
 * function throws `invalid param() call for <name>, got <callback>`.
 */

/** A customiser of later `app.param(name, callback)` calls: returns the callback to register, or nothing. */
export type ParamCustomizerV3 = (name: string, callback: unknown) => ParamHandler | undefined | null | false | void;

const CUSTOMIZERS = new WeakMap<object, ParamCustomizerV3[]>();

/** `app.param(name | names | customizer, ...callbacks)`. */
export function param<T extends RoutesApp>(this: T, name: string | readonly string[] | ParamCustomizerV3, ...callbacks: unknown[]): T {
  const router = routesRouter(this);
  let customizers = CUSTOMIZERS.get(router);
  if (customizers === undefined) CUSTOMIZERS.set(router, (customizers = []));
  if (typeof name === 'function') {
    customizers.push(name);
    return this;
  }
  const names = Array.isArray(name) ? (name as readonly string[]) : [name as string];
  for (const given of names) {
    const key = given[0] === ':' ? given.slice(1) : given;
    for (const fn of callbacks) {
      let callback = fn;
      for (const customize of customizers) {
        const ret = customize(key, callback);
        if (ret) callback = ret;
      }
      if (typeof callback !== 'function') throw new Error(`invalid param() call for ${key}, got ${String(callback)}`);
      router.param(key, callback as never);
    }
  }
  return this;
}

// ---- app.locals

/*
 * 3.x: `app.locals` and `res.locals` are functions: calling one with an object merges the
 * object's enumerable properties (own and inherited, as `for...in` sees them) into it and
 * returns the object. `app.locals.settings` is `app.settings`, the one app-level local by
 * default. A `__proto__` key is merged as an own property, never as the function's prototype.
 */

/** A callable locals object: `locals({ title })` merges `title` into it. */
export interface CallableLocals {
  (values: object): object;
  [name: string]: unknown;
}

/** Makes an empty callable locals object. */
export function createLocals(): CallableLocals {
  const locals = function locals(values: object): object {
    for (const key in values) {
      Object.defineProperty(locals, key, {
        configurable: true,
        enumerable: true,
        writable: true,
        value: (values as Record<string, unknown>)[key],
      });
    }
    return values;
  } as CallableLocals;
  return locals;
}

// ---- mount paths

/*
 * `app.use(path, ...)` mounts on a literal path, matched without regard to case and
 * followed by `/`, `.` or the end of the path (`app.use('/blog', blog)` answers `/blog`,
 * `/blog/`, `/BLOG/x` and `/blog.json`, the mounted middleware seeing `/.json`). A trailing
 * `/` of the mount path is ignored. Paths that are not strings (regular expressions, arrays)
 * mount as in 4.x.
 */

/** The pattern a 3.x mount path matches with: `/` as it is, any other string as a literal prefix. */
export function mountPattern(path: unknown): unknown {
  if (typeof path !== 'string' || path === '/' || path === '') return path;
  const prefix = path.endsWith('/') ? path.slice(0, -1) : path;
  const literal = prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`^${literal}(?=\\/|\\.|$)`, 'i');
}

/** What `mountOnLiteralPaths` needs of the app's middleware router. */
interface UsingRouter {
  use(...args: unknown[]): unknown;
}

/** Makes the app's middleware router mount string paths as 3.x did (its `use`, for `app.use`). */
export function mountOnLiteralPaths(router: UsingRouter): void {
  const use = router.use;
  Object.defineProperty(router, 'use', {
    configurable: true,
    writable: true,
    value: function use3(this: UsingRouter, path: unknown, ...rest: unknown[]): unknown {
      return use.call(this, mountPattern(path), ...rest);
    },
  });
}

// ---- setting defaults

/*
 * the setting defaults that differ from 4.x: `json spaces` is 2 in the `development`
 * environment and 0 in `production` (unset elsewhere), and `json replacer` is null. The rest
 * (`env`, `trust proxy` disabled, `jsonp callback name`, routing settings disabled, `view
 * cache` in production, `views` at `./views`) are 4.x's.
 */

/** Applies the 3.x setting defaults to a new app, whose `env` is set. */
export function applySettingDefaults(app: { set(setting: string, value?: unknown): unknown; settings: Record<string, unknown> }): void {
  const env = app.settings.env;
  if (env === 'development') app.set('json spaces', 2);
  else if (env === 'production') app.set('json spaces', 0);
  app.set('json replacer', null);
}

// ---- the prototype

const base5 = application5 as unknown as Record<string, (this: unknown, ...args: unknown[]) => unknown>;
const defaultConfiguration5 = base5.defaultConfiguration!;
const lazyrouter4 = (application4 as unknown as Record<string, (this: unknown) => void>).lazyrouter!;

/** The 4.x defaults (but `app.router`, here the routes middleware), then express 3's. */
function defaultConfiguration(this: AppV4 & { routes: object }): void {
  defaultConfiguration5.call(this);
  this.set('query parser', QUERY_PARSER_DEFAULT);
  this.routes = {};
  const locals = createLocals();
  locals.settings = this.settings;
  this.locals = locals;
  applySettingDefaults(this);
}

/** 4.x's `app.lazyrouter`, its router mounting string paths as 3.x did. */
function lazyrouter(this: AppV4): void {
  if (this._router) return;
  lazyrouter4.call(this);
  mountOnLiteralPaths(this._router as unknown as { use(...args: unknown[]): unknown });
}

/** The application prototype every 3.x app inherits. */
export const application: AppV4 = copyMembers(Object.getPrototypeOf(application4) as object, application4, ['router'], {
  defaultConfiguration: method(defaultConfiguration),
  lazyrouter: method(lazyrouter),
  configure: method(configure),
  param: method(param),
  fetch: fetchMember,
  ...routesMembers,
});

const proto = application as unknown as Record<string, unknown>;
Object.defineProperty(proto, 'del', method(appDel(proto.delete as (...args: never[]) => unknown)));
