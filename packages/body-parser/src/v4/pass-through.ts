import type { MediaTypeLookup } from '../media-type';
import type { BodyParserMiddleware } from '../options';
import { PassThroughReader } from '../pass-through-reader';
import type { RawOptions } from '../raw';
import type { BodyRequest } from '../read';
import type { TextOptions } from '../text';
import { MediaTypeLookupV1 } from './content-type';
import { INFLATION_V1, readV1 } from './read';

/** 5.x's raw/text reader with body-parser 1.x's Content-Type matching and Content-Encodings. */
class PassThroughReaderV1 extends PassThroughReader {
  override readonly media: MediaTypeLookup = new MediaTypeLookupV1(this.options.types);
  override readonly inflation = INFLATION_V1;
}

/**
 * body-parser 1.x's `raw([options])`: 5.x's raw parser (a Buffer of the body) behind the 1.x
 * request gate, inflating gzip and deflate only.
 */
export function raw(options?: RawOptions): BodyParserMiddleware {
  const reader = new PassThroughReaderV1(options, 'application/octet-stream', false);
  return function rawParser(req, res, next) {
    readV1(req as BodyRequest, res, next, reader);
  };
}

/**
 * body-parser 1.x's `text([options])`: 5.x's text parser (any charset, `defaultCharset`) behind
 * the 1.x request gate, inflating gzip and deflate only.
 */
export function text(options?: TextOptions): BodyParserMiddleware {
  const reader = new PassThroughReaderV1(options, 'text/plain', true);
  return function textParser(req, res, next) {
    readV1(req as BodyRequest, res, next, reader);
  };
}
