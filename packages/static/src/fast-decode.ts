/** The check that decides whether a request path may take the small-file fast path. */

const SLASH = 0x2f;
const DOT = 0x2e;
const BACKSLASH = 0x5c;
const PERCENT = 0x25;

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
