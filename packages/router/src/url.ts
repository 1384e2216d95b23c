import { parse as legacyParse } from 'node:url';

/** `ScannedPath.flags` bit: the pathname has an ASCII upper-case letter. */
export const UPPER = 1;
/** `ScannedPath.flags` bit: the pathname has a character above U+007F. */
export const NON_ASCII = 2;
/** `ScannedPath.flags` bit: the pathname has a `%`. */
export const PERCENT = 4;

/** A request pathname and its `pathFlags`. */
export interface ScannedPath {
  path: string;
  flags: number;
}

/**
 * The pathname of a request URL with its `pathFlags`, or undefined when it cannot be parsed.
 * An origin-form URL (`/a/b?x`) is cut at `?` in the same pass that computes the flags; an
 * absolute-form (`http://host/a`) or asterisk-form (`*`) URL, or one whose path has whitespace
 * or `#`, goes through Node's legacy URL parser: the pathname is what express's `parseurl`
 * gives.
 */
export function scanPathname(url: string | undefined): ScannedPath | undefined {
  if (typeof url !== 'string') return undefined;
  if (url.charCodeAt(0) === 0x2f /* / */) {
    let flags = 0;
    let i = 1;
    for (; i < url.length; i++) {
      const c = url.charCodeAt(i);
      if (c === 0x3f /* ? */) break;
      if (c >= 0x41 && c <= 0x5a) flags |= UPPER;
      else if (c === 0x25) flags |= PERCENT;
      else if (c <= 0x20 || c === 0x23 /* # */ || c === 0xa0 || c === 0xfeff) return slowPathname(url);
      else if (c > 0x7f) flags |= NON_ASCII;
    }
    return { path: i === url.length ? url : url.slice(0, i), flags };
  }
  return slowPathname(url);
}

function slowPathname(url: string): ScannedPath | undefined {
  let pathname: string | null;
  try {
    pathname = legacyParse(url).pathname;
  } catch {
    return undefined;
  }
  return pathname == null ? undefined : { path: pathname, flags: pathFlags(pathname) };
}

/**
 * What the walk needs to know of a pathname, as bits: `UPPER` (an ASCII upper-case letter: it
 * must be lower-cased for case-insensitive matching), `NON_ASCII` (a character above U+007F:
 * no ASCII case folding) and `PERCENT` (a `%`: a parameter may hold a malformed escape).
 */
export function pathFlags(path: string): number {
  let flags = 0;
  for (let i = 0; i < path.length; i++) {
    const c = path.charCodeAt(i);
    if (c >= 0x41 && c <= 0x5a) flags |= UPPER;
    else if (c > 0x7f) flags |= NON_ASCII;
    else if (c === 0x25) flags |= PERCENT;
  }
  return flags;
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
