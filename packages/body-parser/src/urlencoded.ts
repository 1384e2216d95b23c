import createError from 'http-errors';
import qs from 'qs';
import type { BaseOptions, BodyParserMiddleware } from './options';
import { normalizeOptions } from './options';
import { MediaTypeMemo, type MediaTypeLookup } from './media-type';
import { INFLATION, type Inflation } from './read/inflate';
import { canParseFlat, parseFlat } from './querystring';
import { read, type BodyReader, type BodyRequest } from './read';

/** Options of {@link urlencoded}. */
export interface UrlencodedOptions extends BaseOptions {
  /** `false` (default): flat key/value pairs; `true`: nested objects and arrays, parsed by qs. */
  extended?: boolean | undefined;
  /** Maximum number of parameters (default 1000); more is a 413 `parameters.too.many`. */
  parameterLimit?: number | undefined;
  /** Charset when the Content-Type names none: `'utf-8'` (default) or `'iso-8859-1'`. */
  defaultCharset?: 'utf-8' | 'iso-8859-1' | (string & {}) | undefined;
  /** Let a `utf8=✓` parameter select the charset (default `false`); the parameter is dropped. */
  charsetSentinel?: boolean | undefined;
  /** Decode numeric entities such as `&#9786;` in iso-8859-1 forms (default `false`). */
  interpretNumericEntities?: boolean | undefined;
  /** Maximum nesting depth with `extended` (default 32); deeper input is a 400. */
  depth?: number | undefined;
}

/**
 * Counts the `&`-separated parameters of `body`, or returns -1 as soon as there are more than
 * `limit` (the body is not split into an array to count them).
 */
export function countParameters(body: string, limit: number): number {
  let count = 1;
  let at = body.indexOf('&');
  while (at !== -1) {
    if (++count > limit) return -1;
    at = body.indexOf('&', at + 1);
  }
  return count > limit ? -1 : count;
}

/**
 * The `parameterLimit` option, validated (`TypeError: option parameterLimit must be a positive
 * number`): 1000 when not given, a finite value truncated to an integer, `Infinity` kept.
 */
export function parameterLimitOf(options: { parameterLimit?: number } | undefined): number {
  const value = options?.parameterLimit !== undefined ? options.parameterLimit : 1000;
  const limit = Number(value);
  if (Number.isNaN(limit) || limit < 1) {
    throw new TypeError('option parameterLimit must be a positive number');
  }
  return Number.isFinite(limit) ? limit | 0 : limit;
}

/** 413 `parameters.too.many`, for a form with more parameters than `parameterLimit`. */
export function tooManyParameters(): createError.HttpError {
  return createError(413, 'too many parameters', { type: 'parameters.too.many' });
}

/** Parses form bodies for {@link urlencoded}, built once per middleware. */
export class UrlencodedReader implements BodyReader {
  readonly options;
  readonly media: MediaTypeLookup;
  readonly inflation: Inflation = INFLATION;
  readonly decodes = true;
  readonly isValidCharset = (charset: string): boolean => charset === 'utf-8' || charset === 'iso-8859-1';
  private readonly extended: boolean;
  private readonly parameterLimit: number;
  private readonly depth: number;
  private readonly charsetSentinel: boolean | undefined;
  private readonly interpretNumericEntities: boolean | undefined;

  constructor(options: UrlencodedOptions | undefined) {
    this.options = normalizeOptions(options, 'application/x-www-form-urlencoded');
    if (this.options.defaultCharset !== 'utf-8' && this.options.defaultCharset !== 'iso-8859-1') {
      throw new TypeError('option defaultCharset must be either utf-8 or iso-8859-1');
    }
    this.media = new MediaTypeMemo(this.options.types);
    this.extended = Boolean(options?.extended);

    this.parameterLimit = parameterLimitOf(options);

    const depth = this.extended ? (options?.depth !== undefined ? options.depth : 32) : 0;
    if (Number.isNaN(Number(depth)) || Number(depth) < 0) {
      throw new TypeError('option depth must be a zero or a positive number');
    }
    this.depth = Number(depth);
    this.charsetSentinel = options?.charsetSentinel;
    this.interpretNumericEntities = options?.interpretNumericEntities;
  }

  parse(body: string | Buffer, charset: string | null): unknown {
    const text = body as string;
    if (text.length === 0) return {};

    const count = countParameters(text, this.parameterLimit);
    if (count === -1) {
      throw tooManyParameters();
    }

    if (!this.extended && charset === 'utf-8' && !this.charsetSentinel && canParseFlat(text)) {
      return parseFlat(text);
    }

    try {
      return qs.parse(text, {
        allowPrototypes: true,
        arrayLimit: Math.max(100, count),
        depth: this.depth,
        charsetSentinel: this.charsetSentinel,
        interpretNumericEntities: this.interpretNumericEntities,
        charset: charset as 'utf-8' | 'iso-8859-1',
        parameterLimit: this.parameterLimit,
        strictDepth: true,
      });
    } catch (err) {
      if (err instanceof RangeError) {
        throw createError(400, 'The input exceeded the depth', { type: 'querystring.parse.rangeError' });
      }
      throw err;
    }
  }
}

/**
 * Returns a middleware that parses `application/x-www-form-urlencoded` bodies (or the `type`
 * option) into `req.body`: flat pairs by default, nested objects and arrays with `extended`
 * (qs, at most `depth` levels), UTF-8 or ISO-8859-1 only, at most `parameterLimit` parameters
 * and `limit` bytes. `__proto__` keys are dropped and no prototype is ever written. Errors go to
 * `next(err)`: 413 `parameters.too.many`, 400 `querystring.parse.rangeError` (too deep), 415
 * `charset.unsupported`, and the errors every parser has.
 */
export function urlencoded(options?: UrlencodedOptions): BodyParserMiddleware {
  const reader = new UrlencodedReader(options);
  return function urlencodedParser(req, res, next) {
    read(req as BodyRequest, res, next, reader);
  };
}
