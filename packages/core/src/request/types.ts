/**
 * The public type of webfw's request (`Request`), in @types/express's type-parameter order.
 * The prototype and its methods are in request.ts.
 */
import type { IncomingMessage } from 'node:http';
import type { Application, DefaultLocals, NextFunction, ParamsDictionary } from '../application/types';
import type { Response } from '../response/types';
import type { ParsedQuery } from '../application/settings';

/** Options of `req.range()`. */
export interface RangeOptions {
  /** Combine overlapping and adjacent ranges (default false). */
  combine?: boolean;
}

/** One range of a Range header: first and last byte, inclusive. */
export interface Range {
  start: number;
  end: number;
}

/** Parsed Range header: the ranges and their unit (`type`, e.g. `bytes`), as range-parser returns them. */
export interface Ranges extends Array<Range> {
  type: string;
}

/**
 * The request object handed to middleware: node's `IncomingMessage` with the properties and
 * methods of express 5's request, and whatever the global `Express.Request` adds. The type
 * parameters are @types/express's, in its order: `P` types `req.params`, `ResBody` the body
 * of `req.res`, `ReqBody` `req.body` (`unknown` by default: check it before use), `ReqQuery`
 * `req.query`, `Locals` `req.res.locals`.
 */
export interface Request<P = ParamsDictionary, ResBody = unknown, ReqBody = unknown, ReqQuery = ParsedQuery, Locals extends object = DefaultLocals>
  extends IncomingMessage, Express.Request {
  /** The app handling the request (the sub-app while inside one). */
  app: Application;
  /** The response of this request. */
  res?: Response<ResBody, Locals>;
  /** The `next` function of the middleware currently running. */
  next?: NextFunction;
  /** HTTP method, upper case. */
  method: string;
  /** Request URL; the mount path is stripped while mounted middleware runs. */
  url: string;
  /** The URL as received, kept when `req.url` is rewritten by mounting. */
  originalUrl: string;
  /** The part of the URL path that matched the mount point(s). */
  baseUrl: string;
  /** Route parameters (set by the router; `{}` by default). */
  params: P;
  /** The parsed body, set by a body parser; undefined when nothing was parsed. */
  body: ReqBody;
  /** The matched route (set by the router). */
  route?: unknown;
  /** Cookies, set by cookie-parser. */
  cookies?: Record<string, string>;
  /** Verified signed cookies, set by cookie-parser. */
  signedCookies?: Record<string, string | false>;
  /** The signing secret, set by cookie-parser. */
  secret?: string;
  /** Query-string parameters parsed by the `query parser` setting; `{}` when it is disabled. */
  readonly query: ReqQuery;
  /** `http` or `https`; under `trust proxy`, the first `X-Forwarded-Proto` value. */
  readonly protocol: string;
  /** `req.protocol === 'https'`. */
  readonly secure: boolean;
  /** Client address; under `trust proxy`, the untrusted address nearest the app. */
  readonly ip: string | undefined;
  /** Under `trust proxy`, the forwarded addresses (client first); otherwise `[]`. */
  readonly ips: string[];
  /** Subdomains of the host name, `subdomain offset` parts removed from the right. */
  readonly subdomains: string[];
  /** Path part of `req.url`. */
  readonly path: string;
  /** Host (with port) from Host, or X-Forwarded-Host under `trust proxy`. */
  readonly host: string | undefined;
  /** Host name (port removed; IPv6 brackets kept). */
  readonly hostname: string | undefined;
  /** Whether the response is still fresh in the client's cache (GET/HEAD, 2xx or 304). */
  readonly fresh: boolean;
  /** `!req.fresh`. */
  readonly stale: boolean;
  /** Whether `X-Requested-With` is `XMLHttpRequest`. */
  readonly xhr: boolean;

  get(name: 'set-cookie'): string[] | undefined;
  get(name: string): string | undefined;
  header(name: 'set-cookie'): string[] | undefined;
  header(name: string): string | undefined;
  accepts(): string[];
  accepts(type: string): string | false;
  accepts(types: readonly string[]): string | false;
  accepts(...types: string[]): string | false;
  acceptsCharsets(): string[];
  acceptsCharsets(charset: string): string | false;
  acceptsCharsets(charsets: readonly string[]): string | false;
  acceptsCharsets(...charsets: string[]): string | false;
  acceptsEncodings(): string[];
  acceptsEncodings(encoding: string): string | false;
  acceptsEncodings(encodings: readonly string[]): string | false;
  acceptsEncodings(...encodings: string[]): string | false;
  acceptsLanguages(): string[];
  acceptsLanguages(lang: string): string | false;
  acceptsLanguages(langs: readonly string[]): string | false;
  acceptsLanguages(...langs: string[]): string | false;
  is(type: string | readonly string[], ...types: string[]): string | false | null;
  range(size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined;
}
