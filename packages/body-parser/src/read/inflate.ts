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

/** How a parser treats compressed bodies: the inflater per Content-Encoding, the 415 when `inflate` is false. */
export interface Inflation {
  /** The decompression stream for a lower-cased Content-Encoding; throws 415 `encoding.unsupported` for an unknown one. */
  create(encoding: string): Transform;
  /** The error for a compressed body while `inflate` is false. */
  disabled(encoding: string): createError.HttpError;
}

/** body-parser 2.x's: gzip, deflate and br, and the encoding named in both `encoding` and `charset` when disabled. */
export const INFLATION: Inflation = { create: createInflater, disabled: inflateDisabled };
