/**
 * 3.x: `app.configure([env, ...], callback)` runs `callback` with the app as `this` when one of
 * the named environments is `app.get('env')`, or always when none is named, and returns the
 * app. Deprecated as express 3.21 deprecated it (depd, namespace `express`, once per call site):
 * `app.configure: Check app.get('env') in an if statement`.
 */
import depd from 'depd';

const deprecate = depd('express');

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
