/**
 * Type-level reading of a path literal (express 5 / path-to-regexp 8 syntax) into the shape of
 * `req.params` the router produces for it:
 *
 *   RouteParameters<'/users/:id'>            -> { id: string }
 *   RouteParameters<'/files{/:name}'>        -> { name?: string }
 *   RouteParameters<'/assets/*path'>         -> { path: string[] }
 *   RouteParameters<'/:"quoted name"'>       -> { 'quoted name': string }
 *
 * Names end where path-to-regexp ends them (at the first character that cannot continue a
 * JavaScript identifier); `\x` escapes a character; anything inside `{ }` is optional.
 */

/** `req.params` when nothing is known about the path (a non-literal string, an array). */
export interface ParamsDictionary {
  [key: string]: string | string[];
}

/** `req.params` of a regular-expression path: captures by number or group name, decoded. */
export interface RegExpParams {
  [key: string]: string;
}

/** ASCII characters that cannot continue a parameter name. */
type NameStop =
  | ' '
  | '!'
  | '"'
  | '#'
  | '%'
  | '&'
  | "'"
  | '('
  | ')'
  | '*'
  | '+'
  | ','
  | '-'
  | '.'
  | '/'
  | ':'
  | ';'
  | '<'
  | '='
  | '>'
  | '?'
  | '@'
  | '['
  | '\\'
  | ']'
  | '^'
  | '`'
  | '{'
  | '|'
  | '}'
  | '~'
  | '\t'
  | '\n'
  | '\r';

/** One parameter found in the path: its name, `:` or `*`, and whether it sits in `{ }`. */
interface Entry<Name extends string, Kind extends string, Optional extends boolean> {
  name: Name;
  kind: Kind;
  optional: Optional;
}

type AnyEntry = Entry<string, string, boolean>;

type Pop<T extends unknown[]> = T extends [...infer H, unknown] ? H : [];

type Found<Name extends string, Kind extends string, Depth extends unknown[]> = Name extends '' ? never : Entry<Name, Kind, Depth extends [] ? false : true>;

/** Walks the path one character at a time, collecting parameters. */
type Scan<S extends string, Depth extends unknown[], Acc extends AnyEntry> = S extends `${infer C}${infer Rest}`
  ? C extends '\\'
    ? Rest extends `${string}${infer After}`
      ? Scan<After, Depth, Acc>
      : Acc
    : C extends '{'
      ? Scan<Rest, [...Depth, 0], Acc>
      : C extends '}'
        ? Scan<Rest, Pop<Depth>, Acc>
        : C extends ':' | '*'
          ? Rest extends `"${infer Quoted}`
            ? ReadQuoted<Quoted, '', C, Depth, Acc>
            : ReadName<Rest, '', C, Depth, Acc>
          : Scan<Rest, Depth, Acc>
  : Acc;

/** Reads an unquoted name up to the first character that ends it. */
type ReadName<S extends string, Name extends string, Kind extends string, Depth extends unknown[], Acc extends AnyEntry> = S extends `${infer C}${infer Rest}`
  ? C extends NameStop
    ? Scan<S, Depth, Acc | Found<Name, Kind, Depth>>
    : ReadName<Rest, `${Name}${C}`, Kind, Depth, Acc>
  : Acc | Found<Name, Kind, Depth>;

/** Reads a `"quoted"` name (with `\x` escapes) up to its closing quote. */
type ReadQuoted<S extends string, Name extends string, Kind extends string, Depth extends unknown[], Acc extends AnyEntry> = S extends `${infer C}${infer Rest}`
  ? C extends '"'
    ? Scan<Rest, Depth, Acc | Found<Name, Kind, Depth>>
    : C extends '\\'
      ? Rest extends `${infer E}${infer After}`
        ? ReadQuoted<After, `${Name}${E}`, Kind, Depth, Acc>
        : Acc
      : ReadQuoted<Rest, `${Name}${C}`, Kind, Depth, Acc>
  : Acc;

type ValueOf<E extends AnyEntry> = E['kind'] extends '*' ? string[] : string;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type Build<E extends AnyEntry> = Simplify<
  {
    [K in E as K['optional'] extends false ? K['name'] : never]: ValueOf<K>;
  } & {
    [K in E as K['optional'] extends false ? never : K['name']]?: ValueOf<K>;
  }
>;

/**
 * The `req.params` type of a route path: `:name` is a `string`, `*name` (a splat) is a
 * `string[]` of its decoded segments, and a name inside `{ }` is optional. A path that is not
 * a literal type gives the open `ParamsDictionary`.
 */
export type RouteParameters<Path extends string> = string extends Path ? ParamsDictionary : Build<Scan<Path, [], never>>;

/** A path argument: a string pattern, a regular expression, or an array of any of them. */
export type PathArgument = string | RegExp | ReadonlyArray<string | RegExp>;

/** The `req.params` type for any path argument. */
export type PathParams<Path> = Path extends string ? RouteParameters<Path> : Path extends RegExp ? RegExpParams : ParamsDictionary;
