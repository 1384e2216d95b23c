import type { IncomingMessage, ServerResponse } from 'node:http';
import bytes from 'bytes';

/**
 * Called after the body was read and before it is parsed; throw to reject the body (403).
 * `encoding` is typed `string` as on @types/body-parser; it is the body's charset, `null` for
 * `raw()` (and other bodies that are not decoded).
 */
export type VerifyFunction = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string) => void;

/**
 * Which requests a parser handles: an extension name (`'json'`), a MIME type
 * (`'application/json'`), a wildcard (`'text/*'`, `'*\/*'`, `'+json'`), a list of those, or a
 * function `fn(req)` whose truthy result means "parse this request".
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- @types/body-parser's type
export type TypeOption = string | string[] | ((req: IncomingMessage) => any);

/**
 * The `next` callback of a middleware (connect's `NextFunction`): called once, with an error
 * when the body was rejected.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- connect's type, as @types/body-parser uses it
export type NextFunction = (err?: any) => void;

/**
 * A body-parsing middleware: `(req, res, next)` (the shape of connect's `NextHandleFunction`,
 * which @types/body-parser returns). It sets `req.body` and calls `next()`, or calls
 * `next(err)` with an HTTP error; it never throws for client input.
 */
export type BodyParserMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/** Options every parser accepts (@types/body-parser's `Options`). */
export interface BaseOptions {
  /** Inflate gzip, deflate and br bodies (default `true`); when `false` they are rejected with 415. */
  inflate?: boolean | undefined;
  /** Maximum body size: a byte count or a byte string such as `'100kb'` (default `'100kb'`). */
  limit?: number | string | undefined;
  /** Which Content-Types the parser handles (each parser has its own default). */
  type?: TypeOption | undefined;
  /**
   * Inspects the raw body before parsing; throwing an error rejects the request. (Method
   * syntax, as on @types/body-parser, so a `verify` typed for a request subtype such as
   * express's `Request` fits.) `encoding` is the body's charset, `null` for `raw()`.
   */
  verify?(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string): void;
}

/** The options of every parser after validation, built once when the middleware is created. */
export interface NormalizedOptions {
  readonly inflate: boolean;
  /** Byte limit (a number, `Infinity` for none). */
  readonly limit: number;
  /** `verify` as it is called: with the charset, `null` when the body is not decoded. */
  readonly verify: ((req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void) | null;
  /** Media types to match, or `null` when `typeFn` decides. */
  readonly types: readonly string[] | null;
  readonly typeFn: ((req: IncomingMessage) => unknown) | null;
  readonly defaultCharset: string;
}

interface LooseOptions extends BaseOptions {
  defaultCharset?: string | undefined;
}

const DEFAULT_LIMIT = '100kb';

/**
 * Validates the options shared by all parsers, with body-parser 2.x defaults and messages:
 * `limit` must be a number or a byte string (`TypeError: option limit "x" is invalid`),
 * `verify` a function (`TypeError: option verify must be function`). `defaultCharset` is read
 * for every parser that decodes (json honours it too, undocumented, as body-parser 2.x does).
 */
export function normalizeOptions(options: LooseOptions | undefined, defaultType: string): NormalizedOptions {
  const opts: LooseOptions = options ?? {};
  const rawLimit = opts.limit ?? DEFAULT_LIMIT;
  const limit = bytes.parse(rawLimit as string | number);
  if (limit === null || Number.isNaN(limit)) {
    throw new TypeError(`option limit "${String(opts.limit)}" is invalid`);
  }

  const verify = (opts.verify || null) as NormalizedOptions['verify'];
  if (verify !== null && typeof verify !== 'function') {
    throw new TypeError('option verify must be function');
  }

  const type = opts.type || defaultType;
  const typeFn = typeof type === 'function' ? type : null;
  const types = typeFn === null ? (Array.isArray(type) ? (type as readonly string[]).slice() : [type as string]) : null;

  return {
    inflate: opts.inflate !== false,
    limit,
    verify,
    types,
    typeFn,
    defaultCharset: opts.defaultCharset || 'utf-8',
  };
}
