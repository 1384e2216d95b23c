import type { ServerResponse } from 'node:http';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import createError from 'http-errors';
import { unsupportedCharset } from '../read/charset';
import { hasBody } from '../read/has-body';
import { unknownEncoding, type Inflation } from '../read/inflate';
import type { NextFunction } from '../options';
import { accept, readAccepted, type BodyReader, type BodyRequest } from '../read';

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

/**
 * The Content-Encodings body-parser 1.x inflates: `gzip` and `deflate` only (`identity` is read
 * as it is). A `br` body is a 415 `encoding.unsupported` (`unsupported content encoding "br"`),
 * as any other encoding; with `inflate: false` a compressed body is a 415 whose only extra
 * property is `encoding` (body-parser 2.x inflates `br` too, and the 5.x entry also sets
 * `charset` on that error).
 */
export const INFLATION_V1: Inflation = {
  create(encoding: string): Transform {
    if (encoding === 'gzip') return zlib.createGunzip();
    if (encoding === 'deflate') return zlib.createInflate();
    throw unknownEncoding(encoding);
  },
  disabled(encoding: string): createError.HttpError {
    return createError(415, 'content encoding unsupported', { encoding, type: 'encoding.unsupported' });
  },
};

/**
 * body-parser 1.x decodes with iconv-lite 0.4, which does not know the charsets iconv-lite 0.7
 * (the 5.x entry's) added: UTF-32 (`utf-32`, `utf-32le`, `utf-32be`, `ucs-4`, `ucs-4le`,
 * `ucs-4be`), `cp720` and the Hebrew `iso-8859-8-i` / `iso-8859-8-e`. A body in one of them is
 * a 415 `charset.unsupported` (`unsupported charset "UTF-32"`, `charset: 'utf-32'`), reported
 * exactly where any other unknown charset is: at once when `verify` is set, otherwise after the
 * Content-Encoding and size checks. (json refuses charsets not named `utf-*` before that.)
 */

/** The canonical names (iconv-lite's: lower case, letters and digits only) iconv-lite 0.4 lacks. */
const NEWER_ICONV_ONLY = new Set(['utf32', 'utf32le', 'utf32be', 'ucs4', 'ucs4le', 'ucs4be', 'cp720', 'iso88598i', 'iso88598e']);

/** A charset name no iconv-lite knows, read in place of one iconv-lite 0.4 lacked. */
const NO_SUCH_CHARSET = 'x-unknown-to-iconv-lite-0.4';

/** True when iconv-lite 0.7 knows `charset` but body-parser 1.x's iconv-lite 0.4 does not. */
export function unknownToIconv04(charset: string): boolean {
  if (charset === 'utf-8') return false;
  return NEWER_ICONV_ONLY.has(charset.toLowerCase().replace(/:\d{4}$|[^0-9a-z]/g, ''));
}

/**
 * Reads a body whose `charset` iconv-lite 0.4 lacks as the shared reading reads a body in an
 * unknown charset, reporting the 415 with the name the request gave.
 */
export function readUnknownCharset(req: BodyRequest, res: ServerResponse, next: NextFunction, reader: BodyReader, charset: string): void {
  readAccepted(
    req,
    res,
    (err) => {
      const named = err as { type?: unknown; charset?: unknown } | undefined;
      next(named && named.type === 'charset.unsupported' && named.charset === NO_SUCH_CHARSET ? unsupportedCharset(charset) : err);
    },
    reader,
    NO_SUCH_CHARSET,
  );
}

/**
 * What a body-parser 1.x parser does with a request before reading its body, then the shared
 * reading of the 5.x parsers:
 *
 * 1. a request flagged `_body` (see {@link isParsed}) goes to `next()` untouched;
 * 2. `req.body` becomes `{}` unless it holds a truthy value (see {@link defaultBody});
 * 3. a request without a body, or whose Content-Type (or charset) the parser refuses, goes to
 *    `next()` (or `next(err)` for a refused charset), as in 5.x;
 * 4. the request is flagged `_body` and its body is read (a charset iconv-lite 0.4 lacks as an
 *    unknown one, see {@link unknownToIconv04}).
 *
 * There is no check that the body stream already ended (body-parser 2.x skips such a request):
 * a body that something else consumed without setting `_body` is a 500 `stream.not.readable`.
 */
export function readV1(req: BodyRequest & FlaggedRequest, res: ServerResponse, next: NextFunction, reader: BodyReader): void {
  if (isParsed(req)) {
    next();
    return;
  }
  defaultBody(req);
  if (!hasBody(req)) {
    next();
    return;
  }
  const charset = accept(req, next, reader);
  if (charset === undefined) return;
  markParsed(req);
  if (charset !== null && unknownToIconv04(charset)) readUnknownCharset(req, res, next, reader, charset);
  else readAccepted(req, res, next, reader, charset);
}
