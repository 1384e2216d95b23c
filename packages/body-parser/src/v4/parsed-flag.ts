/**
 * body-parser 1.x marks a request whose body a parser started to read with `req._body = true`,
 * and every parser skips a request so marked (it calls `next()` and leaves `req.body` alone).
 * So with several parsers stacked, the first one whose Content-Type matches reads the body and
 * the others pass, even a catch-all `text({ type: '*\/*' })` after `json()`. Other middleware of
 * the express 4 era (multer, connect-multiparty ...) set and check the same flag.
 *
 * body-parser 2.x has no flag: it skips a request whose body stream has ended instead.
 */

/** A request as body-parser 1.x sees it: `_body` is true once a parser started reading its body. */
export interface FlaggedRequest {
  _body?: unknown;
}

/** True when a parser (or other middleware) already took the body of `req`. */
export function isParsed(req: FlaggedRequest): boolean {
  return Boolean(req._body);
}

/** Marks the body of `req` as taken: set when reading starts, so also when reading then fails. */
export function markParsed(req: FlaggedRequest): void {
  req._body = true;
}
