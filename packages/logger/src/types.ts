import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The request as the logger sees it: a `node:http` request, plus the fields frameworks add
 * (`originalUrl`, `ip`) and the start-time fields the logger records (named as morgan names
 * them, so tokens written for morgan keep working).
 */
export interface LoggedRequest extends IncomingMessage {
  originalUrl?: string;
  ip?: string;
  _startAt?: [number, number];
  _startTime?: Date;
  _remoteAddress?: string;
}

/** The response as the logger sees it: when its headers were written. */
export interface LoggedResponse extends ServerResponse {
  _startAt?: [number, number];
  _startTime?: Date;
}

/**
 * A token: called with the request, the response and the text between the square brackets
 * of `:name[arg]` (undefined without brackets). `undefined`, `null` and `''` render as `-`.
 */
export type TokenFunction<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  arg?: string,
) => string | number | undefined | null;

/** Every defined token by name; what a format function receives as `tokens`. */
export type TokenIndexer<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = Record<string, TokenFunction<Req, Res>>;

/** The line function of a compiled format string (`logger.compile`): the line, or nothing. */
export type CompiledLine<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  tokens: TokenIndexer<Req, Res>,
  req: Req,
  res: Res,
) => string | undefined | null;

/**
 * Builds one log line; `undefined` or `null` means: write nothing for this request. A number
 * (a token's value returned as it is) is written as its text, as on morgan. (At run time, an
 * object returned for an object-mode stream is written as it is, as on morgan.)
 */
export type FormatFunction<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  tokens: TokenIndexer<Req, Res>,
  req: Req,
  res: Res,
) => string | number | undefined | null;

/** Where lines go: anything with a `write(string)` method (a file stream, `process.stdout`...). */
export interface LogStream {
  write(line: string): unknown;
}

/** Options of `logger(format, options)`. */
export interface LoggerOptions<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  /** Write the line when the request arrives instead of when the response completes. Default false. */
  immediate?: boolean;
  /** Called with `(req, res)`; a truthy result means no line for this request. Default: never skip. */
  skip?: ((req: Req, res: Res) => unknown) | false;
  /** Where lines are written. Default `process.stdout`. */
  stream?: LogStream;
  /**
   * Collect this logger's lines and write them together, `buffer` ms (1000 when not a number)
   * after the first. Default false.
   * @deprecated morgan's deprecated option (prints `morgan deprecated buffer option`).
   */
  buffer?: boolean | number;
}

/** The options object of the deprecated `logger(options)` form: the options and the format. */
export interface LoggerOptionsWithFormat<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> extends LoggerOptions<
  Req,
  Res
> {
  /** The format (a name, a format string or a function); default the deprecated `default` format. */
  format?: string | FormatFunction<Req, Res>;
}

/** Connect-style middleware, usable with bare `node:http` as `mw(req, res, done)`. */
export type LoggerMiddleware<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  next: (err?: unknown) => void,
) => void;
