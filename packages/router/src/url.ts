import { parse as legacyParse } from 'node:url';

/** `scanned.flags` bit: the pathname has an ASCII upper-case letter. */
export const UPPER = 1;
/** `scanned.flags` bit: the pathname has a character above U+007F. */
export const NON_ASCII = 2;
/** `scanned.flags` bit: the pathname has a `%`. */
export const PERCENT = 4;

/** Flags of the pathname last returned by `scanPathname` (read right after the call). */
export const scanned = { flags: 0 };

function flagsOf(path: string): number {
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
 * The pathname of a request URL, or undefined when it cannot be parsed; its flags are left
 * in `scanned.flags`. An origin-form URL (`/a/b?x`) is cut at `?` in one pass; an
 * absolute-form (`http://host/a`) or asterisk-form (`*`) URL, or one whose path has
 * whitespace or `#`, goes through Node's legacy URL parser: the result is what express's
 * `parseurl` gives.
 */
export function scanPathname(url: string | undefined): string | undefined {
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
    scanned.flags = flags;
    return i === url.length ? url : url.slice(0, i);
  }
  return slowPathname(url);
}

function slowPathname(url: string): string | undefined {
  let pathname: string | null;
  try {
    pathname = legacyParse(url).pathname;
  } catch {
    return undefined;
  }
  if (pathname == null) return undefined;
  scanned.flags = flagsOf(pathname);
  return pathname;
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
