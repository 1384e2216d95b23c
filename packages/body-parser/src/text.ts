import type { BaseOptions, BodyParserMiddleware } from './options';
import { PassThroughReader } from './pass-through-reader';
import { read, type BodyRequest } from './read';

/** Options of {@link text}. */
export interface TextOptions extends BaseOptions {
  /** Charset used when the Content-Type names none (default `'utf-8'`). */
  defaultCharset?: string | undefined;
}

/**
 * Returns a middleware that reads `text/plain` bodies (or the `type` option) into `req.body` as
 * a string, decoded with the Content-Type's charset (any charset iconv-lite knows) or
 * `defaultCharset`, inflating gzip/deflate/br, at most `limit` bytes. An unknown charset is a 415
 * `charset.unsupported`; other errors as for every parser.
 */
export function text(options?: TextOptions): BodyParserMiddleware {
  const reader = new PassThroughReader(options, 'text/plain', true);
  return function textParser(req, res, next) {
    read(req as BodyRequest, res, next, reader);
  };
}
