import { JsonReader, type JsonOptions } from '../json';
import type { MediaTypeLookup } from '../media-type';
import type { BodyParserMiddleware } from '../options';
import type { BodyRequest } from '../read';
import { MediaTypeLookupV1 } from './content-type';
import { INFLATION_V1, readV1 } from './read';

/** Options of the 1.x {@link json}: those of 5.x; `defaultCharset` is not one of them. */
export type JsonOptionsV1 = JsonOptions;

/** 5.x's JSON reader with body-parser 1.x's Content-Type matching and Content-Encodings. */
class JsonReaderV1 extends JsonReader {
  override readonly media: MediaTypeLookup = new MediaTypeLookupV1(this.options.types);
  override readonly inflation = INFLATION_V1;
}

/**
 * The options 1.x's json reads, copied one by one (so inherited ones count, as for the generic
 * `bodyParser(options)`): a body without a charset is always UTF-8, whatever `defaultCharset`
 * says (the 5.x parser, like body-parser 2.x, honours an undocumented `defaultCharset`).
 */
function jsonOptionsV1(options: JsonOptionsV1 | undefined): JsonOptionsV1 {
  const opts: JsonOptionsV1 = options || {};
  return { inflate: opts.inflate, limit: opts.limit, reviver: opts.reviver, strict: opts.strict, type: opts.type, verify: opts.verify };
}

/**
 * body-parser 1.x's `json([options])`: 5.x's JSON parser (same options, errors and strict mode)
 * behind the 1.x request gate (`req._body`, `req.body` defaulting to `{}`), inflating gzip and
 * deflate only, and reading a charset-less body as UTF-8.
 */
export function json(options?: JsonOptionsV1): BodyParserMiddleware {
  const reader = new JsonReaderV1(jsonOptionsV1(options));
  return function jsonParser(req, res, next) {
    readV1(req as BodyRequest, res, next, reader);
  };
}
