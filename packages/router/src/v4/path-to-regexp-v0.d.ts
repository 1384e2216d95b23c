/**
 * Types of path-to-regexp 0.1.x (the `path-to-regexp-v0` alias), the path syntax of express 4
 * and router 1.x: `pathToRegexp(path, keys, options)` returns the RegExp and fills `keys` with
 * one entry per capturing group, in order (`name` is the parameter name, or the number of an
 * unnamed group).
 */
declare module 'path-to-regexp-v0' {
  namespace pathToRegexp {
    /** One capturing group of the compiled path. */
    interface Key {
      name: string | number;
      optional: boolean;
      offset: number;
    }
    /** What express 4 passes: `sensitive`, `strict`, `end` (default true); `lookahead` (default true). */
    interface Options {
      sensitive?: boolean;
      strict?: boolean;
      end?: boolean;
      lookahead?: boolean;
    }
  }

  function pathToRegexp(path: string | RegExp | ReadonlyArray<unknown>, keys?: pathToRegexp.Key[], options?: pathToRegexp.Options): RegExp;

  export = pathToRegexp;
}
