/**
 * The 4.x application prototype: the 5.x members (see ../application/application.ts) with
 * express 4's router handling (over express 4's router: ./router.ts), `app.del` and the
 * `extended` query parser default (./query-parser.ts).
 *
 * The app's router is `app._router`, made by `app.lazyrouter()` when the first middleware,
 * route or parameter callback is registered (with the `case sensitive routing` and `strict
 * routing` settings of that moment), and it starts with express 4's two layers: `query` (sets
 * `req.query`) and `expressInit` (X-Powered-By, links `req`/`res`, gives them the app's
 * prototypes, creates `res.locals`). An app with nothing registered answers every request from
 * the final handler alone. `app.router` throws express 4's error; `app.param` is the router's
 * `param`.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import depd from 'depd';
import { useArguments } from '@webfw/router';
import { application as application5, methods } from '../application/application';
import { endUnhandled } from '../application/final-handler';
import { settingsOf } from '../application/settings';
import type { AppRoute, Application, NextFunction, ParamHandler, PathArgument } from '../application/types';
import { fetchMember } from '../fetch/handler';
import { adoptServerOf } from '../prototypes/server-adoption';
import { mountApp } from '../prototypes/sub-app';
import { adoptRequest, adoptResponse } from '../prototypes/twins';
import type { Request } from '../request/request';
import { startHeaders } from '../response/headers';
import type { Response } from '../response/response';
import { copyMembers, method } from './members';
import { compileQueryParser, query, QUERY_PARSER_DEFAULT, type QueryParserV4 } from './query-parser';
import { Router, type ParamCustomizer, type Router4 } from './router';

const deprecate = depd('express');

/** The router of a 4.x app (`app._router`). */
export type AppRouterV4 = Router4;

/** A 4.x app as these methods see it. */
export interface AppV4 extends Omit<Application, 'router' | 'param'> {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  /** The app's router, made by `app.lazyrouter()` (undefined until something is registered). */
  _router?: AppRouterV4;
  /** Makes `app._router` unless it exists. */
  lazyrouter(): void;
  /** A parameter callback for a name (or each of an array), or (deprecated) a customiser of later calls. */
  param(name: string | readonly string[], fn: ParamHandler): this;
  /** @deprecated a customiser `(name, callback) => callback` of later `app.param(name, callback)` calls. */
  param(customizer: ParamCustomizer): this;
}

/** The message of the error `app.router` throws. */
export const APP_ROUTER_MESSAGE = "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.";

function throwAppRouter(): never {
  throw new Error(APP_ROUTER_MESSAGE);
}

/** Defines the throwing `app.router` on a new app (as express 4's `defaultConfiguration` does). */
export function defineAppRouter(app: object): void {
  Object.defineProperty(app, 'router', { get: throwAppRouter });
}

/** The `expressInit` layer: what every request gets from the app before its own middleware. */
function expressInit(app: AppV4) {
  return function expressInit(req: Request, res: Response, next: NextFunction): void {
    // X-Powered-By as express 4 sets it here, pending while no header is stored (as 5.x's
    // `handle` leaves it: ../response/headers.ts), so `res.send` may write every header at once
    startHeaders(res, Boolean(settingsOf(app)['x-powered-by']));
    req.res = res;
    res.req = req;
    req.next = next;
    // (HTTP/2 compat objects get the prototypes' HTTP/2 twins: ../prototypes/http2.ts; those of
    // app.listen's servers and adopted ones are born with the app's prototypes: nothing to look up)
    if (Object.getPrototypeOf(req) !== app.request) adoptRequest(req, app.request);
    if (Object.getPrototypeOf(res) !== app.response) adoptResponse(res, app.response);
    res.locals = res.locals || (Object.create(null) as Record<string, unknown>);
    next();
  };
}

function lazyrouter(this: AppV4): void {
  if (this._router) return;
  const router = new Router({ caseSensitive: this.enabled('case sensitive routing'), strict: this.enabled('strict routing') });
  router.use(query(this.get('query parser fn') as QueryParserV4));
  router.use(expressInit(this) as unknown as Parameters<AppRouterV4['use']>[0]);
  this._router = router;
}

function logError(this: AppV4, err: unknown): void {
  if (this.get('env') === 'test') return;
  const e = err as { stack?: unknown; toString(): string };
  console.error(e.stack || e.toString());
}

function handle(this: AppV4, req: IncomingMessage, res: ServerResponse, callback?: (err?: unknown) => void): void {
  const router = this._router;
  // the final handler reads `env` when it runs, as 5.x's `handle` does (../application/application.ts)
  const done =
    callback || ((err?: unknown): void => endUnhandled(req, res, err, this.get('env') as string | undefined, (e: unknown) => logError.call(this, e)));
  if (!router) {
    done();
    return;
  }
  // a server the user made: later requests are born with the app's prototypes (../prototypes/server-adoption.ts)
  if (callback === undefined && Object.getPrototypeOf(req) !== this.request) adoptServerOf(req, this as unknown as Application);
  router.handle(req as Request, res as Response, done);
}

interface Mountable {
  handle?: unknown;
  set?: unknown;
}

function use(this: AppV4): AppV4 {
  const { path, callbacks: fns } = useArguments(arguments);
  if (fns.length === 0) throw new TypeError('app.use() requires a middleware function');
  this.lazyrouter();
  const router = this._router as unknown as { use(path: unknown, fn: unknown): unknown };
  for (const f of fns) {
    if (!f || !(f as Mountable).handle || !(f as Mountable).set) {
      router.use(path, f);
      continue;
    }
    mountApp(router, path, this as unknown as Application, f as Application);
  }
  return this;
}

function route(this: AppV4, path: PathArgument): AppRoute {
  this.lazyrouter();
  return (this._router as AppRouterV4).route(path as string) as unknown as AppRoute;
}

function param(this: AppV4, name: string | readonly string[] | ParamCustomizer, fn?: unknown): AppV4 {
  this.lazyrouter();
  if (Array.isArray(name)) {
    for (const n of name as string[]) this.param(n, fn as ParamHandler);
    return this;
  }
  (this._router as AppRouterV4).param(name as string, fn as never);
  return this;
}

type RouteWithMethods = Record<string, (...handlers: unknown[]) => unknown>;

function routeMethod(name: string) {
  return function (this: AppV4, path: PathArgument): unknown {
    if (name === 'get' && arguments.length === 1) return this.set(path as string);
    this.lazyrouter();
    const r = (this._router as AppRouterV4).route(path as string) as unknown as RouteWithMethods;
    r[name]!(...(Array.prototype.slice.call(arguments, 1) as unknown[]));
    return this;
  };
}

/** `app.all(path, ...handlers)`: the handlers added to the route once per HTTP method, as express 4 does. */
function all(this: AppV4, path: PathArgument): AppV4 {
  this.lazyrouter();
  const r = (this._router as AppRouterV4).route(path as string) as unknown as RouteWithMethods;
  const handlers = Array.prototype.slice.call(arguments, 1) as unknown[];
  for (const m of methods) r[m]!(...handlers);
  return this;
}

/** The app members that reach the router, as express 4 defines them. */
export const routerMembers: PropertyDescriptorMap = {
  lazyrouter: method(lazyrouter),
  handle: method(handle),
  use: method(use),
  route: method(route),
  param: method(param),
  ...Object.fromEntries(methods.map((m) => [m, method(routeMethod(m))])),
  all: method(all),
};

/**
 * `app.del`, the deprecated alias of `app.delete` (`app.del: Use app.delete instead`), for the
 * given `app.delete`: the same method, warning once per call site.
 */
export function appDel<F extends (...args: never[]) => unknown>(appDelete: F): F {
  return deprecate.function(appDelete, 'app.del: Use app.delete instead') as F;
}

const base = application5 as unknown as Record<string, (this: unknown, ...args: unknown[]) => unknown>;
const set5 = base.set!;
const defaultConfiguration5 = base.defaultConfiguration!;

/** The 5.x defaults, then `query parser` `extended` and the throwing `app.router`. */
function defaultConfiguration(this: AppV4): void {
  defaultConfiguration5.call(this);
  this.set('query parser', QUERY_PARSER_DEFAULT);
  defineAppRouter(this);
}

/** `app.set` of 5.x, but `query parser` compiles express 4's parsers (./query-parser.ts). */
function set(this: AppV4, setting: string, value?: unknown): unknown {
  if (arguments.length === 1 || setting !== 'query parser') return set5.apply(this, arguments as unknown as unknown[]);
  this.settings[setting] = value;
  this.set('query parser fn', compileQueryParser(value));
  return this;
}

/**
 * What a 4.x app inherits from beyond `webfw.application`: EventEmitter's members (express 4
 * copies them onto each app, so `express.application` lists only the app's own methods).
 */
const emitter = Object.create(Function.prototype) as object;
const emitterKeys: string[] = [];
for (const key of Reflect.ownKeys(EventEmitter.prototype)) {
  if (key === 'constructor') continue;
  Object.defineProperty(emitter, key, Object.getOwnPropertyDescriptor(EventEmitter.prototype, key) as PropertyDescriptor);
  if (typeof key === 'string') emitterKeys.push(key);
}

/** The application prototype every 4.x app inherits. */
export const application: AppV4 = copyMembers(emitter, application5, ['router', ...emitterKeys], {
  defaultConfiguration: method(defaultConfiguration),
  set: method(set),
  fetch: fetchMember,
  ...routerMembers,
});

const proto = application as unknown as Record<string, unknown>;
Object.defineProperty(proto, 'del', method(appDel(proto.delete as (...args: never[]) => unknown)));

export type { Application };
