/**
 * 4.x: `app.param` as express 4's router took it. `app.param(fn)` adds a customiser that every
 * later `app.param(name, callback)` passes `(name, callback)` through (its truthy result
 * replaces the callback), deprecated; a name written with its colon (`':id'`) is deprecated
 * and used without it; a callback that is not a function after the customisers throws
 * `invalid param() call for <name>, got <callback>`. As in express 4, where the warning comes
 * from the router the app calls, each of the two warnings is printed once per process.
 */
import depd from 'depd';
import type { ParamHandler } from '../application-types';

const deprecate = depd('express');

/** A customiser of `app.param(name, callback)` calls: returns the callback to register, or nothing. */
export type ParamCustomizer = (name: string, callback: unknown) => ParamHandler | undefined | null | false | void;

/** What `registerParam` needs of the app's router. */
export interface ParamRouter {
  param(name: string, fn: ParamHandler): unknown;
  _params?: ParamCustomizer[];
}

let warnedCustomizer = false;
let warnedColon = false;

/** `app.param(name | fn, callback)` on the app's router, as express 4's `router.param` did. */
export function registerParam(router: ParamRouter, name: string | ParamCustomizer, fn: unknown): void {
  const customizers = (router._params ??= []);
  if (typeof name === 'function') {
    if (!warnedCustomizer) {
      warnedCustomizer = true;
      deprecate('router.param(fn): Refactor to use path params');
    }
    customizers.push(name);
    return;
  }
  let key = name;
  if (key[0] === ':') {
    if (!warnedColon) {
      warnedColon = true;
      deprecate(`router.param(${JSON.stringify(key)}, fn): Use router.param(${JSON.stringify(key.slice(1))}, fn) instead`);
    }
    key = key.slice(1);
  }
  let callback = fn;
  for (const customize of customizers) {
    const ret = customize(key, callback);
    if (ret) callback = ret;
  }
  if (typeof callback !== 'function') throw new Error(`invalid param() call for ${key}, got ${String(callback)}`);
  router.param(key, callback as ParamHandler);
}
