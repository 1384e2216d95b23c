/**
 * webfw's types under the module name `express-serve-static-core`, the name under which
 * @types/express keeps express's core types and under which apps and the typings of
 * middleware augment them (`declare module 'express-serve-static-core' { interface Request
 * { user?: User } }`). Declared here, by webfw, so that such an augmentation reaches the
 * request every webfw handler receives, and so that typings written against @types/express
 * meet webfw's types. One file per concept; this one: route parameters and the query.
 *
 * Names, type parameters and defaults are @types/express-serve-static-core 4.x's.
 */
/// <reference path="../../express-serve-static-core/globals.d.ts" />
declare module 'express-serve-static-core' {
  /** A parsed query string (qs's `ParsedQs`): strings, arrays and nested objects. */
  export interface ParsedQs {
    [key: string]: undefined | string | ParsedQs | (string | ParsedQs)[];
  }

  /** `req.query` by default. */
  export type Query = ParsedQs;

  /** An object of `T` by string key. */
  export interface Dictionary<T> {
    [key: string]: T;
  }

  /** `req.params`: strings by name. */
  export interface ParamsDictionary {
    [key: string]: string;
  }

  /** `req.params`. */
  export type Params = ParamsDictionary;

  /** A path argument: a string, a regular expression, or an array of them. */
  export type PathParams = string | RegExp | Array<string | RegExp>;

  /** `S` without the first occurrence of `Tail` and everything after it. */
  type RemoveTail<S extends string, Tail extends string> = S extends `${infer P}${Tail}` ? P : S;

  /** The name of the parameter at the start of `S` (up to `/`, `-` or `.`). */
  type GetRouteParameter<S extends string> = RemoveTail<RemoveTail<RemoveTail<S, `/${string}`>, `-${string}`>, `.${string}`>;

  /**
   * `req.params` of a literal path, read from it (path-to-regexp 0.1's syntax): `/users/:id`
   * gives `{ id: string }`, `:id?` an optional member; a path with a regular expression group
   * gives `ParamsDictionary`.
   */
  export type RouteParameters<Route extends string> = string extends Route
    ? ParamsDictionary
    : Route extends `${string}(${string}`
      ? ParamsDictionary
      : Route extends `${string}:${infer Rest}`
        ? (GetRouteParameter<Rest> extends never
            ? ParamsDictionary
            : GetRouteParameter<Rest> extends `${infer ParamName}?`
              ? { [P in ParamName]?: string }
              : { [P in GetRouteParameter<Rest>]: string }) &
            (Rest extends `${GetRouteParameter<Rest>}${infer Next}` ? RouteParameters<Next> : unknown)
        : {};
}
