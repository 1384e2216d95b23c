import type { IncomingMessage, ServerResponse } from 'node:http';
import { compile } from './compile';
import { combined, common, defineFormat, dev, formats, lineBuilder, short, tiny, type NamedFormat } from './formats';
import { timeHeaders } from './header-timing';
import { sinkFor } from './sink';
import { defineToken, tokens } from './tokens';
import type {
  FormatFunction,
  LoggedRequest,
  LoggedResponse,
  LoggerMiddleware,
  LoggerOptions,
  LogStream,
  TokenFunction,
} from './types';

/** The `logger` export: the middleware factory with its registry functions and formats on it. */
export interface Logger {
  <Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    format: string | FormatFunction<Req, Res>,
    options?: LoggerOptions<Req, Res>,
  ): LoggerMiddleware<Req, Res>;
  /** Defines or overwrites the token `:name`; returns `logger` for chaining. */
  token<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string,
    fn: TokenFunction<Req, Res>,
  ): Logger;
  /** Names a format (string or function) usable as `logger(name)`; returns `logger`. */
  format<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
    name: string,
    format: string | FormatFunction<Req, Res>,
  ): Logger;
  /** Compiles a format string into its line function `(tokens, req, res) => string`. */
  compile<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(format: string): FormatFunction<Req, Res>;
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
 * Creates a request-logging middleware. `format` is a predefined or named format, a format
 * string of `:token` / `:token[arg]`, or a function `(tokens, req, res)` returning the line
 * (`undefined`/`null` writes nothing). One line per request goes to `options.stream`
 * (standard output by default) when the response completes, or when the request arrives
 * with `immediate`. Lines for a Node stream are written together at the end of the
 * event-loop turn that made them (see sink.ts). Throws a TypeError when `format` is neither
 * a string nor a function.
 */
function createLogger<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse>(
  format: string | FormatFunction<Req, Res>,
  options: LoggerOptions<Req, Res> = {},
): LoggerMiddleware<Req, Res> {
  if (typeof format !== 'string' && typeof format !== 'function') {
    throw new TypeError('argument format must be a string or a function');
  }
  if (options === null || typeof options !== 'object') throw new TypeError('argument options must be an object');
  const buildLine = lineBuilder(format as NamedFormat) as unknown as (req: Req, res: Res) => string | undefined | null;
  const immediate = Boolean(options.immediate);
  const skip = typeof options.skip === 'function' ? options.skip : undefined;
  if (options.skip !== undefined && options.skip !== false && skip === undefined) {
    throw new TypeError('option skip must be a function');
  }
  const stream: LogStream = options.stream ?? process.stdout;
  if (typeof stream.write !== 'function') throw new TypeError('option stream must have a write method');
  const sink = sinkFor(stream);

  /** Builds the line and hands it to the sink; nothing a format, token or skip throws escapes. */
  function writeLine(req: Req, res: Res): void {
    let line: string | undefined | null;
    try {
      if (skip !== undefined && skip(req, res)) return;
      line = buildLine(req, res);
    } catch {
      return;
    }
    if (line == null) return;
    sink.push(line + '\n');
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
    defineToken(name, fn as unknown as TokenFunction);
    expose(name, fn, true);
    return logger;
  },
  format(name: string, format: string | FormatFunction<never, never>): Logger {
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
