import type { ServerResponse } from 'node:http';
import type { NextFunction } from '../options';
import { accept, readAccepted, type BodyReader, type BodyRequest } from '../read';
import { hasBody } from '../has-body';
import { defaultBody } from './body-default';
import { readUnknownCharset, unknownToIconv04 } from './iconv-charsets';
import { isParsed, markParsed, type FlaggedRequest } from './parsed-flag';

/**
 * What a body-parser 1.x parser does with a request before reading its body, then the shared
 * reading of the 5.x parsers:
 *
 * 1. a request flagged `_body` (see `parsed-flag.ts`) goes to `next()` untouched;
 * 2. `req.body` becomes `{}` unless it holds a truthy value (see `body-default.ts`);
 * 3. a request without a body, or whose Content-Type (or charset) the parser refuses, goes to
 *    `next()` (or `next(err)` for a refused charset), as in 5.x;
 * 4. the request is flagged `_body` and its body is read (a charset iconv-lite 0.4 lacks as an
 *    unknown one, see `iconv-charsets.ts`).
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
