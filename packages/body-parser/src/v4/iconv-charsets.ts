import type { ServerResponse } from 'node:http';
import { unsupportedCharset } from '../charset';
import type { NextFunction } from '../options';
import { readAccepted, type BodyReader, type BodyRequest } from '../read';

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
