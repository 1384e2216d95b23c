import { parse as legacyParse } from 'node:url';

/** The pathname and raw query string of a request URL, as parseurl splits them. */
export interface UrlParts {
  /** Path part, or null when the URL has none (an empty request target). */
  pathname: string | null;
  /** Query string without the leading `?`, or null when there is no `?`. */
  query: string | null;
}

/**
 * Splits a request URL into pathname and query. Origin-form URLs (`/a/b?c`) take a single
 * scan; anything else (absolute form, fragments, whitespace) goes through node's legacy URL
 * parser so the result equals what express (parseurl) computes.
 */
export function splitUrl(url: string): UrlParts {
  if (url.charCodeAt(0) !== 0x2f) return slowSplit(url);
  let pathname = url;
  let query: string | null = null;
  for (let i = 1; i < url.length; i++) {
    switch (url.charCodeAt(i)) {
      case 0x3f /* ? */:
        if (query === null) {
          pathname = url.substring(0, i);
          query = url.substring(i + 1);
        }
        break;
      case 0x09:
      case 0x0a:
      case 0x0c:
      case 0x0d:
      case 0x20:
      case 0x23 /* # */:
      case 0xa0:
      case 0xfeff:
        return slowSplit(url);
    }
  }
  return { pathname, query };
}

function slowSplit(url: string): UrlParts {
  const parsed = legacyParse(url);
  return { pathname: parsed.pathname, query: typeof parsed.query === 'string' ? parsed.query : null };
}

/** The pathname of a request URL (see `splitUrl`). */
export function pathnameOf(url: string): string | null {
  if (url.charCodeAt(0) === 0x2f) {
    // common case: no query, no special characters
    let plain = true;
    for (let i = 1; i < url.length; i++) {
      const c = url.charCodeAt(i);
      if (c === 0x3f || c === 0x23 || c <= 0x20 || c === 0xa0 || c === 0xfeff) {
        plain = false;
        break;
      }
    }
    if (plain) return url;
  }
  return splitUrl(url).pathname;
}
