import pathToRegexp from 'path-to-regexp-v0';
import type { Layer } from '../layer';
import { methods } from '../utils/methods';
import { Route } from '../route';
import type { MatchedParams } from '../path/matcher';
import type { NextFunction } from '../types';
import type { LayerRegExp, PathKey, PathMatcherV4 } from './path-syntax';

/**
 * 4.x: the layer fields router 1.x and express 4 expose, which express 4 tools read through
 * `router.stack` (`app._router.stack`): `regexp` (with `fast_star`/`fast_slash`), `keys`, and
 * after each match `params` and `path`, and router 1.x's `match`, `handle_request` and
 * `handle_error`. They are added to a layer when it is registered; the walk does not read them.
 */
export interface LayerV4 extends Omit<Layer, 'match'> {
  /** Matches `path` as router 1.x does: true or false, setting `params` and `path`. */
  match(path: string): boolean;
  /** Calls the handler as a request handler (skipped for four parameters), errors to `next`. */
  handle_request(req: unknown, res: unknown, next: NextFunction): void;
  /** Calls the handler as an error handler (skipped unless four parameters), errors to `next`. */
  handle_error(err: unknown, req: unknown, res: unknown, next: NextFunction): void;
  /** The compiled path (path-to-regexp 0.1), with `fast_star` and `fast_slash`. */
  readonly regexp: LayerRegExp;
  /** The capture keys: `{ name, optional, offset }`, a number as name for an unnamed group. */
  readonly keys: PathKey[];
  /** The parameters of the layer's last match, undefined after a failed one (or before any). */
  readonly params: MatchedParams | undefined;
  /** The matched part of the path of the layer's last match, undefined as `params` is. */
  readonly path: string | undefined;
}

/**
 * router 1.x's layer methods, own and not enumerable (router 1.x has them on its Layer
 * prototype): `match(path)` (true or false, `params` and `path` set), `handle_request(req,
 * res, next)` and `handle_error(err, req, res, next)` (the layer's handler called as the walk
 * calls it: skipped for the wrong arity, a throw or a rejection passed to `next`).
 */
function layerMethods(layer: Layer, match: (path: unknown) => boolean): PropertyDescriptorMap {
  return {
    match: { value: match, writable: true, configurable: true },
    handle_request: {
      value: (req: unknown, res: unknown, next: NextFunction): void => layer.handleRequest(req, res, next),
      writable: true,
      configurable: true,
    },
    handle_error: {
      value: (err: unknown, req: unknown, res: unknown, next: NextFunction): void => layer.handleError(err, req, res, next),
      writable: true,
      configurable: true,
    },
  };
}

/** `layer.params` of a router-stack layer: its path matcher's, from the last match. */
function matchedParams(this: Layer): MatchedParams | undefined {
  return (this.matchers[0] as PathMatcherV4).params;
}

/** `layer.path` of a router-stack layer: the part of the path its last match took. */
function matchedPath(this: Layer): string | undefined {
  const matcher = this.matchers[0] as PathMatcherV4;
  return matcher.params === undefined ? undefined : matcher.matched;
}

/**
 * Adds the router 1.x fields to a router-stack layer (its path compiled by ./path-syntax.ts).
 * `params` and `path` are own getters, as router 1.x's are own fields, and every layer gets the
 * same two functions: an accessor defined with a function of its own would give each layer after
 * the first a dictionary-mode object (V8 shares an object's shape only for the same accessors),
 * whose every property read on the request path goes through V8's generic lookup.
 */
export function exposeLayer(layer: Layer): void {
  const matcher = layer.matchers[0] as PathMatcherV4;
  const match = (path: unknown): boolean => {
    if (path != null && matcher.match(path as string)) return true;
    matcher.params = undefined;
    return false;
  };
  Object.defineProperties(layer, {
    ...layerMethods(layer, match),
    params: { get: matchedParams, enumerable: true, configurable: true },
    path: { get: matchedPath, enumerable: true, configurable: true },
    keys: { value: matcher.keys, enumerable: true, writable: true, configurable: true },
    regexp: { value: matcher.compiled, enumerable: true, writable: true, configurable: true },
  });
}

/**
 * Adds the router 1.x fields to a route-stack layer (a method's callback): as router 1.x, the
 * path `/` compiled with no options (`/^\/?$/i`, no keys); a route never matches it, so
 * `params` and `path` stay undefined.
 */
function exposeRouteLayer(layer: Layer): void {
  const keys: PathKey[] = [];
  const regexp = Object.assign(pathToRegexp('/', keys, {}), { fast_star: false, fast_slash: false });
  const fields = layer as unknown as { params: MatchedParams | undefined; path: string | undefined };
  const match = (path: unknown): boolean => {
    const m = path != null ? regexp.exec(path as string) : null;
    fields.params = m ? {} : undefined;
    fields.path = m ? m[0] : undefined;
    return m !== null;
  };
  Object.defineProperties(layer, {
    ...layerMethods(layer, match),
    params: { value: undefined, enumerable: true, writable: true, configurable: true },
    path: { value: undefined, enumerable: true, writable: true, configurable: true },
    keys: { value: keys, enumerable: true, writable: true, configurable: true },
    regexp: { value: regexp, enumerable: true, writable: true, configurable: true },
  });
}

/**
 * The 4.x Route: the 5.x one whose callback layers carry router 1.x's fields, with router
 * 1.x's `route._handles_method(method)`.
 */
export class RouteV4 extends (Route as new (path?: unknown) => Route) {
  /**
   * Whether the route answers `method` (any case): `all` answers every method, HEAD is
   * answered by GET when the route has no HEAD callback.
   */
  _handles_method(method: string): boolean {
    const table = this.methods;
    if (table._all) return true;
    let name = typeof method === 'string' ? method.toLowerCase() : method;
    if (name === 'head' && !table.head) name = 'get';
    return table[name] === true;
  }
}

for (const method of [...methods, 'all']) {
  const add = (Route.prototype as unknown as Record<string, (...handlers: unknown[]) => Route>)[method]!;
  Object.defineProperty(RouteV4.prototype, method, {
    configurable: true,
    writable: true,
    value: function (this: RouteV4, ...handlers: unknown[]): RouteV4 {
      const start = this.stack.length;
      add.apply(this, handlers);
      for (let i = start; i < this.stack.length; i++) exposeRouteLayer(this.stack[i]!);
      return this;
    },
  });
}
