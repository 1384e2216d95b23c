import { parse, pathToRegexp } from 'path-to-regexp';
import { decodeParam, decodeSplat } from './decode';
import { NullObject } from '../utils/null-object';
import { countSlashes, PERCENT, SLASH_SHIFT } from './url';

/** How a layer's path is matched: the router's options as the layer was created. */
export interface MatchOptions {
  /** Case-sensitive matching. */
  sensitive?: boolean;
  /** Strict trailing slash: the path is used as written and no optional `/` is allowed at the end. */
  strict?: boolean;
  /** The whole path must match (routes); false matches a prefix ending on a `/` (middleware). */
  end?: boolean;
}

/** Parameters produced by one match: decoded strings, or string arrays for splats. */
export type MatchedParams = Record<string, string | string[]>;

/**
 * What the router needs of one compiled path (`PathMatcher` for the express 5 syntax). After
 * `match(path, folded, flags)` returns true, `params` and `matched` hold that match until the
 * next call: the router reads them at once.
 */
export interface LayerMatcher {
  /** The lower-case leading static segments of every match, or null (the layer may match any path). */
  readonly segments: string[] | null;
  /** Parameter names, in the order `router.param` callbacks run for them. */
  readonly names: readonly string[];
  /** The regular expression the path compiles to. */
  readonly regexp: RegExp;
  /**
   * The number of `/` of every path it matches (one more for a path ending with `/` when
   * `trailing`), or -1 (or absent) when that number is not fixed.
   */
  readonly slashes?: number;
  /** Whether a path with one more `/` at its end matches too (see `slashes`). */
  readonly trailing?: boolean;
  /** Parameters of the last successful match. */
  params: MatchedParams | undefined;
  /** Matched part of the path of the last successful match. */
  matched: string;
  /**
   * Matches `path` (`folded`: the path lower-cased when all ASCII, else null; `flags`: its
   * `pathFlags`). Throws the 400 URIError for a malformed escape in a captured parameter.
   */
  match(path: string, folded: string | null, flags: number): boolean;
}

const enum Kind {
  /** `use('/')`: every path matches, matched path ''. */
  Slash,
  /** A string path without parameters or groups: compared as a string. */
  Literal,
  /**
   * A whole-path string path of ASCII text and `:name` parameters each filling a whole segment
   * (`/users/:id`, `/a/:x/b/:y`), names not repeated: compared in JavaScript, text by text.
   */
  Segments,
  /** Any other string path: the RegExp, after a check of its static prefix. */
  Pattern,
  /** A user regular expression, executed as is (unanchored), captures decoded. */
  RegExp,
}

const TRAILING_SLASHES = /\/+$/;
const NON_ASCII = /[^\x00-\x7f]/;

/** The path with trailing slashes removed, as the router loosens non-strict paths ('/' stays). */
function loosen(path: string): string {
  return path === '/' ? path : path.replace(TRAILING_SLASHES, '');
}

/** A fresh params object without prototype (see `NullObject`), as path-to-regexp makes them. */
export function newParams(): MatchedParams {
  return new NullObject<string | string[]>();
}

/** A capture key of a compiled path: its name, and whether it is a splat (`*name`). */
interface CaptureKey {
  name: string | number;
  splat: boolean;
}

/**
 * Counts the capturing groups of a regular expression source in order, naming them as the
 * router does: `(?<name>...)` by its name, unnamed groups by number from 0.
 */
function regexpKeys(source: string): CaptureKey[] {
  const keys: CaptureKey[] = [];
  let unnamed = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') {
      inClass = true;
      continue;
    }
    if (c !== '(') continue;
    if (source[i + 1] !== '?') {
      keys.push({ name: unnamed++, splat: false });
    } else if (source[i + 2] === '<' && source[i + 3] !== '=' && source[i + 3] !== '!') {
      const close = source.indexOf('>', i + 3);
      keys.push({ name: source.slice(i + 3, close), splat: false });
    }
  }
  return keys;
}

/**
 * The parameter names in the order `Object.keys` lists a params object holding them
 * (integer-like names first, ascending, then the others in capture order), without repeats.
 */
function orderedNames(keys: CaptureKey[]): string[] {
  const probe = new NullObject<true>();
  for (const key of keys) probe[key.name] = true;
  return Object.keys(probe);
}

/**
 * One compiled path (one element of a path argument). It matches a request pathname and
 * leaves the decoded parameters in `params` and the matched part in `matched`, to be read
 * right after `match` returns (the dispatcher does so synchronously).
 *
 * String paths are compiled with path-to-regexp 8 exactly as router 2.x compiles them (so the
 * regular expression is the reference), with faster equivalent checks in front of it:
 * parameter-less paths are compared as strings, paths of whole-segment `:name` parameters are
 * matched segment by segment (about twice as fast as the RegExp, which allocates its match
 * array and captures), and other patterns are rejected on their static prefix and number of
 * `/` before the regular expression runs.
 */
export class PathMatcher implements LayerMatcher {
  /** The path as given (a string or RegExp), for introspection. */
  readonly source: string | RegExp;
  /**
   * The lower-case leading path segments every match starts with (`/users/:id` -> `users`,
   * literal `/api/v1` -> `api`, `v1`), or null when not even the first one is known.
   */
  readonly segments: string[] | null;
  /** Parameter names in `Object.keys` order: what `router.param` callbacks are looked up by. */
  readonly names: string[];
  /** The compiled regular expression (the reference for every match). */
  readonly regexp: RegExp;

  /** Whether a path with one more `/` at its end matches too (the `strict` option off). */
  readonly trailing: boolean;
  /**
   * Whole-path matchers of text and `:name` parameters only: the number of `/` every match has
   * (one more with the optional trailing slash); -1 when that number is not fixed.
   */
  readonly slashes: number = -1;

  private readonly kind: Kind;
  private readonly sensitive: boolean;
  private readonly end: boolean;
  /** Literal: the path text (lower-cased when case-insensitive). Pattern: its static prefix, same casing. */
  private readonly text: string;
  private readonly textSlash: string;
  private readonly keys: CaptureKey[];
  /** Segments: the text before each parameter, then the text after the last (same casing as `text`). */
  private readonly texts: string[] = [];

  /** Parameters of the last successful match. */
  params: MatchedParams | undefined = undefined;
  /** Matched part of the path of the last successful match. */
  matched = '';

  constructor(path: string | RegExp, options: MatchOptions, slash: boolean) {
    this.source = path;
    this.sensitive = options.sensitive === true;
    this.end = options.end !== false;
    this.trailing = options.strict !== true;
    this.text = '';
    this.textSlash = '';

    if (slash) {
      this.kind = Kind.Slash;
      this.segments = null;
      this.keys = [];
      this.names = [];
      this.regexp = /^/;
      return;
    }

    if (path instanceof RegExp) {
      this.kind = Kind.RegExp;
      this.segments = null;
      this.keys = regexpKeys(path.source);
      this.names = orderedNames(this.keys);
      // A global or sticky expression keeps state between exec calls: match with a stateless copy.
      this.regexp = path.global || path.sticky ? new RegExp(path.source, path.flags.replace(/[gy]/g, '')) : path;
      return;
    }

    const str = this.trailing ? loosen(path) : path;
    const { regexp, keys } = pathToRegexp(str, { sensitive: this.sensitive, end: this.end, trailing: this.trailing });
    this.regexp = regexp;
    this.keys = keys.map((k) => ({ name: k.name, splat: k.type === 'wildcard' }));
    this.names = orderedNames(this.keys);

    // The static text every match starts with, and whether that is the whole path.
    const tokens = parse(str).tokens;
    const literal = tokens.every((t) => t.type === 'text');
    const first = tokens[0];
    const prefix = first !== undefined && first.type === 'text' ? first.value : '';
    const ascii = !NON_ASCII.test(prefix);

    if (literal && ascii) {
      this.kind = Kind.Literal;
      this.text = this.sensitive ? prefix : prefix.toLowerCase();
      this.textSlash = this.text + '/';
      if (this.end) this.slashes = countSlashes(prefix);
    } else {
      this.kind = Kind.Pattern;
      if (ascii) this.text = this.sensitive ? prefix : prefix.toLowerCase();
      // A parameter never spans a `/`: a path with another number of slashes cannot match.
      if (this.end && tokens.every((t) => t.type === 'text' || t.type === 'param')) {
        this.slashes = tokens.reduce((n, t) => (t.type === 'text' ? n + countSlashes(t.value) : n), 0);
        const texts = segmentTexts(tokens, this.names.length);
        if (texts !== undefined) {
          this.kind = Kind.Segments;
          this.texts = this.sensitive ? texts : texts.map((t) => t.toLowerCase());
        }
      }
    }

    // Whole segments of the static prefix: all of them for a literal path, else those that
    // end with a `/` before the first parameter or group.
    let segments: string[] | null = null;
    if (ascii && prefix.charCodeAt(0) === 0x2f) {
      const parts = prefix.slice(1).toLowerCase().split('/');
      if (!literal) parts.pop();
      if (parts.length !== 0) segments = parts;
    }
    this.segments = segments;
  }

  /**
   * Matches `path`. `folded` is `path` lower-cased when it is all ASCII, or null (then the
   * case-insensitive string checks defer to the regular expression); `flags` are its
   * `pathFlags` (its number of `/`, whether it has a `%`), which the walk knows from its scan.
   * Returns whether it matched; on a match `params` and `matched` hold the result. Throws the
   * 400 URIError of `decodeParam` when a captured parameter has a malformed escape.
   */
  match(path: string, folded: string | null, flags: number): boolean {
    const slashes = flags >>> SLASH_SHIFT;
    switch (this.kind) {
      case Kind.Slash:
        this.params = {};
        this.matched = '';
        return true;
      case Kind.Literal:
        return this.matchLiteral(path, this.sensitive ? path : folded);
      case Kind.Pattern:
        if (this.text.length !== 0) {
          const f = this.sensitive ? path : folded;
          if (f !== null && !f.startsWith(this.text)) return false;
        }
        // Paths with another number of segments are rejected without running the RegExp
        // (`/user/:id/posts` against `/user/42`): the common miss among many routes.
        if (this.slashes >= 0) {
          if (!this.fitsSlashes(path, slashes)) return false;
        }
        return this.matchRegExp(path, newParams());
      case Kind.Segments:
        return this.fitsSlashes(path, slashes) && this.matchSegments(path, this.sensitive ? path : folded, flags);
      default:
        return this.matchRegExp(path, {});
    }
  }

  /**
   * Whether a path with `slashes` slashes may match this whole-path matcher of a fixed number
   * of `/` (`this.slashes`, one more when `trailing` and the path ends with `/`).
   */
  private fitsSlashes(path: string, slashes: number): boolean {
    return slashes === this.slashes || (this.trailing && slashes === this.slashes + 1 && path.charCodeAt(path.length - 1) === 0x2f);
  }

  /**
   * Segments, for a path of a fitting number of `/` (`fitsSlashes`) and `pathFlags` `flags`:
   * the path's text compared part by part, each parameter the segment between (non-empty), as
   * the RegExp would capture it. A path that is not all ASCII (`f` null) is left to the RegExp.
   */
  private matchSegments(path: string, f: string | null, flags: number): boolean {
    if (f === null) return this.matchRegExp(path, newParams());
    // without the optional trailing slash
    const end = flags >>> SLASH_SHIFT === this.slashes ? path.length : path.length - 1;
    const texts = this.texts;
    const keys = this.keys;
    const last = keys.length - 1;
    const params = newParams();
    let pos = 0;
    for (let k = 0; k <= last; k++) {
      // (slice and compare: cheaper than `startsWith` at an offset)
      const text = texts[k]!;
      if (f.slice(pos, pos + text.length) !== text) return false;
      pos += text.length;
      let stop = pos;
      if (k === last && texts[k + 1]!.length === 0) {
        // The last parameter up to the end: the texts before it hold every other `/`.
        stop = end;
      } else {
        while (stop < end && f.charCodeAt(stop) !== 0x2f) stop++;
      }
      if (stop === pos) return false;
      params[keys[k]!.name] = path.slice(pos, stop);
      pos = stop;
    }
    const tail = texts[last + 1]!;
    if (end - pos !== tail.length || (tail.length !== 0 && f.slice(pos, end) !== tail)) return false;
    // Decoded once the whole path matched, as the RegExp path decodes its captures.
    if ((flags & PERCENT) !== 0) {
      for (let k = 0; k <= last; k++) {
        const name = keys[k]!.name;
        params[name] = decodeParam(params[name] as string);
      }
    }
    this.params = params;
    this.matched = path;
    return true;
  }

  private matchLiteral(path: string, f: string | null): boolean {
    if (f === null) return this.matchRegExp(path, newParams());
    const text = this.text;
    if (this.end) {
      if (f !== text && !(this.trailing && f === this.textSlash)) return false;
      this.matched = path;
    } else {
      // Prefix on a segment boundary; a single trailing `/` at the very end is part of the match.
      if (!f.startsWith(text)) return false;
      const n = text.length;
      if (f.length !== n) {
        if (f.charCodeAt(n) !== 0x2f) return false;
        this.matched = this.trailing && f.length === n + 1 ? path : path.slice(0, n);
      } else {
        this.matched = path;
      }
    }
    this.params = newParams();
    return true;
  }

  private matchRegExp(path: string, params: MatchedParams): boolean {
    const m = this.regexp.exec(path);
    if (m === null) return false;
    const keys = this.keys;
    for (let i = 1; i < m.length; i++) {
      const value = m[i];
      if (value === undefined) continue;
      const key = keys[i - 1];
      if (key === undefined) continue;
      params[key.name] = key.splat ? decodeSplat(value) : decodeParam(value);
    }
    this.params = params;
    this.matched = m[0];
    return true;
  }
}

/**
 * Segments: the texts around the parameters of `tokens` (text and `:name` tokens of a whole
 * path) when each parameter fills a whole segment (text ending with `/` before it, nothing or
 * text starting with `/` after it), every text is ASCII and no name repeats (`unique`: the
 * number of distinct names); else undefined.
 */
function segmentTexts(tokens: ReturnType<typeof parse>['tokens'], unique: number): string[] | undefined {
  const texts: string[] = [''];
  let params = 0;
  for (const t of tokens) {
    if (t.type === 'text') {
      texts[texts.length - 1] += t.value;
    } else {
      if (!texts[texts.length - 1]!.endsWith('/')) return undefined;
      texts.push('');
      params++;
    }
  }
  if (params !== unique || params === 0) return undefined;
  for (let k = 1; k < texts.length; k++) {
    const text = texts[k]!;
    if (text.length !== 0 && text.charCodeAt(0) !== 0x2f) return undefined;
  }
  return texts.some((t) => NON_ASCII.test(t)) ? undefined : texts;
}

/** `path` lower-cased when it is all ASCII, else null (see `PathMatcher.match`). */
export function foldPath(path: string): string | null {
  return NON_ASCII.test(path) ? null : path.toLowerCase();
}
