/**
 * 4.x: express 4's own router (`express.Router()`, `app._router`), which is not router 1.x.
 * It is `@webfw/router/v4` (router 1.x: path syntax, `req.params`, URL restoration) with what
 * express 4's lib/router does differently swapped in:
 *
 * - `router.param(fn)` adds a customiser (deprecated) that every later `router.param(name,
 *   callback)` passes `(name, callback)` through, its truthy result replacing the callback;
 *   `router.param(':id', fn)` is deprecated and registers `id`; a callback that is not a
 *   function after the customisers throws `invalid param() call for <name>, got <callback>`.
 *   The warnings are depd's (`express` namespace), printed from here as express 4 prints them
 *   from its router, so depd's once-per-call-site rule sees the same call sites. The
 *   customisers are the router's own `_params`; `router.params` is a plain object.
 * - A router is a function whose prototype is `Router` itself (the methods are own members of
 *   `Router`, there is no `Router.Route`), its own properties `params`, `_params`,
 *   `caseSensitive`, `mergeParams`, `strict`, `stack` in that order; `router.handle` without a
 *   callback does not throw (it fails, as express 4 does, only when the walk reaches the end).
 * - `router.use` throws `Router.use() requires a middleware function[ but got a <type>]`.
 * - A route's layer calls the route's dispatch bound to it (its name is `bound dispatch`).
 * - A Route has a plain `methods` object and `route._options()`; `route.METHOD()` with no
 *   callback adds nothing, a callback that is not a function throws `Route.<method>() requires a
 *   callback function but got a [object <Type>]` (an Error; a TypeError for `all`).
 * - A malformed escape in a parameter is a URIError with `statusCode` 400 besides `status`.
 * - A mount path also ends before a `.` (`use(/\/file/)` runs for `/file.json`).
 * - The automatic OPTIONS answer is `res.set('Allow', list); res.send(list)`, the methods
 *   joined by `,` in the order the routes gave them (unsorted), through the app's response.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import depd from 'depd';
import { methods, useArguments } from '@webfw/router';
import { Router as RouterV4, Route as RouteV4 } from '@webfw/router/v4';
import type { NextFunction, ParamHandler, PathArgument, RouterInstance, RouterOptions, RouterRunV4 } from '@webfw/router/v4';

const deprecate = depd('express');
const toString = Object.prototype.toString;

/** A customiser of `router.param(name, callback)` calls: returns the callback to register, or nothing. */
export type ParamCustomizer = (name: string, callback: unknown) => ParamHandler | undefined | null | false | void;

/** An express 4 route: the 4.x route with express 4's `route._options()` (its methods, upper case). */
export interface Route4<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> extends ReturnType<
  RouterInstance<Req, Res>['route']
> {
  /** The methods the route has callbacks for, upper case, `HEAD` added after `GET` unless there. */
  _options(): string[];
}

/** An express 4 router (`express.Router()`, `app._router`). */
export interface Router4<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> extends Omit<
  RouterInstance<Req, Res>,
  'param' | 'route'
> {
  (req: Req, res: Res, next: NextFunction): void;
  /** The customisers `router.param(fn)` added, in order. */
  _params: ParamCustomizer[];
  /** Creates a route for `path` at the current end of the stack and returns it. */
  route(path: PathArgument): Route4<Req, Res>;
  /** Adds a callback for the parameter `name` (a leading `:` is deprecated and removed), passed through the customisers. */
  param(name: string, fn: ParamHandler<Req, Res>): this;
  /** @deprecated a customiser `(name, callback) => callback` of later `router.param(name, callback)` calls. */
  param(customizer: ParamCustomizer): void;
}

/** `Router([options])`, with or without `new`. */
export interface Router4Constructor {
  new <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(options?: RouterOptions): Router4<Req, Res>;
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(options?: RouterOptions): Router4<Req, Res>;
}

type Handlers = (...handlers: unknown[]) => unknown;
type Members = Record<string, unknown>;

// ---- Route ----

/** The express 4 Route: the 4.x route with a plain `methods` object and `_options()`. */
class Route extends (RouteV4 as new (path?: unknown) => InstanceType<typeof RouteV4>) {
  constructor(path?: unknown) {
    super(path);
    (this as unknown as Members).methods = {};
  }

  _options(): string[] {
    const table = this.methods;
    const list = Object.keys(table);
    if (table.get && !table.head) list.push('head');
    return list.map((m) => m.toUpperCase());
  }
}

/** `route.METHOD(...callbacks)` as express 4 checks its callbacks, one at a time, before adding each. */
function routeMethod(name: string, add: Handlers): Handlers {
  return function (this: Route): Route {
    const handles = (Array.prototype.slice.call(arguments) as unknown[]).flat(Infinity);
    for (const handle of handles) {
      if (typeof handle !== 'function') {
        const msg = `Route.${name}() requires a callback function but got a ${toString.call(handle)}`;
        throw name === 'all' ? new TypeError(msg) : new Error(msg);
      }
      add.call(this, handle);
    }
    return this;
  };
}

const routeProto = Route.prototype as unknown as Members;
for (const m of [...methods, 'all']) {
  Object.defineProperty(routeProto, m, { configurable: true, writable: true, value: routeMethod(m, routeProto[m] as Handlers) });
}

// ---- the walk ----

/** The response an express 4 app gives its routers: the OPTIONS answer goes through it. */
interface SendingResponse {
  set(field: string, value: string): unknown;
  send(body: string): unknown;
}

const RunV4 = (RouterV4.prototype as unknown as { _Run: typeof RouterRunV4 })._Run;

/** express 4's walk: the OPTIONS answer through `res.send`, a mount path ending before `.` too. */
class Run extends RunV4 {
  protected override sendOptions(res: unknown, methods: readonly string[]): void {
    const body = [...new Set(methods)].join(',');
    (res as SendingResponse).set('Allow', body);
    (res as SendingResponse).send(body);
  }

  protected override endsMountBefore(code: number): boolean {
    return code === 0x2e;
  }
}

// ---- the router ----

type Self = Router4 & Members & { stack: Array<{ handle: unknown; routeHandle: unknown; name: string }> };

const protoV4 = RouterV4.prototype as unknown as Record<string, Handlers>;

/** What express 4 calls `out` when the walk ends without one: `TypeError`, thrown on that later turn. */
function noCallback(): void {
  throw new TypeError("Cannot read properties of undefined (reading 'apply')");
}

function handle(this: Self, req: IncomingMessage, res: ServerResponse, out?: NextFunction): void {
  new Run(this as never, req as never, res, out || noCallback).step();
}

/** The type name in express 4's `Router.use()` error: `typeof`, or the class of an object. */
function typeName(value: unknown): string {
  const type = typeof value;
  return type !== 'object' ? type : toString.call(value).replace(/^\[object (\S+)\]$/, '$1');
}

function use(this: Self): Self {
  const { path, callbacks } = useArguments(arguments);
  if (callbacks.length === 0) throw new TypeError('Router.use() requires a middleware function');
  for (const callback of callbacks) {
    if (typeof callback !== 'function') throw new TypeError('Router.use() requires a middleware function but got a ' + typeName(callback));
    protoV4.use!.call(this, path, callback);
  }
  return this;
}

function route(this: Self, path: PathArgument): Route4 {
  const r = protoV4.route!.call(this, path) as Route4;
  const layer = this.stack[this.stack.length - 1]!;
  const dispatch = r.dispatch.bind(r);
  layer.handle = dispatch;
  layer.routeHandle = dispatch;
  layer.name = dispatch.name;
  return r;
}

function param(this: Self, name: string | ParamCustomizer, fn?: unknown): Self | undefined {
  if (typeof name === 'function') {
    deprecate('router.param(fn): Refactor to use path params');
    this._params.push(name);
    return undefined;
  }
  const customizers = this._params;
  if (name[0] === ':') {
    deprecate('router.param(' + JSON.stringify(name) + ', fn): Use router.param(' + JSON.stringify(name.slice(1)) + ', fn) instead');
    name = name.slice(1);
  }
  for (const customize of customizers) {
    const ret = customize(name, fn);
    if (ret) fn = ret;
  }
  // concatenated as express 4 does (an object's valueOf first)
  if (typeof fn !== 'function') throw new Error('invalid param() call for ' + name + ', got ' + (fn as string));
  const params = this.params as Members;
  ((params[name] = params[name] || []) as unknown[]).push(fn);
  return this;
}

/** What `process_params` keeps per parameter name for one request, as express 4 keeps it. */
interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

type ParamCallback = (req: unknown, res: unknown, next: NextFunction, value: unknown, name: unknown) => unknown;

/**
 * express 4's `router.process_params(layer, called, req, res, done)`: runs this router's
 * parameter callbacks for the keys of `layer` with the values in `req.params`, once per value
 * per request (`called` remembers), then `done(err?)`. The walk runs them itself; this is
 * the member express 4 routers have.
 */
function processParams(
  this: Self,
  layer: { keys?: Array<{ name: string | number }> },
  called: Record<string, ParamCalled>,
  req: { params: Record<string, unknown> },
  res: unknown,
  done: NextFunction,
): void {
  const table = this.params as unknown as Record<string, ParamCallback[] | undefined>;
  const keys = layer.keys;
  if (!keys || keys.length === 0) return done();
  let i = 0;
  let index = 0;
  let name: string | number = '';
  let value: unknown;
  let callbacks: ParamCallback[] = [];
  let record: ParamCalled = { error: null, match: undefined, value: undefined };

  const nextParam = (err?: unknown): void => {
    if (err) return done(err);
    if (i >= keys.length) return done();
    index = 0;
    name = keys[i++]!.name;
    value = req.params[name];
    const fns = table[name];
    const seen = called[name];
    if (value === undefined || !fns) return nextParam();
    callbacks = fns;
    // the same value as before (or a failure other than 'route'): what it left, again
    if (seen && (seen.match === value || (seen.error && seen.error !== 'route'))) {
      req.params[name] = seen.value;
      return nextParam(seen.error);
    }
    called[name] = record = { error: null, match: value, value };
    nextCallback();
  };

  const nextCallback = (err?: unknown): void => {
    const fn = callbacks[index++];
    record.value = req.params[name];
    if (err) {
      record.error = err;
      nextParam(err);
      return;
    }
    if (!fn) return nextParam();
    try {
      fn(req, res, nextCallback, value, name);
    } catch (e) {
      nextCallback(e);
    }
  };

  nextParam();
}

/** A layer's path compiled as router 1.x compiles it, its decoding error also given `statusCode`. */
interface Matcher {
  /** How the matcher decodes a captured value (router 1.x's decoding). */
  decode: Decode;
}
type Decode = (value: string | undefined) => string | undefined;
type Compiler = (path: unknown, options: unknown, slash: boolean) => Matcher[];
const compileV4 = (RouterV4.prototype as unknown as { _compilePath: Compiler })._compilePath;

/** Router 1.x's decoding with express 4's error (made once, from the first matcher's decoding). */
let decodeExpress4: Decode | undefined;

/**
 * `decode` (router 1.x's parameter decoding), its `URIError` given express 4's
 * `status = statusCode = 400` (statusCode first, as express 4 assigns them).
 */
function withStatusCode(decode: Decode): Decode {
  return function decodeParam(value: string | undefined): string | undefined {
    // (a value without an escape is returned as it is, without the call)
    if (value === undefined || value.indexOf('%') === -1) return value;
    try {
      return decode(value);
    } catch (err) {
      if (err instanceof URIError && (err as URIError & { status?: number }).status === 400) {
        const e = err as URIError & { status?: number; statusCode?: number };
        delete e.status;
        e.statusCode = 400;
        e.status = 400;
      }
      throw err;
    }
  };
}

function compilePath(path: unknown, options: unknown, slash: boolean): Matcher[] {
  const matchers = compileV4(path, options, slash);
  for (const m of matchers) m.decode = decodeExpress4 ??= withStatusCode(m.decode);
  return matchers;
}

/**
 * Creates an express 4 router (`caseSensitive`, `strict`, `mergeParams`), with or without
 * `new`: a function `router(req, res, next)` whose prototype is `Router`, with express 4's own
 * properties in express 4's order. (Made here rather than reordered from a 5.x router: deleting
 * a property leaves V8 a dictionary-mode object, whose every read on the request path goes
 * through its generic lookup.)
 */
const Router = function (options?: RouterOptions): Router4 {
  const opts = options || {};
  const self = function router(req: IncomingMessage, res: ServerResponse, next: NextFunction): void {
    self.handle(req, res, next);
  } as unknown as Self;
  self.params = {};
  self._params = [];
  self.caseSensitive = opts.caseSensitive;
  self.mergeParams = opts.mergeParams;
  self.strict = opts.strict;
  self.stack = [];
  Object.setPrototypeOf(self, Router);
  return self;
} as unknown as Router4Constructor & Members;

const routerMembers: Members = { param, handle, process_params: processParams, use, route };
for (const m of [...methods, 'all']) {
  routerMembers[m] = function (this: Self, path: PathArgument): Self {
    const r = this.route(path) as unknown as Record<string, Handlers>;
    r[m]!.apply(r, Array.prototype.slice.call(arguments, 1) as unknown[]);
    return this;
  };
}
Object.assign(Router, routerMembers);
// express 4's is an anonymous function
Object.defineProperty(Router, 'name', { value: '', configurable: true });
// What the 5.x methods read off the router (not listed, as in express 4).
Object.defineProperties(Router, {
  _compilePath: { value: compilePath, writable: true, configurable: true },
  _Route: { value: Route, writable: true, configurable: true },
});

const RouterExport = Router as unknown as Router4Constructor;
const RouteExport = Route as unknown as new <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  path?: unknown,
) => Route4<Req, Res>;
export { RouterExport as Router, RouteExport as Route };
