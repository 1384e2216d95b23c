import { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { Http2ServerRequest } from 'node:http2';
import type { TLSSocket } from 'node:tls';
import fresh from 'fresh';
import proxyaddr from 'proxy-addr';
import parseRange from 'range-parser';
import typeis from 'type-is';
import { parseUrl } from '@webfw/router';
import type { ParamsDictionary } from '../application/types';
import type { RangeOptions, Ranges, Request } from './types';
import { settingsOf, trustNone, type ParsedQuery, type QueryParser, type TrustFunction } from '../application/settings';
import { acceptsCharsets, acceptsEncodings, acceptsLanguages, acceptsTypes, argumentList } from '../utils/accepts';

export type { ParamsDictionary, RangeOptions, Ranges };

/**
 * The request type in `(P, ReqBody, ReqQuery)` order, as this module's `Request`, for the v4
 * entry's `RequestV4`. Everything else uses types.ts's `Request` (@types/express's order), which
 * `@webfw/core` exports.
 */
type RequestInV4Order<P = ParamsDictionary, ReqBody = unknown, ReqQuery = ParsedQuery> = Request<P, unknown, ReqBody, ReqQuery>;
export type { RequestInV4Order as Request };

/**
 * Whether a request has a body: a Transfer-Encoding or Content-Length header (type-is's
 * test), or, on HTTP/2, where neither is required, a stream the client did not end with its
 * HEADERS frame.
 */
function hasBody(req: IncomingMessage | Http2ServerRequest): boolean {
  const headers = req.headers;
  if (headers['transfer-encoding'] !== undefined || !isNaN(headers['content-length'] as unknown as number)) return true;
  return req.httpVersionMajor === 2 && (req as Http2ServerRequest).stream?.endAfterHeaders === false;
}

/**
 * Returns a request header, name case-insensitive; `Referer` and `Referrer` are
 * interchangeable. Throws a TypeError when the name is missing or not a string.
 */
function get(this: Request, name: string): string | string[] | undefined {
  if (!name) throw new TypeError('name argument is required to req.get');
  if (typeof name !== 'string') throw new TypeError('name must be a string to req.get');
  const lc = name.toLowerCase();
  if (lc === 'referer' || lc === 'referrer') return this.headers.referrer || this.headers.referer;
  return this.headers[lc];
}

/**
 * Checks the given types (MIME types or extensions, as arguments or an array) against the
 * Accept header: the best match as given, false when none; no argument returns every
 * accepted type; no Accept header returns the first type.
 */
function accepts(this: Request): string[] | string | false {
  return acceptsTypes(this.headers, argumentList(arguments));
}

/** First of the given encodings accepted by Accept-Encoding, or false; no argument: all accepted. */
function acceptsEncodingsMethod(this: Request): string[] | string | false {
  return acceptsEncodings(this.headers, argumentList(arguments));
}

/** First of the given charsets accepted by Accept-Charset, or false; no argument: all accepted. */
function acceptsCharsetsMethod(this: Request): string[] | string | false {
  return acceptsCharsets(this.headers, argumentList(arguments));
}

/** First of the given languages accepted by Accept-Language, or false; no argument: all accepted. */
function acceptsLanguagesMethod(this: Request): string[] | string | false {
  return acceptsLanguages(this.headers, argumentList(arguments));
}

/**
 * Parses the Range header for a resource of `size` bytes: the ranges, -1 when
 * unsatisfiable, -2 when malformed, undefined without a Range header.
 */
function range(this: Request, size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined {
  const header = this.headers.range;
  if (!header) return undefined;
  return parseRange(size, header, options);
}

/**
 * Whether the request's Content-Type matches one of the types (arguments or an array): the
 * matching type, false when none matches, null when the request has no body.
 */
function is(this: Request, types: string | readonly string[]): string | false | null {
  const list = Array.isArray(types) ? (types as string[]) : (Array.prototype.slice.call(arguments) as string[]);
  // type-is's test with HTTP/2's bodies (no Content-Length needed): `hasBody`
  return hasBody(this) ? typeis.is(this.headers['content-type'] as string, list) : null;
}

function trustFn(req: Request): TrustFunction {
  return settingsOf(req.app)['trust proxy fn'] as TrustFunction;
}

function remoteAddress(req: Request): string | undefined {
  return req.socket.remoteAddress;
}

function firstValue(header: string): string {
  const comma = header.indexOf(',');
  return comma === -1 ? header.trim() : header.substring(0, comma).trim();
}

/**
 * Query-string parameters: each read parses the query of the current `req.url` with the app's
 * `query parser fn` and returns a new object, as express 5 does, so a change a middleware
 * makes to the object it read is not seen by later reads (express-validator's sanitizers rely
 * on it). A null-prototype empty object when the parser is disabled.
 */
function getQuery(this: Request): object {
  const parse = settingsOf(this.app)['query parser fn'] as QueryParser | undefined;
  if (!parse) return Object.create(null) as object;
  // the raw query string, or null when the URL has no `?` (what express hands a custom parser)
  return parse(parseUrl(this.url).query as string);
}

/** Protocol: `https` on TLS, else `http`; a trusted proxy's `X-Forwarded-Proto` wins. */
function getProtocol(this: Request): string {
  const proto = (this.socket as TLSSocket).encrypted ? 'https' : 'http';
  if (!trustFn(this)(remoteAddress(this), 0)) return proto;
  const header = this.headers['x-forwarded-proto'];
  return firstValue((typeof header === 'string' && header) || proto);
}

function getSecure(this: Request): boolean {
  return this.protocol === 'https';
}

function getIp(this: Request): string | undefined {
  const trust = trustFn(this);
  // trusting no proxy, the address is the socket's (what proxy-addr returns, without parsing
  // X-Forwarded-For)
  if (trust === trustNone) return this.socket.remoteAddress;
  return proxyaddr(this, trust);
}

function getIps(this: Request): string[] {
  const addresses = proxyaddr.all(this, trustFn(this));
  addresses.reverse().pop();
  return addresses;
}

function getSubdomains(this: Request): string[] {
  const hostname = this.hostname;
  if (!hostname) return [];
  const offset = this.app.get('subdomain offset') as number;
  const parts = isIP(hostname) ? [hostname] : hostname.split('.').reverse();
  return parts.slice(offset);
}

function getPath(this: Request): string {
  return parseUrl(this.url).pathname as string;
}

/**
 * The host the client asked for, with its port (5.x `req.host`): from a trusted proxy the
 * first X-Forwarded-Host, else `:authority` on HTTP/2 or the Host header; undefined without one.
 */
export function hostOf(req: Request): string | undefined {
  return getHost.call(req);
}

/** The host name of a `host` (`[::1]:3000` -> `[::1]`, `example.com:80` -> `example.com`). */
export function withoutPort(host: string): string {
  const offset = host[0] === '[' ? host.indexOf(']') + 1 : 0;
  const colon = host.indexOf(':', offset);
  return colon !== -1 ? host.substring(0, colon) : host;
}

function getHost(this: Request): string | undefined {
  let value = this.headers['x-forwarded-host'] as string | undefined;
  // HTTP/2 carries the host in `:authority` (a Host header, if any, comes second)
  if (!value || !trustFn(this)(remoteAddress(this), 0)) value = (this.headers[':authority'] as string | undefined) ?? this.headers.host;
  else {
    const comma = value.indexOf(',');
    if (comma !== -1) value = value.substring(0, comma).trimEnd();
  }
  return value || undefined;
}

function getHostname(this: Request): string | undefined {
  const host = this.host;
  return host ? withoutPort(host) : undefined;
}

function getFresh(this: Request): boolean {
  const method = this.method;
  const res = this.res;
  if ((method !== 'GET' && method !== 'HEAD') || !res) return false;
  const headers = this.headers;
  // fresh() answers false without conditional headers: skip reading the response headers
  if (!headers['if-none-match'] && !headers['if-modified-since']) return false;
  const status = res.statusCode;
  if ((status >= 200 && status < 300) || status === 304) {
    return fresh(headers, {
      etag: res.getHeader('ETag') as string | undefined,
      'last-modified': res.getHeader('Last-Modified') as string | undefined,
    });
  }
  return false;
}

function getStale(this: Request): boolean {
  return !this.fresh;
}

function getXhr(this: Request): boolean {
  const value = this.headers['x-requested-with'];
  return typeof value === 'string' && value.toLowerCase() === 'xmlhttprequest';
}

function method(value: unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value };
}

function getter(fn: () => unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, get: fn };
}

/**
 * The request prototype: every request an app handles inherits from `app.request`, which
 * inherits from this object (itself inheriting `http.IncomingMessage.prototype`). Extend
 * `app.request` (one app) or this object (every app) to add members.
 */
export const request: Request = Object.create(IncomingMessage.prototype, {
  get: method(get),
  header: method(get),
  accepts: method(accepts),
  acceptsEncodings: method(acceptsEncodingsMethod),
  acceptsCharsets: method(acceptsCharsetsMethod),
  acceptsLanguages: method(acceptsLanguagesMethod),
  range: method(range),
  is: method(is),
  query: getter(getQuery),
  protocol: getter(getProtocol),
  secure: getter(getSecure),
  ip: getter(getIp),
  ips: getter(getIps),
  subdomains: getter(getSubdomains),
  path: getter(getPath),
  host: getter(getHost),
  hostname: getter(getHostname),
  fresh: getter(getFresh),
  stale: getter(getStale),
  xhr: getter(getXhr),
}) as Request;
