import { parse as legacyParse } from 'node:url';

/** `ScannedPath.flags` bit: the pathname has an ASCII upper-case letter. */
export const UPPER = 1;
/** `ScannedPath.flags` bit: the pathname has a character above U+007F. */
export const NON_ASCII = 2;
/** `ScannedPath.flags` bit: the pathname has a `%`. */
export const PERCENT = 4;
/** `ScannedPath.flags` counts the pathname's `/` in units of `SLASH`, above the bits: `flags >>> SLASH_SHIFT`. */
export const SLASH_SHIFT = 3;
const SLASH = 1 << SLASH_SHIFT;

/** A request pathname and its `pathFlags`. */
export interface ScannedPath {
  path: string;
  flags: number;
}

/** The parts of a request URL, as express's `parseurl` gives them. */
export interface UrlParts {
  /** The path, still percent-encoded; null when the URL has none (`''`, `?x`). */
  pathname: string | null;
  /** `?` and the query string, or null when the URL has no `?`. */
  search: string | null;
  /** The query string without its `?`, or null when the URL has no `?`. */
  query: string | null;
  /** `#` and the fragment, or null. */
  hash: string | null;
}

/**
 * Splits a request URL as express's `parseurl` does, with the same answers: an origin-form URL
 * (`/a/b?c`) in one scan, cut at its first `?`; anything else (absolute form, `*`, a `#` or
 * whitespace anywhere) through Node's legacy URL parser, which may throw on a malformed host.
 * The one request-URL parser of the webfw packages: the router, core's `req.path`/`req.query`
 * and static use it.
 */
export function parseUrl(url: string): UrlParts {
  if (url.charCodeAt(0) !== 0x2f /* / */) return parseLegacy(url);
  let pathname = url;
  let search: string | null = null;
  for (let i = 1; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === 0x3f /* ? */) {
      if (search === null) {
        pathname = url.substring(0, i);
        search = url.substring(i);
      }
    } else if (needsLegacyParser(c)) return parseLegacy(url);
  }
  return { pathname, search, query: search === null ? null : search.substring(1), hash: null };
}

/** The characters that make `parseurl` hand an origin-form URL to the legacy parser: whitespace and `#`. */
function needsLegacyParser(c: number): boolean {
  return c <= 0x23 ? c === 0x20 || c === 0x23 || (c >= 0x09 && c <= 0x0d && c !== 0x0b) : c === 0xa0 || c === 0xfeff;
}

function parseLegacy(url: string): UrlParts {
  const parsed = legacyParse(url);
  return { pathname: parsed.pathname, search: parsed.search, query: typeof parsed.query === 'string' ? parsed.query : null, hash: parsed.hash };
}

/**
 * The pathname of a request URL with its `pathFlags`, or undefined when it has none or cannot
 * be parsed (router 2.x then answers 404). The router's hot path: an origin-form URL
 * (`/a/b?x`) is cut at `?` in the same pass that computes the flags; any other goes through
 * `parseUrl`, so the pathname is always `parseurl`'s.
 */
export function scanPathname(url: string | undefined): ScannedPath | undefined {
  if (typeof url !== 'string') return undefined;
  if (url.charCodeAt(0) !== 0x2f /* / */) return slowPathname(url);
  let flags = SLASH;
  let i = 1;
  for (; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c >= 0x5b /* [ */) {
      // lower-case letters and most punctuation: nothing to note up to U+007E
      if (c > 0x7e) {
        if (needsLegacyParser(c)) return slowPathname(url);
        if (c > 0x7f) flags |= NON_ASCII;
      }
    } else if (c >= 0x41 /* A */) flags |= UPPER;
    else if (c === 0x2f /* / */) flags += SLASH;
    else if (c === 0x3f /* ? */) break;
    else if (c === 0x25 /* % */) flags |= PERCENT;
    else if (needsLegacyParser(c)) return slowPathname(url);
  }
  // parseurl also hands a URL whose query has whitespace or `#` to the legacy parser
  for (let j = i + 1; j < url.length; j++) if (needsLegacyParser(url.charCodeAt(j))) return slowPathname(url);
  return { path: i === url.length ? url : url.slice(0, i), flags };
}

function slowPathname(url: string): ScannedPath | undefined {
  let pathname: string | null;
  try {
    pathname = parseLegacy(url).pathname;
  } catch {
    return undefined;
  }
  return pathname == null ? undefined : { path: pathname, flags: pathFlags(pathname) };
}

/**
 * What the walk needs to know of a pathname, as bits: `UPPER` (an ASCII upper-case letter: it
 * must be lower-cased for case-insensitive matching), `NON_ASCII` (a character above U+007F:
 * no ASCII case folding) and `PERCENT` (a `%`: a parameter may hold a malformed escape); and
 * above them, its number of `/` (`flags >>> SLASH_SHIFT`: whole-path matchers of a fixed number
 * of segments reject the others without reading the path).
 */
export function pathFlags(path: string): number {
  let flags = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) flags |= UPPER;
    else if (c > 0x7f) flags |= NON_ASCII;
    else if (c === 0x25) flags |= PERCENT;
    else if (c === 0x2f) flags += SLASH;
  }
  return flags;
}

/** The number of `/` in `path`. */
export function countSlashes(path: string): number {
  return pathFlags(path) >>> SLASH_SHIFT;
}

/**
 * The `scheme://host` part of an absolute-form URL (kept in front of `req.url` while a mount
 * path is stripped), or '' for any other URL.
 */
export function getProtohost(url: string | undefined): string {
  if (typeof url !== 'string' || url.length === 0 || url.charCodeAt(0) === 0x2f) return '';
  const search = url.indexOf('?');
  const pathLength = search !== -1 ? search : url.length;
  const fqdn = url.substring(0, pathLength).indexOf('://');
  return fqdn !== -1 ? url.substring(0, url.indexOf('/', 3 + fqdn)) : '';
}
