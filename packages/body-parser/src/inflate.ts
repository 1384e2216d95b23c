import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import createError from 'http-errors';

/**
 * 415 `encoding.unsupported` for a compressed body while `inflate` is false:
 * `content encoding unsupported`, with the encoding in both `encoding` (as body-parser 2.x sets
 * it) and `charset` (as its documentation and the spec name it).
 */
export function inflateDisabled(encoding: string): createError.HttpError {
  return createError(415, 'content encoding unsupported', {
    encoding,
    charset: encoding,
    type: 'encoding.unsupported',
  });
}

/** 415 `encoding.unsupported` for an unknown Content-Encoding: `unsupported content encoding "x"`. */
export function unknownEncoding(encoding: string): createError.HttpError {
  return createError(415, `unsupported content encoding "${encoding}"`, {
    encoding,
    type: 'encoding.unsupported',
  });
}

/**
 * Creates the decompression stream for a lower-cased Content-Encoding: `gzip`, `deflate`
 * (zlib format) or `br`. Throws the 415 `encoding.unsupported` error for anything else.
 */
export function createInflater(encoding: string): Transform {
  switch (encoding) {
    case 'gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw unknownEncoding(encoding);
  }
}
