import zlib from 'node:zlib';
import type { Transform } from 'node:stream';
import createError from 'http-errors';
import { unknownEncoding, type Inflation } from '../inflate';

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
