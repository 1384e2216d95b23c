import type { BaseOptions, BodyParserMiddleware } from './options';
import { PassThroughReader } from './pass-through-reader';
import { read, type BodyRequest } from './read';

/** Options of {@link raw}. */
export type RawOptions = BaseOptions;

/**
 * Returns a middleware that reads `application/octet-stream` bodies (or the `type` option) into
 * `req.body` as a Buffer, inflating gzip/deflate/br, at most `limit` bytes. The charset is
 * ignored. Errors go to `next(err)` as for every parser (413, 415 `encoding.unsupported`, 403,
 * 400 `request.aborted` / `request.size.invalid`).
 */
export function raw(options?: RawOptions): BodyParserMiddleware {
  const reader = new PassThroughReader(options, 'application/octet-stream', false);
  return function rawParser(req, res, next) {
    read(req as BodyRequest, res, next, reader);
  };
}
