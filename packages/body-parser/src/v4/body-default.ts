/**
 * body-parser 1.x gives every request it sees a body: `req.body = req.body || {}`, before it
 * looks at the request. So `req.body` is `{}` when nothing was parsed (no body, a Content-Type
 * the parser does not handle, a rejected charset ...), and a falsy value an earlier middleware
 * left there (`0`, `''`, `null`, `false`) is replaced by `{}` too.
 *
 * body-parser 2.x leaves `req.body` `undefined` when nothing was parsed.
 */

/** Sets `req.body` to `{}` unless it already holds a truthy value. */
export function defaultBody(req: { body?: unknown }): void {
  req.body = req.body || {};
}
