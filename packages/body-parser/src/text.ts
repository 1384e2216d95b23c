import type { BaseOptions, BodyParserMiddleware } from './options';
import { normalizeOptions } from './options';
import { MediaTypeMemo } from './media-type';
import { read, type BodyReader, type BodyRequest } from './read';

/** Options of {@link text}. */
export interface TextOptions extends BaseOptions {
  /** Charset used when the Content-Type names none (default `'utf-8'`). */
  defaultCharset?: string;
}

/** Hands the decoded body over as a string for {@link text}, built once per middleware. */
class TextReader implements BodyReader {
  readonly options;
  readonly media;
  readonly decodes = true;
  readonly isValidCharset = null;

  constructor(options: TextOptions | undefined) {
    this.options = normalizeOptions(options, 'text/plain');
    this.media = new MediaTypeMemo(this.options.types);
  }

  parse(body: string | Buffer): string {
    return body as string;
  }
}

/**
 * Returns a middleware that reads `text/plain` bodies (or the `type` option) into `req.body` as
 * a string, decoded with the Content-Type's charset (any charset iconv-lite knows) or
 * `defaultCharset`, inflating gzip/deflate/br, at most `limit` bytes. An unknown charset is a 415
 * `charset.unsupported`; other errors as for every parser.
 */
export function text(options?: TextOptions): BodyParserMiddleware {
  const reader = new TextReader(options);
  return function textParser(req, res, next) {
    read(req as BodyRequest, res, next, reader);
  };
}
