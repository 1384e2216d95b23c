/**
 * 3.x: `app.param` registers on the app's routes router (./app-routes.ts), as express 3 did:
 * `app.param(name, ...callbacks)` (a name or an array of names; a leading `:` is dropped),
 * and `app.param(customizer)`, not deprecated in 3.x: each later `app.param(name, callback)`
 * passes `(name, callback)` through the customisers, a truthy result replacing the callback
 * (for example a RegExp made into a validating callback). A callback that is still not a
 * function throws `invalid param() call for <name>, got <callback>`.
 */
import type { ParamHandler } from '../application/types';
import { routesRouter, type RoutesApp } from './app-routes';

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
