import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable, Transform } from 'node:stream';
import createError from 'http-errors';
import onFinished from 'on-finished';
import getRawBody from 'raw-body';
import { hasBody } from './read/has-body';
import { charsetExists, decode, unsupportedCharset } from './read/charset';
import { httpError } from './read/errors';
import type { Inflation } from './read/inflate';
import { readBody } from './read/stream';
import type { MediaTypeLookup } from './media-type';
import type { NextFunction, NormalizedOptions } from './options';

/** A request as the parsers see it: `body` is set when something was parsed. */
export type BodyRequest = IncomingMessage & { body?: unknown };

/**
 * What one parser (json, raw, text, urlencoded) brings to the shared reading pipeline. Built
 * once when the middleware is created; `read` only looks things up on it.
 */
export interface BodyReader {
  readonly options: NormalizedOptions;
  readonly media: MediaTypeLookup;
  /** The Content-Encodings the parser inflates, and its error when `inflate` is false. */
  readonly inflation: Inflation;
  /** False for raw: the body stays bytes and no charset is looked at. */
  readonly decodes: boolean;
  /** Charsets the parser accepts before reading (json: `utf-*`, urlencoded: two), or null for any. */
  readonly isValidCharset: ((charset: string) => boolean) | null;
  /** Turns the decoded body (a Buffer for raw) into `req.body`; throws to reject it (400). */
  parse(body: string | Buffer, charset: string | null): unknown;
}

/**
 * Reads, inflates, checks, decodes and parses one request body for `reader`, then calls
 * `next()` with `req.body` set, or `next(err)` with an HTTP error, never both and never twice.
 *
 * Requests that are already finished, that have no body, or whose Content-Type the parser does
 * not handle go straight to `next()` with `req.body` left as it was (`undefined` when nothing set
 * it). The body is read by `readBody` (raw-body for inflated bodies and charsets it decodes),
 * which enforces `limit` (also on the inflated size, and up front from Content-Length) and
 * Content-Length itself. When a body is rejected before its
 * end, reading stops: the parser keeps nothing more, stops inflating, lets the rest of the upload
 * drain unread and calls `next(err)` at once.
 */
export function read(req: BodyRequest, res: ServerResponse, next: NextFunction, reader: BodyReader): void {
  if (onFinished.isFinished(req)) {
    next();
    return;
  }
  if (!('body' in req)) req.body = undefined;
  if (!hasBody(req)) {
    next();
    return;
  }

  // `accept`'s steps written out, not called: the call is measurable on every parsed request
  const options = reader.options;
  const media = reader.media.lookup(req.headers['content-type']);
  if (!(options.typeFn === null ? media.match : options.typeFn(req))) {
    next();
    return;
  }
  let charset: string | null = null;
  if (reader.decodes) {
    charset = media.charset || options.defaultCharset;
    if (reader.isValidCharset !== null && !reader.isValidCharset(charset)) {
      next(unsupportedCharset(charset));
      return;
    }
  }
  readAccepted(req, res, next, reader, charset);
}

/**
 * Decides whether `reader` reads a request that has a body: its Content-Type must match the
 * `type` option, and the charset (for parsers that decode) must be one the parser accepts.
 * Returns the charset to decode with (`null` for raw), or `undefined` when the request is not
 * read: `next()` was called for a Content-Type that does not match, `next(err)` (415
 * `charset.unsupported`) for a refused charset. (The v4 entry's step; `read` repeats it inline.)
 */
export function accept(req: BodyRequest, next: NextFunction, reader: BodyReader): string | null | undefined {
  const options = reader.options;
  const media = reader.media.lookup(req.headers['content-type']);
  if (!(options.typeFn === null ? media.match : options.typeFn(req))) {
    next();
    return undefined;
  }
  if (!reader.decodes) return null;
  const charset = media.charset || options.defaultCharset;
  if (reader.isValidCharset !== null && !reader.isValidCharset(charset)) {
    next(unsupportedCharset(charset));
    return undefined;
  }
  return charset;
}

/**
 * Reads, inflates, checks, decodes and parses the body of a request that {@link accept}
 * accepted (with `charset`), then calls `next()` with `req.body` set or `next(err)`.
 */
export function readAccepted(req: BodyRequest, res: ServerResponse, next: NextFunction, reader: BodyReader, charset: string | null): void {
  const options = reader.options;
  // An unknown charset: with `verify` set it is reported at once, before the Content-Encoding is
  // looked at (so when both are unsupported the 415 is `charset.unsupported`, as in body-parser
  // 2.x); otherwise raw-body is handed the name and reports it after its own size and stream
  // checks (and after an unsupported Content-Encoding), as body-parser does.
  const rawEncoding = charset !== null && !charsetExists(charset) ? charset : null;
  if (rawEncoding !== null && options.verify !== null) {
    fail(req, null, next, unsupportedCharset(rawEncoding));
    return;
  }

  const contentEncoding = req.headers['content-encoding'];
  const encoding = contentEncoding ? contentEncoding.toLowerCase() : 'identity';
  let inflater: Transform | null = null;
  let length: string | undefined;
  if (encoding === 'identity') {
    length = req.headers['content-length'];
  } else {
    if (!options.inflate) {
      next(reader.inflation.disabled(encoding));
      return;
    }
    const problem = unreadable(req);
    if (problem !== null) {
      next(problem);
      return;
    }
    try {
      inflater = reader.inflation.create(encoding);
    } catch (err) {
      next(err);
      return;
    }
    req.pipe(inflater);
    // raw-body watches the stream it reads for 'aborted'; a client abort happens on req.
    req.once('aborted', forwardAbort.bind(inflater));
  }
  const stream: Readable = inflater ?? req;

  const done = (err: (Error & { type?: string }) | null, body?: Buffer): void => {
    if (err) {
      const error = err.type === 'encoding.unsupported' && charset !== null ? unsupportedCharset(charset) : httpError(400, err);
      fail(req, inflater, next, error);
      return;
    }
    parseBody(req, res, next, reader, body as Buffer, charset);
  };
  // plain bodies are read directly; raw-body handles inflated streams and unknown charsets
  if (inflater === null && rawEncoding === null) readBody(stream, length, options.limit, done);
  else getRawBody(stream, { length, limit: options.limit, encoding: rawEncoding }, done);
}

/** Verifies, decodes and parses a fully read body, then calls `next`. */
function parseBody(req: BodyRequest, res: ServerResponse, next: NextFunction, reader: BodyReader, body: Buffer, charset: string | null): void {
  const verify = reader.options.verify;
  if (verify !== null) {
    try {
      verify(req, res, body, charset);
    } catch (err) {
      next(httpError(403, err, { body, type: typeOf(err) || 'entity.verify.failed' }));
      return;
    }
  }

  let value: string | Buffer = body;
  let parsed: unknown;
  try {
    if (charset !== null && typeof body !== 'string') value = decode(body, charset);
    parsed = reader.parse(value, charset);
  } catch (err) {
    next(httpError(400, err, { body: value, type: typeOf(err) || 'entity.parse.failed' }));
    return;
  }
  req.body = parsed;
  next();
}

/**
 * Gives up on a body: unpipes and destroys the inflater, lets whatever the client still sends
 * drain unread (nothing is kept, the connection stays usable) and reports `err`.
 */
function fail(req: BodyRequest, inflater: Transform | null, next: NextFunction, err: unknown): void {
  if (inflater !== null) {
    req.unpipe(inflater);
    inflater.destroy();
  }
  if (!onFinished.isFinished(req)) req.resume();
  next(err);
}

/** Re-emits a client abort of the request on the inflater it is piped into (`this`). */
function forwardAbort(this: Transform): void {
  this.emit('aborted');
}

/**
 * The checks raw-body makes on the stream it reads, made on the request itself before it is
 * piped into an inflater: a decoding already set, or a stream that can no longer be read.
 */
function unreadable(req: BodyRequest): createError.HttpError | null {
  if (req.readableEncoding !== null && req.readableEncoding !== undefined) {
    return createError(500, 'stream encoding should not be set', { type: 'stream.encoding.set' });
  }
  if (req.readable === false) {
    return createError(500, 'stream is not readable', { type: 'stream.not.readable' });
  }
  return null;
}

/** The `type` an error thrown by `verify` or a parser carries, if any. */
function typeOf(err: unknown): string | undefined {
  if (err !== null && typeof err === 'object') {
    const type = (err as { type?: unknown }).type;
    if (typeof type === 'string' && type !== '') return type;
  }
  return undefined;
}
