/**
 * Request-target helpers: the path part of `req.url` (as parseurl / the legacy URL parser
 * give it) and the check that decides whether a path may take the small-file fast path.
 */

const SLASH = 0x2f;
const QUESTION = 0x3f;
const HASH = 0x23;
const DOT = 0x2e;
const BACKSLASH = 0x5c;
const PERCENT = 0x25;

/** Index of the first `?` or `#` in `url` at or after `from`, or `url.length`. */
function endOfPath(url: string, from: number): number {
  for (let i = from; i < url.length; i++) {
    const c = url.charCodeAt(i);
    if (c === QUESTION || c === HASH) return i;
  }
  return url.length;
}

/** Matches the scheme and authority of an absolute-form request target (`http://host`). */
const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * Where the path of a request target starts and ends: after the authority of an absolute-form
 * target (`http://h/a?b`), at 0 otherwise; it ends before the first `?` or `#`.
 */
function pathBounds(url: string): [number, number] {
  if (url.charCodeAt(0) === SLASH) return [0, endOfPath(url, 1)];
  const m = ABSOLUTE_FORM.exec(url);
  const start = m === null ? 0 : m[0].length;
  return [start, endOfPath(url, start)];
}

/**
 * The still percent-encoded path of a request target: everything before `?` or `#` for an
 * origin-form target (`/a/b?c` -> `/a/b`); the path after the authority for an absolute-form
 * one (`http://h/a?b` -> `/a`, `http://h` -> `/`); anything else up to `?` or `#`.
 */
export function pathnameOf(url: string): string {
  if (url.charCodeAt(0) === SLASH) return url.slice(0, endOfPath(url, 1));
  const [start, end] = pathBounds(url);
  return end > start || start === 0 ? url.slice(start, end) : '/';
}

/** The part of a request target after its path: the query and fragment, `?` / `#` included. */
export function suffixOf(url: string): string {
  return url.slice(pathBounds(url)[1]);
}

/**
 * The decoded form of a request path when the fast path may serve it without changing what
 * send would do, else `null`. Eligible paths start with `/`, decode without error, and after
 * decoding contain no NUL, no backslash, no empty segment (`//`) and no segment beginning with a
 * dot (so no `.`/`..` and no dotfile: those rules stay with send). A trailing slash must be
 * present both before and after decoding (`/dir%2F` is left to send).
 */
export function fastDecode(path: string): string | null {
  const n = path.length;
  if (n === 0 || path.charCodeAt(0) !== SLASH) return null;
  let encoded = false;
  for (let i = 1; i < n; i++) {
    if (path.charCodeAt(i) === PERCENT) {
      encoded = true;
      break;
    }
  }
  let decoded = path;
  if (encoded) {
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if ((decoded.charCodeAt(decoded.length - 1) === SLASH) !== (path.charCodeAt(n - 1) === SLASH)) return null;
  }
  let prev = SLASH;
  for (let i = 1; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if (c === 0 || c === BACKSLASH) return null;
    if (prev === SLASH && (c === SLASH || c === DOT)) return null;
    prev = c;
  }
  return decoded;
}

/** Collapses a run of leading slashes to one, so a Location never reads as `//host`. */
export function collapseLeadingSlashes(path: string): string {
  let i = 0;
  while (i < path.length && path.charCodeAt(i) === SLASH) i++;
  return i > 1 ? '/' + path.slice(i) : path;
}
