import type { MediaTypeLookup } from '../media-type';
import type { BaseOptions, BodyParserMiddleware } from '../options';
import type { BodyRequest } from '../read';
import { UrlencodedReader } from '../urlencoded';
import { createDeprecate } from './deprecate';
import { INFLATION_V1 } from './encodings';
import { MediaTypeLookupV1 } from './media-type';
import { readV1 } from './read';
import { SimpleFormReader } from './simple-querystring';
import { isUtf8Only } from './urlencoded-charset';

/** Options of the 1.x {@link urlencoded}. */
export interface UrlencodedOptionsV1 extends BaseOptions {
  /**
   * `true`: nested objects and arrays parsed by qs; `false`: flat pairs parsed by node's
   * `querystring`. Not given: `true`, with body-parser 1.x's deprecation warning
   * (`body-parser deprecated undefined extended: provide extended option`).
   */
  extended?: boolean | undefined;
  /** Maximum number of parameters (default 1000); more is a 413 `parameters.too.many`. */
  parameterLimit?: number | undefined;
  /** Maximum nesting depth with `extended` (default 32); deeper input is a 400. */
  depth?: number | undefined;
}

/** The message of the warning for `urlencoded()` without `extended`. */
export const UNDEFINED_EXTENDED = 'undefined extended: provide extended option';

const deprecate = createDeprecate('body-parser');

/**
 * 5.x's extended (qs) reader limited to UTF-8 forms, with body-parser 1.x's Content-Type matching
 * and Content-Encodings.
 */
class ExtendedFormReader extends UrlencodedReader {
  override readonly media: MediaTypeLookup = new MediaTypeLookupV1(this.options.types);
  override readonly inflation = INFLATION_V1;
  override readonly isValidCharset = isUtf8Only;
}

/**
 * The urlencoded middleware of body-parser 1.x for an `extended` already decided: qs (5.x's
 * extended reader, with 1.x's options: `parameterLimit`, `depth` and none of the charset
 * options) or node's querystring, behind the 1.x request gate. The options are copied one by
 * one, so inherited ones count (the generic `bodyParser(options)` passes an object inheriting
 * from the caller's).
 */
export function urlencodedParserFor(options: UrlencodedOptionsV1 | undefined, extended: boolean): BodyParserMiddleware {
  const opts: UrlencodedOptionsV1 = options || {};
  const common: BaseOptions & { parameterLimit?: number } = {
    inflate: opts.inflate,
    limit: opts.limit,
    type: opts.type,
    verify: opts.verify,
    parameterLimit: opts.parameterLimit,
  };
  const reader = extended ? new ExtendedFormReader({ ...common, extended: true, depth: opts.depth }) : new SimpleFormReader(common);
  return function urlencodedParser(req, res, next) {
    readV1(req as BodyRequest, res, next, reader);
  };
}

/**
 * body-parser 1.x's `urlencoded([options])`. `extended` has no default: when it is not given the
 * parser is extended (qs) and body-parser 1.x's deprecation is printed, once per place in the
 * calling code (depd, namespace `body-parser`), before the options are validated.
 */
export function urlencoded(options?: UrlencodedOptionsV1): BodyParserMiddleware {
  const extended = options?.extended;
  if (extended === undefined) deprecate(UNDEFINED_EXTENDED);
  return urlencodedParserFor(options, extended !== false);
}
