import pathToRegexp from 'path-to-regexp-v0';
import type { PathCompiler } from '../layer';
import type { LayerMatcher, MatchedParams, MatchOptions } from '../path/matcher';
import type { PathArgument } from '../path/route-parameters';

/** router 1.x's `layer.regexp`: the compiled path with express 4's `fast_star` and `fast_slash` flags. */
export interface LayerRegExp extends RegExp {
  fast_star: boolean;
  fast_slash: boolean;
}

/** One capturing group of a compiled 4.x path (path-to-regexp 0.1's key). */
export interface PathKey {
  /** The parameter name, or the number of an unnamed group. */
  name: string | number;
  /** Whether the group may be absent (`:id?`). */
  optional: boolean;
  /** Where the group starts in the compiled expression's source. */
  offset: number;
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * 4.x: one path argument compiled by path-to-regexp 0.1 as express 4 compiles it (`*`, `?`,
 * `+`, `(regex)` groups, `:id(\\d+)`, regular expressions, arrays compiled into one regular
 * expression). `req.params` is a plain object with a key per capturing group in capture
 * order: named parameters by name, unnamed groups numbered from 0, an optional parameter
 * that is absent present with the value undefined. A string path's literal head gives the
 * router's lookup table the whole segments it starts with, and a path without that head is
 * refused before the expression runs (`literalPrefix` below); other layers are tried for every path.
 */
export class PathMatcherV4 implements LayerMatcher {
  /** Whole leading segments of every match, for the router's lookup table (`literalPrefix` below). */
  readonly segments: string[] | null;
  /** The capture keys' names in capture order (numbers for unnamed groups), as `router.param` sees them. */
  readonly names: readonly string[];
  readonly regexp: RegExp;
  /**
   * The expression as path-to-regexp 0.1 returned it (router 1.x's `layer.regexp`, flags kept),
   * with router 1.x's `fast_star` (the path `*`) and `fast_slash` (`use('/')`) flags.
   */
  readonly compiled: LayerRegExp;
  /** The capture keys, as path-to-regexp 0.1 returns them (what router 1.x keeps as `layer.keys`). */
  readonly keys: PathKey[];
  params: MatchedParams | undefined = undefined;
  matched = '';
  /** `use('/')`: every path matches, matched path ''. */
  private readonly slash: boolean;
  /** The path `*`: every path matches whole, as the parameter `0`. */
  private readonly star: boolean;
  /** What every path the expression accepts starts with ('' for none known: `literalPrefix` below). */
  private readonly prefix: string;
  private readonly sensitive: boolean;
  private readonly strict: boolean;
  /** The route's tokens when it is whole literal and `:name` segments (`segmentTokens` below), else null. */
  private readonly tokens: SegmentToken[] | null;
  /**
   * How a captured value is decoded: router 1.x's `decodeParam` (below). express 4
   * gives this its own decoding (its error also has `statusCode`) without a call around `match`.
   */
  decode: (value: string | undefined) => string | undefined = decodeParam;

  constructor(path: PathArgument, options: MatchOptions, slash: boolean) {
    const keys: PathKey[] = [];
    const regexp = pathToRegexp(path, keys, { sensitive: options.sensitive, strict: options.strict, end: options.end });
    // A global or sticky expression keeps state between exec calls: match with a stateless copy.
    this.compiled = Object.assign(regexp, { fast_star: path === '*', fast_slash: slash });
    this.regexp = regexp.global || regexp.sticky ? new RegExp(regexp.source, regexp.flags.replace(/[gy]/g, '')) : regexp;
    this.keys = keys;
    this.names = keys.map((k) => k.name) as string[];
    this.slash = slash;
    this.star = path === '*';
    this.prefix = typeof path === 'string' ? literalPrefix(path) : '';
    this.sensitive = Boolean(options.sensitive);
    this.strict = Boolean(options.strict);
    this.tokens = segmentTokens(path, options.end !== false, this.strict);
    this.segments = this.tokens !== null ? tokenSegments(this.tokens) : typeof path === 'string' ? leadingSegments(path, this.prefix) : null;
  }

  match(path: string): boolean {
    if (this.slash) {
      this.params = {};
      this.matched = '';
      return true;
    }
    if (this.star) {
      this.params = { 0: this.decode(path)! };
      this.matched = path;
      return true;
    }
    if (this.tokens !== null) return this.matchTokens(path, this.tokens);
    const m = this.prefix.length === 0 || startsWithLiteral(path, this.prefix, this.sensitive) ? this.regexp.exec(path) : null;
    if (m === null) {
      // As router 1.x's layer after a failed match: no params (`layer.params` reads this).
      this.params = undefined;
      return false;
    }
    const keys = this.keys;
    const params: Record<string, string | undefined> = {};
    for (let i = 1; i < m.length; i++) {
      // More groups than keys (a group path-to-regexp did not count) fails as in router 1.x.
      const name = keys[i - 1]!.name;
      const value = this.decode(m[i]);
      if (value !== undefined || !hasOwn.call(params, name)) params[name] = value;
    }
    this.params = params as MatchedParams;
    this.matched = m[0];
    return true;
  }

  /** `match` for a route of literal and `:name` segments: the expression's answer without running it. */
  private matchTokens(path: string, tokens: readonly SegmentToken[]): boolean {
    const captures = matchSegmentTokens(path, tokens, this.sensitive, this.strict);
    if (captures === null) {
      this.params = undefined;
      return false;
    }
    const keys = this.keys;
    const params: Record<string, string | undefined> = {};
    for (let i = 0; i < captures.length; i++) params[keys[i]!.name] = this.decode(captures[i]);
    this.params = params as MatchedParams;
    this.matched = path;
    return true;
  }
}

/** 4.x: a layer's path argument is one matcher, the whole argument compiled by path-to-regexp 0.1. */
export const compilePathV4: PathCompiler = (path, options, slash) => [new PathMatcherV4(path, options, slash)];

/**
 * 4.x: a parameter value is decoded as router 1.x decodes it. A malformed escape is a
 * `URIError` `Failed to decode param '<value>'` with `status` 400 and, unlike 5.x, no
 * `statusCode`; other values (undefined for an optional parameter that is absent, '') are
 * returned as they are.
 */
export function decodeParam(value: string | undefined): string | undefined {
  if (value === undefined || value.length === 0 || value.indexOf('%') === -1) return value;
  try {
    return decodeURIComponent(value);
  } catch (err) {
    if (err instanceof URIError) {
      err.message = `Failed to decode param '${value}'`;
      (err as URIError & { status: number }).status = 400;
    }
    throw err;
  }
}

/**
 * 4.x: a cheap first test of a path against a path-to-regexp 0.1 expression. Router 1.x tries
 * every layer's expression on every request, in order, and an express 4 app has tens of
 * routes: most of a request's routing would be regular expressions failing. Every path an expression compiled from a string path accepts starts
 * with that string's literal head, so a path that does not start with it is refused without
 * running the expression; every other path still gets the expression's own answer.
 *
 * The literal head is the path's leading run of characters path-to-regexp 0.1 copies into the
 * expression as themselves (letters, digits, `/`, `_`, `~`, `%`, `-`), up to the first it
 * rewrites or that is regular expression syntax (`:`, `.`, `*`, `(`, `?`, `\`, ...), less the
 * character a quantifier (`?`, `+`, `{`) applies to, and without its trailing slashes (a `/` before `:name` belongs to the parameter and may be optional; a
 * trailing `/` is optional unless `strict`).
 */

/** The literal head of a string path (see above); '' when there is none. */
export function literalPrefix(path: string): string {
  const head = /^[A-Za-z0-9/_~%-]*/.exec(path)![0];
  let end = head.length;
  // a quantifier makes the character before it optional or repeated (`/ab?cd` matches `/acd`)
  const next = path[end];
  if (next === '?' || next === '+' || next === '{') end--;
  while (end > 0 && head.charCodeAt(end - 1) === 47 /* / */) end--;
  return head.slice(0, Math.max(end, 0));
}

/**
 * Whether `path` has `prefix` at `at` (its start by default): exactly when `sensitive`, else
 * with ASCII letters compared without case, as the expression's `i` flag (without `u`)
 * compares them: it folds no other character onto an ASCII letter.
 */
export function startsWithLiteral(path: string, prefix: string, sensitive: boolean, at = 0): boolean {
  if (path.length < at + prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) {
    const a = path.charCodeAt(at + i);
    const b = prefix.charCodeAt(i);
    if (a === b) continue;
    const lower = b | 0x20;
    if (sensitive || lower < 97 || lower > 122 || (a | 0x20) !== lower) return false;
  }
  return true;
}

/**
 * The whole path segments (lower case) every path the expression of the string `path` accepts
 * starts with, for the router's lookup table (../dispatch/layer-index.ts), given its literal head
 * `prefix`: each segment the head ends with a `/` after, and the head's last one too when the
 * path is nothing but the head (with an optional trailing `/`). null when there is none (the
 * layer is tried for every path).
 */
export function leadingSegments(path: string, prefix: string): string[] | null {
  if (prefix.charCodeAt(0) !== 47 /* / */) return null;
  const parts = prefix.slice(1).toLowerCase().split('/');
  if (path !== prefix && path !== `${prefix}/`) parts.pop();
  return parts.length === 0 ? null : parts;
}

/**
 * 4.x: routes whose path is whole segments, each literal text or one `:name` parameter
 * (`/users/:id/edit`), matched without running their path-to-regexp 0.1 expression. For such
 * a path the expression (`^\/users(?:\/([^/]+?))\/edit\/?$`, with the `i` flag unless
 * sensitive, without the final `\/?` when strict) accepts exactly the paths made of the same
 * tokens: each literal text as written (ASCII letters without case unless sensitive), each
 * parameter a `/` and one or more characters other than `/`, then the end, or one `/` and the
 * end when not strict. A parameter's capture is lazy but can only stop at the next `/` or the
 * end, where the next token or the end must start; so the walk below gives the expression's
 * answer and its captures. Other paths (optional or custom parameters, `*`, `.`, groups,
 * a trailing `/`, middleware paths, which match a prefix) keep their expression.
 */

/** A literal run of the path (with its leading `/`), or null for a `:name` parameter. */
export type SegmentToken = string | null;

/** Whole segments, each literal text of the characters the expression copies as themselves or `:name`, and an optional trailing `/`. */
const SEGMENT_PATH = /^(?:\/(?:[A-Za-z0-9_~%-]+|:\w+))*\/?$/;

/**
 * The tokens of a route path the walk can match (consecutive literal segments joined), or
 * null when the path must keep its expression: not a string, not a whole-path match (`end`
 * false: middleware), or any syntax beyond literal segments, `:name` segments and a trailing
 * `/`. A trailing `/` is its own literal when `strict` (the path must end with it), and
 * dropped otherwise (the expression makes the last `/` optional either way): `/` is no tokens
 * (the empty path and `/`).
 */
export function segmentTokens(path: unknown, end: boolean, strict: boolean): SegmentToken[] | null {
  if (!end || typeof path !== 'string' || path.length === 0 || !SEGMENT_PATH.test(path)) return null;
  const trailing = path.charCodeAt(path.length - 1) === 0x2f; /* / */
  const body = trailing ? path.slice(0, -1) : path;
  const tokens: SegmentToken[] = [];
  let literal = '';
  for (const segment of body.length === 0 ? [] : body.slice(1).split('/')) {
    if (segment.charCodeAt(0) !== 0x3a /* : */) {
      literal += '/' + segment;
      continue;
    }
    if (literal.length !== 0) tokens.push(literal);
    literal = '';
    tokens.push(null);
  }
  if (trailing && strict) literal += '/';
  if (literal.length !== 0) tokens.push(literal);
  return tokens;
}

/**
 * Matches `path` against `tokens` (from `segmentTokens`) as the path's expression would:
 * the raw captures of the parameters, in order, or null when the expression refuses the path.
 */
export function matchSegmentTokens(path: string, tokens: readonly SegmentToken[], sensitive: boolean, strict: boolean): string[] | null {
  let captures: string[] | undefined;
  let pos = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token !== null) {
      if (!startsWithLiteral(path, token, sensitive, pos)) return null;
      pos += token.length;
      continue;
    }
    if (path.charCodeAt(pos) !== 0x2f /* / */) return null;
    let end = path.indexOf('/', pos + 1);
    if (end === -1) end = path.length;
    if (end === pos + 1) return null;
    (captures ??= []).push(path.slice(pos + 1, end));
    pos = end;
  }
  if (pos === path.length || (!strict && pos === path.length - 1 && path.charCodeAt(pos) === 0x2f)) return captures ?? NO_CAPTURES;
  return null;
}

const NO_CAPTURES: string[] = [];

/**
 * The whole segments (lower case) every path the tokens accept starts with, for the router's
 * lookup table (../dispatch/layer-index.ts): the segments of the leading literal run, all of them (a
 * parameter starts a new segment); null when the path starts with a parameter.
 */
export function tokenSegments(tokens: readonly SegmentToken[]): string[] | null {
  const first = tokens[0];
  if (first === null || first === undefined) return null;
  const segments = first.slice(1).toLowerCase().split('/');
  // a strict path's trailing `/` ends the last segment without starting another
  if (segments[segments.length - 1] === '') segments.pop();
  return segments.length === 0 ? null : segments;
}
