import pathToRegexp from 'path-to-regexp-v0';
import type { PathCompiler } from '../layer';
import type { LayerMatcher, MatchedParams, MatchOptions } from '../path-matcher';
import type { PathArgument } from '../route-parameters';
import { decodeParam } from './decode-param';
import { leadingSegments, literalPrefix, startsWithLiteral } from './literal-prefix';
import { matchSegmentTokens, segmentTokens, tokenSegments, type SegmentToken } from './segment-path';

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
 * refused before the expression runs (./literal-prefix.ts); other layers are tried for every path.
 */
export class PathMatcherV4 implements LayerMatcher {
  /** Whole leading segments of every match, for the router's lookup table (./literal-prefix.ts). */
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
  /** What every path the expression accepts starts with ('' for none known: ./literal-prefix.ts). */
  private readonly prefix: string;
  private readonly sensitive: boolean;
  private readonly strict: boolean;
  /** The route's tokens when it is whole literal and `:name` segments (./segment-path.ts), else null. */
  private readonly tokens: SegmentToken[] | null;
  /**
   * How a captured value is decoded: router 1.x's `decodeParam` (./decode-param.ts). express 4
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
