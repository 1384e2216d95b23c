import type { BaseOptions, BodyParserMiddleware } from './options';
import { normalizeOptions } from './options';
import { MediaTypeMemo } from './media-type';
import { read, type BodyReader, type BodyRequest } from './read';

/** Options of {@link raw}. */
export type RawOptions = BaseOptions;

/** Hands the body over as bytes for {@link raw}, built once per middleware. */
class RawReader implements BodyReader {
  readonly options;
  readonly media;
  readonly decodes = false;
  readonly isValidCharset = null;

  constructor(options: RawOptions | undefined) {
    this.options = normalizeOptions(options, 'application/octet-stream');
    this.media = new MediaTypeMemo(this.options.types);
  }

  parse(body: string | Buffer): Buffer {
    return body as Buffer;
  }
}

/**
 * Returns a middleware that reads `application/octet-stream` bodies (or the `type` option) into
 * `req.body` as a Buffer, inflating gzip/deflate/br, at most `limit` bytes. The charset is
 * ignored. Errors go to `next(err)` as for every parser (413, 415 `encoding.unsupported`, 403,
 * 400 `request.aborted` / `request.size.invalid`).
 */
export function raw(options?: RawOptions): BodyParserMiddleware {
  const reader = new RawReader(options);
  return function rawParser(req, res, next) {
    read(req as BodyRequest, res, next, reader);
  };
}
