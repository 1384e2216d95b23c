import type { IncomingMessage, ServerResponse } from 'node:http';
import bytes from 'bytes';

/** Called after the body was read and before it is parsed; throw to reject the body (403). */
export type VerifyFunction = (req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null) => void;

/**
 * Which requests a parser handles: an extension name (`'json'`), a MIME type
 * (`'application/json'`), a wildcard (`'text/*'`, `'*\/*'`, `'+json'`), a list of those, or a
 * function `fn(req)` whose truthy result means "parse this request".
 */
export type TypeOption = string | readonly string[] | ((req: IncomingMessage) => unknown);

/** The `next` callback of a middleware: called once, with an error when the body was rejected. */
export type NextFunction = (err?: unknown) => void;

/**
 * A body-parsing middleware: `(req, res, next)`. It sets `req.body` and calls `next()`, or
 * calls `next(err)` with an HTTP error; it never throws for client input.
 */
export type BodyParserMiddleware = (req: IncomingMessage, res: ServerResponse, next: NextFunction) => void;

/** Options every parser accepts. */
export interface BaseOptions {
  /** Inflate gzip, deflate and br bodies (default `true`); when `false` they are rejected with 415. */
  inflate?: boolean;
  /** Maximum body size: a byte count or a byte string such as `'100kb'` (default `'100kb'`). */
  limit?: number | string;
  /** Which Content-Types the parser handles (each parser has its own default). */
  type?: TypeOption;
  /**
   * Inspects the raw body before parsing; throwing an error rejects the request. (Method
   * syntax, so a `verify` typed for a request subtype such as express's `Request` fits.)
   */
  verify?(req: IncomingMessage, res: ServerResponse, buf: Buffer, encoding: string | null): void;
}

/** The options of every parser after validation, built once when the middleware is created. */
export interface NormalizedOptions {
  readonly inflate: boolean;
  /** Byte limit (a number, `Infinity` for none). */
  readonly limit: number;
  readonly verify: VerifyFunction | null;
  /** Media types to match, or `null` when `typeFn` decides. */
  readonly types: readonly string[] | null;
  readonly typeFn: ((req: IncomingMessage) => unknown) | null;
  readonly defaultCharset: string;
}

interface LooseOptions extends BaseOptions {
  defaultCharset?: string;
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

  const verify: VerifyFunction | null = opts.verify || null;
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
