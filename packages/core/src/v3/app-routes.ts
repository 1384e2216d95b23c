/**
 * 3.x: routes live apart from the middleware stack. `app.VERB(path, ...callbacks)` and
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
import type { LayerV4 } from '@webfw/router/v4';
import { Router } from '../v4/router';
import { methods } from '../application/application';
import type { NextFunction } from '../application/types';
import type { Request } from '../request/request';
import type { Response } from '../response/response';

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
