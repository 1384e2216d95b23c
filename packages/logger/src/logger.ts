import type { IncomingMessage, ServerResponse } from 'node:http';
import depd from 'depd';
import { compile } from './compile';
import { combined, common, defineFormat, dev, formats, lineBuilder, short, tiny, type NamedFormat } from './formats';
import { timeHeaders } from './tokens/header-timing';
import { bufferSink, sinkFor, type Sink } from './sink';
import { defineToken, tokens } from './tokens/registry';
import type {
  CompiledLine,
  FormatFunction,
  LoggedRequest,
  LoggedResponse,
  LoggerMiddleware,
  LoggerOptions,
  LoggerOptionsWithFormat,
  LogStream,
  TokenCallbackFn,
  TokenFunction,
} from './types';

/** The `logger` export: the middleware factory with its registry functions and formats on it. */
export interface Logger {
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    format: string | FormatFunction<Req, Res>,
    options?: LoggerOptions<Req, Res>,
  ): LoggerMiddleware<Req, Res>;
  /**
   * @deprecated morgan's deprecated form: pass the format first, `logger(format, options)`.
   * Without a format it uses the deprecated `default` format. Prints morgan's warnings.
   */
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    options?: LoggerOptionsWithFormat<Req, Res>,
  ): LoggerMiddleware<Req, Res>;
  /** Defines or overwrites the token `:name`; returns `logger` for chaining. */
  token<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(name: string, fn: TokenCallbackFn<Req, Res>): Logger;
  /** Defines or overwrites the token `:name` with a function that may return a number or `null` too. */
  token<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(name: string, fn: TokenFunction<Req, Res>): Logger;
  /** Names a format (string or function) usable as `logger(name)`; returns `logger`. */
  format<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string,
    format: string | FormatFunction<Req, Res>,
  ): Logger;
  /** Compiles a format string into its line function `(tokens, req, res) => string`. */
  compile<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(format: string): CompiledLine<Req, Res>;
  combined: string;
  common: string;
  dev: FormatFunction;
  short: string;
  tiny: string;
  // The built-in tokens, readable on the logger as on morgan (`logger.method(req, res)`);
  // tokens and formats defined later are added the same way.
  date: TokenFunction;
  'http-version': TokenFunction;
  method: TokenFunction;
  pid: TokenFunction;
  referrer: TokenFunction;
  'remote-addr': TokenFunction;
  'remote-user': TokenFunction;
  req: TokenFunction;
  res: TokenFunction;
  'response-time': TokenFunction;
  status: TokenFunction;
  'total-time': TokenFunction;
  url: TokenFunction;
  'user-agent': TokenFunction;
}

/**
 * The logger as @types/morgan names it (`Morgan<Request, Response>`); its type parameters are
 * its methods' here, so the two given are not needed.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- @types/morgan's arity
export type Morgan<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = Logger;

/**
 * morgan's deprecation warnings, printed as morgan prints them (depd, namespace `morgan`):
 * `morgan deprecated <message> at <caller>`, once per message and place in the caller's
 * code, silenced by `NO_DEPRECATION=morgan` or `--no-deprecation`, sent as a `deprecation`
 * event instead when the process listens for one. The namespace is morgan's so that what a
 * migrated app prints, and what its tooling filters, stays the same. Every call to it is in
 * this file: depd names as the caller the first place outside the file that created it.
 */
const deprecate = depd('morgan');

/** The flush interval of the `buffer` option when it is not a number, in ms. */
const DEFAULT_BUFFER_DURATION = 1000;

/**
 * The format a `logger(format)` argument names, as morgan finds it: a function as it is; a
 * falsy value or `'default'` gives the deprecated `default` format (with morgan's warning);
 * a named format by its name; any other string is a format string. Anything else throws
 * `TypeError: argument format must be a string`, as morgan's compile does.
 */
function formatOf(format: unknown): NamedFormat {
  if (typeof format === 'function') return format as NamedFormat;
  if (!format || format === 'default') {
    deprecate('default format: use combined format');
    return formats.default!;
  }
  const named = formats[format as string];
  if (named) return named;
  if (typeof format !== 'string') throw new TypeError('argument format must be a string');
  return format;
}

/**
 * Creates a request-logging middleware, taking its arguments as morgan does. `format` is a
 * predefined or named format, a format string of `:token` / `:token[arg]`, or a function
 * `(tokens, req, res)` returning the line (`undefined`/`null` writes nothing); the
 * deprecated forms (an options object holding the format, no format, the `default` format,
 * the `buffer` option) work with morgan's warnings. One line per request goes to
 * `options.stream` (standard output by default) when the response completes, or at once when
 * the request arrives with `immediate`. Lines made when responses complete are written
 * together at the end of the event-loop turn (see sink.ts). Throws a TypeError for a format
 * morgan cannot use, a truthy `skip` that is not a function, or a stream without `write`.
 */
function createLogger<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  format?: unknown,
  options?: unknown,
): LoggerMiddleware<Req, Res> {
  let fmt = format;
  let opts = (options || {}) as LoggerOptionsWithFormat<Req, Res>;
  if (format && typeof format === 'object') {
    opts = format as LoggerOptionsWithFormat<Req, Res>;
    fmt = opts.format || 'default';
    deprecate('morgan(options): use morgan(' + (typeof fmt === 'string' ? JSON.stringify(fmt) : 'format') + ', options) instead');
  }
  if (fmt === undefined) deprecate('undefined format: specify a format');
  const buildLine = lineBuilder(formatOf(fmt)) as (req: Req, res: Res) => unknown;
  const immediate = Boolean(opts.immediate);
  const stream: LogStream = opts.stream || process.stdout;
  const buffer = opts.buffer;
  if (buffer) deprecate('buffer option');
  const skip = opts.skip || undefined;
  if (skip !== undefined && typeof skip !== 'function') throw new TypeError('option skip must be a function');
  if (typeof stream.write !== 'function') throw new TypeError('option stream must have a write method');
  const sink: Sink = buffer ? bufferSink(stream, typeof buffer !== 'number' ? DEFAULT_BUFFER_DURATION : buffer) : sinkFor(stream);
  const objectMode = !buffer && Boolean((stream as { writableObjectMode?: unknown }).writableObjectMode);

  /**
   * Builds the line and hands it to the sink: at once with `immediate`, else batched. Nothing
   * a format, token or skip throws escapes.
   */
  function writeLine(req: Req, res: Res): void {
    let text: string | object;
    try {
      if (skip !== undefined && skip(req, res)) return;
      const line = buildLine(req, res);
      if (line == null) return;
      text = objectMode && typeof line === 'object' ? line : (line as string) + '\n';
    } catch {
      return;
    }
    if (immediate || typeof text !== 'string') sink.pushNow(text);
    else sink.push(text);
  }

  /** `close` listener: the response completed or its connection ended first (`this` is res). */
  function logAfterResponse(this: Res): void {
    writeLine(this.req as Req, this);
  }

  return function logger(req, res, next) {
    const lreq = req as unknown as LoggedRequest;
    const lres = res as unknown as LoggedResponse;
    lreq._startAt = process.hrtime();
    lreq._startTime = new Date();
    lreq._remoteAddress = lreq.ip || lreq._remoteAddress || lreq.socket?.remoteAddress || undefined;
    // morgan resets these here; reading first saves adding two properties that are unset anyway
    if (lres._startAt !== undefined || lres._startTime !== undefined) {
      lres._startAt = undefined;
      lres._startTime = undefined;
    }
    if (immediate) {
      writeLine(req, res);
    } else {
      timeHeaders(lres);
      res.on('close', logAfterResponse);
    }
    next();
  };
}

/** The logger's own members, which a token or format of the same name never replaces. */
const API = new Set(['token', 'format', 'compile', 'logger', 'default', 'prototype']);

/** Whether `logger[name]` must stay what it is: an own member, or what every function inherits. */
function isReserved(name: string): boolean {
  return API.has(name) || name in Function.prototype;
}

/**
 * Makes a token function or named format readable on the logger itself, as morgan keeps them
 * (`logger.method`, `logger.combined`), so code passing `logger` as the `tokens` of a compiled
 * format, or calling `logger['remote-addr'](req, res)`, works. Reserved names (see
 * `isReserved`) are left alone (the token or format is still defined), and a token never
 * hides a named format of the same name.
 */
function expose(name: string, value: unknown, isToken: boolean): void {
  if (isReserved(name) || (isToken && formats[name] !== undefined)) return;
  Object.defineProperty(logger, name, { configurable: true, enumerable: true, writable: true, value });
}

/** The logger factory, with `token`, `format`, `compile` and the predefined formats on it. */
export const logger: Logger = Object.assign(createLogger, {
  token(name: string, fn: TokenFunction<never, never>): Logger {
    expose(name, defineToken(name, fn as unknown as TokenFunction), true);
    return logger;
  },
  format(name: string, format: string | FormatFunction<never, never>): Logger {
    // morgan's `default` property warns when it is set too
    if (name === 'default') deprecate('default format: use combined format');
    defineFormat(name, format as unknown as NamedFormat);
    expose(name, format, false);
    return logger;
  },
  compile,
  combined,
  common,
  dev,
  short,
  tiny,
}) as unknown as Logger;

for (const name of Object.keys(tokens)) expose(name, tokens[name], true);
