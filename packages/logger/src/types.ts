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
 * A token as a format function calls it (@types/morgan's `TokenCallbackFn`, exactly): with the
 * request, the response and the text between the square brackets of `:name[arg]` (undefined
 * without brackets); the value, or `undefined` (rendered as `-`).
 */
export type TokenCallbackFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  arg?: string | number | boolean,
) => string | undefined;

/**
 * A token as `logger.token(name, fn)` takes it: any {@link TokenCallbackFn}, and also one that
 * returns a number or `null` (`undefined`, `null` and `''` render as `-`, a number as its text,
 * as on morgan).
 */
export type TokenFunction<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  arg?: string,
) => string | number | undefined | null;

/** Every defined token by name; what a format function receives as `tokens` (@types/morgan's `TokenIndexer`). */
export interface TokenIndexer<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  [tokenName: string]: TokenCallbackFn<Req, Res>;
}

/**
 * A format function as @types/morgan types it (`FormatFn`, exactly): builds one log line from
 * the tokens, the request and the response; `undefined` or `null` means: write nothing for this
 * request. `logger.compile` returns one.
 */
export type FormatFn<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  tokens: TokenIndexer<Req, Res>,
  req: Req,
  res: Res,
) => string | undefined | null;

/** The line function of a compiled format string (`logger.compile`): a {@link FormatFn}. */
export type CompiledLine<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = FormatFn<Req, Res>;

/**
 * A format function as `logger(format)` and `logger.format(name, format)` take it: any
 * {@link FormatFn}, and also one that returns a number (written as its text, as on morgan). (At
 * run time, an object returned for an object-mode stream is written as it is, as on morgan.)
 */
export type FormatFunction<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  tokens: TokenIndexer<Req, Res>,
  req: Req,
  res: Res,
) => string | number | undefined | null;

/**
 * Where lines go (@types/morgan's `StreamOptions`): anything with a `write(string)` method (a
 * file stream, `process.stdout`...); what `write` returns is ignored.
 */
export interface StreamOptions {
  write(str: string): void;
}

/** webfw's name of {@link StreamOptions}. */
export type LogStream = StreamOptions;

/** The `skip` option: @types/morgan's method signature, as a function type (bivariant, as a method). */
export type SkipFunction<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = {
  skip(req: Req, res: Res): boolean;
}['skip'];

/**
 * Options of `logger(format, options)` (@types/morgan's `Options`; here the type parameters have
 * defaults, `node:http`'s request and response).
 */
export interface LoggerOptions<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> {
  /** Write the line when the request arrives instead of when the response completes. Default false. */
  immediate?: boolean | undefined;
  /**
   * Called with `(req, res)`; a truthy result means no line for this request. `false` or no
   * function: never skip (the default). Typed as @types/morgan's method `skip?(req, res): boolean`
   * (its parameters checked bivariantly, as a method's are), plus `false`.
   */
  skip?: SkipFunction<Req, Res> | false | undefined;
  /** Where lines are written. Default `process.stdout`. */
  stream?: StreamOptions | undefined;
  /**
   * Collect this logger's lines and write them together, `buffer` ms (1000 when not a number)
   * after the first. Default false.
   * @deprecated morgan's deprecated option (prints `morgan deprecated buffer option`).
   */
  buffer?: boolean | number | undefined;
}

/** The options object of the deprecated `logger(options)` form: the options and the format. */
export interface LoggerOptionsWithFormat<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> extends LoggerOptions<
  Req,
  Res
> {
  /** The format (a name, a format string or a function); default the deprecated `default` format. */
  format?: string | FormatFunction<Req, Res> | undefined;
}

/**
 * Connect-style middleware, usable with bare `node:http` as `mw(req, res, done)`; `done` is
 * typed as @types/morgan types it, `(err?: Error) => void`.
 */
export type LoggerMiddleware<Req extends IncomingMessage = IncomingMessage, Res extends ServerResponse = ServerResponse> = (
  req: Req,
  res: Res,
  next: (err?: Error) => void,
) => void;
