import type { BaseOptions, BodyParserMiddleware } from './options';
import { normalizeOptions } from './options';
import { MediaTypeMemo, type MediaTypeLookup } from './media-type';
import { INFLATION, type Inflation } from './read/inflate';
import { read, type BodyReader, type BodyRequest } from './read';

/** Options of {@link json}. */
export interface JsonOptions extends BaseOptions {
  /** Passed to `JSON.parse` as its second argument. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- @types/body-parser's (and JSON.parse's) type
  reviver?(key: string, value: any): any;
  /** Accept only objects and arrays (default `true`); `false` accepts any JSON value. */
  strict?: boolean | undefined;
}

/** Placeholder that stands for the body's text while V8 words a strict-mode error. */
const MASK = '#';
const MASK_RUN = /#+/g;

/** JSON whitespace (RFC 8259): space, tab, line feed, carriage return. */
function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** Index of the first non-whitespace character of `text`, or -1 when there is none. */
function firstSignificant(text: string): number {
  for (let i = 0; i < text.length; i++) {
    if (!isJsonSpace(text.charCodeAt(i))) return i;
  }
  return -1;
}

/**
 * The SyntaxError for a body that `strict` rejects, worded as `JSON.parse` words an unexpected
 * token at that place (`Unexpected token 't', "true" is not valid JSON`): the body from the
 * first significant character on is masked, parsed, and the mask replaced by the original text.
 */
function strictViolation(text: string, at: number): SyntaxError {
  const masked = at === -1 ? '' : text.slice(0, at) + MASK.repeat(text.length - at);
  let error: SyntaxError;
  try {
    JSON.parse(masked);
    error = new SyntaxError('strict violation');
  } catch (err) {
    error = err as SyntaxError;
  }
  const message = error.message.replace(MASK_RUN, (run) => text.substring(at, at + run.length));
  if (error.stack !== undefined) error.stack = error.stack.replace(error.message, message);
  error.message = message;
  return error;
}

/** Parses JSON bodies for {@link json}, built once per middleware. */
export class JsonReader implements BodyReader {
  readonly options;
  readonly media: MediaTypeLookup;
  readonly inflation: Inflation = INFLATION;
  readonly decodes = true;
  readonly isValidCharset = (charset: string): boolean => charset.startsWith('utf-');
  private readonly reviver: JsonOptions['reviver'];
  private readonly strict: boolean;

  constructor(options: JsonOptions | undefined) {
    this.options = normalizeOptions(options, 'application/json');
    this.media = new MediaTypeMemo(this.options.types);
    this.reviver = options?.reviver;
    this.strict = options?.strict !== false;
  }

  parse(body: string | Buffer): unknown {
    const text = body as string;
    // An empty body is a common client mistake: it parses as an empty object.
    if (text.length === 0) return {};
    if (this.strict) {
      const first = text.charCodeAt(0);
      if (first !== 0x7b && first !== 0x5b) {
        const at = firstSignificant(text);
        const code = at === -1 ? -1 : text.charCodeAt(at);
        if (code !== 0x7b && code !== 0x5b) throw strictViolation(text, at);
      }
    }
    return JSON.parse(text, this.reviver as Parameters<typeof JSON.parse>[1]);
  }
}

/**
 * Returns a middleware that parses `application/json` bodies (or the `type` option) into
 * `req.body`: any Unicode charset, gzip/deflate/br inflated, at most `limit` bytes, objects and
 * arrays only unless `strict` is false. An empty body parses as `{}`. Errors go to `next(err)`:
 * 400 `entity.parse.failed` (the SyntaxError from JSON.parse, with `body`), 413
 * `entity.too.large`, 415 `charset.unsupported` / `encoding.unsupported`, 403
 * `entity.verify.failed`, 400 `request.aborted` / `request.size.invalid`.
 */
export function json(options?: JsonOptions): BodyParserMiddleware {
  const reader = new JsonReader(options);
  return function jsonParser(req, res, next) {
    read(req as BodyRequest, res, next, reader);
  };
}
