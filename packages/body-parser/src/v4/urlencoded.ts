import querystring from 'node:querystring';
import type { MediaTypeLookup } from '../media-type';
import { normalizeOptions, type BaseOptions, type BodyParserMiddleware, type NormalizedOptions } from '../options';
import type { BodyReader, BodyRequest } from '../read';
import { countParameters, parameterLimitOf, tooManyParameters, UrlencodedReader } from '../urlencoded';
import { MediaTypeLookupV1 } from './content-type';
import { createDeprecate } from './deprecate';
import { INFLATION_V1, readV1 } from './read';

/**
 * body-parser 1.x's urlencoded reads UTF-8 forms only: a form whose Content-Type names any
 * other charset (`iso-8859-1` included) is a 415 `charset.unsupported`, and a form without a
 * charset is UTF-8. It has none of the charset options of body-parser 2.x: `defaultCharset`,
 * `charsetSentinel` (a `utf8=✓` parameter is an ordinary parameter) and
 * `interpretNumericEntities` are ignored.
 */

/** The charsets 1.x's urlencoded accepts: `utf-8` (the lower-cased `charset` parameter). */
export function isUtf8Only(charset: string): boolean {
  return charset === 'utf-8';
}

/**
 * `urlencoded({ extended: false })` of body-parser 1.x parses with node's `querystring` module,
 * not with qs as body-parser 2.x does:
 *
 * - `req.body` is an object with a null prototype (`req.body.hasOwnProperty` is undefined);
 * - every key is kept as it is: an empty key (`=x` gives `{ '': 'x' }`) and `__proto__` become
 *   own properties (no prototype is written: the object has none);
 * - escapes that are not valid UTF-8 decode to U+FFFD (`%E9` gives `'\ufffd'`; qs keeps `'%E9'`),
 *   text that is no escape stays as it is (`%zz`);
 * - at most `parameterLimit` parameters (more is a 413 `parameters.too.many`, as in 5.x).
 */
export class SimpleFormReader implements BodyReader {
  readonly options: NormalizedOptions;
  readonly media: MediaTypeLookup;
  readonly inflation = INFLATION_V1;
  readonly decodes = true;
  readonly isValidCharset = isUtf8Only;
  private readonly parameterLimit: number;

  constructor(options: (BaseOptions & { parameterLimit?: number }) | undefined) {
    this.options = normalizeOptions(options, 'application/x-www-form-urlencoded');
    this.media = new MediaTypeLookupV1(this.options.types);
    this.parameterLimit = parameterLimitOf(options);
  }

  parse(body: string | Buffer): unknown {
    const text = body as string;
    if (text.length === 0) return {};
    if (countParameters(text, this.parameterLimit) === -1) throw tooManyParameters();
    return querystring.parse(text, undefined, undefined, { maxKeys: this.parameterLimit });
  }
}

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
