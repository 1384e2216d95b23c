/**
 * webfw's types under `express-serve-static-core` (see params.d.ts): the request. Names, type
 * parameters and defaults are @types/express-serve-static-core 5.x's.
 */
/// <reference types="node" />
/// <reference path="./params.d.ts" />
declare module 'express-serve-static-core' {
  import type { IncomingMessage } from 'node:http';

  /** Options of `req.range()` (range-parser's). */
  interface RangeParserOptions {
    /** Combine overlapping and adjacent ranges (default false). */
    combine?: boolean | undefined;
  }

  /** One range of a Range header: first and last byte, inclusive. */
  export interface ByteRange {
    start: number;
    end: number;
  }

  /** The ranges of a Range header and their unit (`type`, e.g. `bytes`), as range-parser returns them. */
  interface RangeParserRanges extends Array<ByteRange> {
    type: string;
  }

  /** `req.range()`'s answer for a Range header that cannot be satisfied (-1) or is malformed (-2). */
  type RangeParserResult = -1 | -2;

  /** `req.range()`'s parsed ranges. */
  export interface RequestRanges extends RangeParserRanges {}

  /** One entry of the Accept header, as `req.accepted` lists them. */
  export interface MediaType {
    value: string;
    quality: number;
    type: string;
    subtype: string;
  }

  /**
   * The request object handed to middleware: node's `IncomingMessage` with express 5's
   * properties and methods, and whatever the global `Express.Request` adds. `P` types
   * `req.params`, `ResBody` the body of `req.res`, `ReqBody` `req.body` (`any` by default, as
   * with @types/express: pass `unknown` to be made to check it), `ReqQuery` `req.query`,
   * `LocalsObj` `req.res.locals`.
   */
  export interface Request<P = ParamsDictionary, ResBody = any, ReqBody = any, ReqQuery = ParsedQs, LocalsObj extends Record<string, any> = Record<string, any>>
    extends IncomingMessage, Express.Request {
    /** A request header (case-insensitive name); `Referer` and `Referrer` are interchangeable. */
    get(name: 'set-cookie'): string[] | undefined;
    get(name: string): string | undefined;
    /** Alias of `req.get`. */
    header(name: 'set-cookie'): string[] | undefined;
    header(name: string): string | undefined;
    /** The best of the given types for the Accept header (false when none), or every accepted type. */
    accepts(): string[];
    accepts(type: string): string | false;
    accepts(type: string[]): string | false;
    accepts(...type: string[]): string | false;
    /** The best of the given charsets for Accept-Charset, or every accepted one. */
    acceptsCharsets(): string[];
    acceptsCharsets(charset: string): string | false;
    acceptsCharsets(charset: string[]): string | false;
    acceptsCharsets(...charset: string[]): string | false;
    /** The best of the given encodings for Accept-Encoding, or every accepted one. */
    acceptsEncodings(): string[];
    acceptsEncodings(encoding: string): string | false;
    acceptsEncodings(encoding: string[]): string | false;
    acceptsEncodings(...encoding: string[]): string | false;
    /** The best of the given languages for Accept-Language, or every accepted one. */
    acceptsLanguages(): string[];
    acceptsLanguages(lang: string): string | false;
    acceptsLanguages(lang: string[]): string | false;
    acceptsLanguages(...lang: string[]): string | false;
    /** Parses the Range header for a resource of `size` bytes: the ranges, -1 unsatisfiable, -2 malformed, undefined without one. */
    range(size: number, options?: RangeParserOptions): RangeParserRanges | RangeParserResult | undefined;
    /** The Accept header's entries, best first. */
    accepted: MediaType[];
    /** The matching type when the request's Content-Type is one of `type`; false when not; null without a body. */
    is(type: string | string[]): string | false | null;
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
    /** Host name (port removed; IPv6 brackets kept). */
    readonly hostname: string;
    /** Host (with port) from Host, or X-Forwarded-Host under `trust proxy`. */
    readonly host: string;
    /** Whether the response is still fresh in the client's cache (GET/HEAD, 2xx or 304). */
    readonly fresh: boolean;
    /** `!req.fresh`. */
    readonly stale: boolean;
    /** Whether `X-Requested-With` is `XMLHttpRequest`. */
    readonly xhr: boolean;
    /** The parsed body, set by a body parser; undefined when nothing was parsed. */
    body: ReqBody;
    /** Cookies, set by cookie-parser. */
    cookies: any;
    /** HTTP method, upper case. */
    method: string;
    /** Route parameters (set by the router). */
    params: P;
    /** Query-string parameters parsed by the `query parser` setting. */
    query: ReqQuery;
    /** The matched route (set by the router). */
    route: any;
    /** Verified signed cookies, set by cookie-parser. */
    signedCookies: any;
    /** The URL as received, kept when `req.url` is rewritten by mounting. */
    originalUrl: string;
    /** Request URL; the mount path is stripped while mounted middleware runs. */
    url: string;
    /** The part of the URL path that matched the mount point(s). */
    baseUrl: string;
    /** The app handling the request (the sub-app while inside one). */
    app: Application;
    /** The response of this request. */
    res?: Response<ResBody, LocalsObj> | undefined;
    /** The `next` function of the middleware currently running. */
    next?: NextFunction | undefined;
  }
}
