/**
 * 4.x: a cheap first test of a path against a path-to-regexp 0.1 expression. Router 1.x tries
 * every layer's expression on every request, in order, and an express 4 app has tens of
 * routes: on `/user/:id` behind 49 other routes most of a request's routing was regular
 * expressions failing. Every path an expression compiled from a string path accepts starts
 * with that string's literal head, so a path that does not start with it is refused without
 * running the expression; every other path still gets the expression's own answer.
 *
 * The literal head is the path's leading run of characters path-to-regexp 0.1 copies into the
 * expression as themselves (letters, digits, `/`, `_`, `~`, `%`, `-`), up to the first it
 * rewrites or that is regular expression syntax (`:`, `.`, `*`, `(`, `?`, `\`, ...), less the
 * character a quantifier (`?`, `+`, `{`) applies to, and without its trailing slashes (a `/` before `:name` belongs to the parameter and may be optional; a
 * trailing `/` is optional unless `strict`).
 */

/** The literal head of a string path (see the file comment); '' when there is none. */
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
 * starts with, for the router's lookup table (../layer-index.ts), given its literal head
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
