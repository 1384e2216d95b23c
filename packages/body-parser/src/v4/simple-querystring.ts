import querystring from 'node:querystring';
import { INFLATION_V1 } from './encodings';
import type { MediaTypeLookup } from '../media-type';
import { normalizeOptions, type BaseOptions, type NormalizedOptions } from '../options';
import type { BodyReader } from '../read';
import { countParameters, parameterLimitOf, tooManyParameters } from '../urlencoded';
import { MediaTypeLookupV1 } from './media-type';
import { isUtf8Only } from './urlencoded-charset';

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
