/**
 * The 4.x request prototype: the 5.x members (see ../request/request.ts) but `req.query`, which
 * the `query` layer sets as a plain property (./query-parser.ts), with express 4's differences,
 * one function each below: `req.param`, the singular `accepts*` aliases, `req.host` as the
 * deprecated `req.hostname`, `req.fresh` by express 4's rules and `req.range` by express 4's
 * parser.
 */
import { IncomingMessage } from 'node:http';
import depd from 'depd';
import fresh from 'fresh-v0';
import parseRange from 'range-parser-v0';
import { hostOf, request as request5, withoutPort, type RangeOptions, type Ranges, type Request } from '../request/request';
import type { ParsedQuery } from '../application/settings';
import { copyMembers, getter, method } from './members';

const deprecate = depd('express');

/** The request of a 4.x app: 5.x's, with a writable `req.query` and express 4's extra members. */
export interface RequestV4<P = Request['params'], ReqBody = unknown, ReqQuery = ParsedQuery> extends Omit<Request<P, ReqBody, ReqQuery>, 'query' | 'host'> {
  /** Query-string parameters, set by the `query` layer (a plain, writable property). */
  query: ReqQuery;
  /** @deprecated `req.hostname`: the host name without the port. */
  readonly host: string | undefined;
  /** @deprecated the first of `req.params[name]`, `req.body[name]`, `req.query[name]` set, else `defaultValue`. */
  param(name: string, defaultValue?: unknown): unknown;
  /** @deprecated `req.acceptsCharsets`. */
  acceptsCharset: Request['acceptsCharsets'];
  /** @deprecated `req.acceptsEncodings`. */
  acceptsEncoding: Request['acceptsEncodings'];
  /** @deprecated `req.acceptsLanguages`. */
  acceptsLanguage: Request['acceptsLanguages'];
}

interface ParamSources {
  params?: Record<string, unknown>;
  body?: unknown;
  query?: unknown;
}

/**
 * `req.param(name[, defaultValue])`, deprecated (`req.param(name): Use req.params, req.body,
 * or req.query instead`, or `req.param(name, default): ...` with a default): the first of
 * `req.params[name]` (an own value), `req.body[name]` and `req.query[name]` that is neither
 * null nor undefined, else `defaultValue`.
 */
export function param(this: ParamSources, name: string, defaultValue?: unknown): unknown {
  const params = this.params || {};
  const body = (this.body || {}) as Record<string, unknown>;
  const query = (this.query || {}) as Record<string, unknown>;
  const args = arguments.length === 1 ? 'name' : 'name, default';
  deprecate(`req.param(${args}): Use req.params, req.body, or req.query instead`);
  if (params[name] != null && Object.prototype.hasOwnProperty.call(params, name)) return params[name];
  if (body[name] != null) return body[name];
  if (query[name] != null) return query[name];
  return defaultValue;
}

type Method = (...args: never[]) => unknown;

/**
 * `req.acceptsCharset`, `req.acceptsEncoding` and `req.acceptsLanguage`, the deprecated
 * singular aliases of `acceptsCharsets`, `acceptsEncodings` and `acceptsLanguages`
 * (`req.acceptsCharset: Use acceptsCharsets instead`, ...), each warning once per call site.
 */
const acceptsAliases: PropertyDescriptorMap = {
  acceptsEncoding: method(deprecate.function(request5.acceptsEncodings as Method, 'req.acceptsEncoding: Use acceptsEncodings instead')),
  acceptsCharset: method(deprecate.function(request5.acceptsCharsets as Method, 'req.acceptsCharset: Use acceptsCharsets instead')),
  acceptsLanguage: method(deprecate.function(request5.acceptsLanguages as Method, 'req.acceptsLanguage: Use acceptsLanguages instead')),
};

/**
 * `req.hostname` as 5.x's: the host without its port, from the same headers (a trusted
 * proxy's first X-Forwarded-Host, else `:authority` on HTTP/2 or Host).
 */
function getHostname(this: Request): string | undefined {
  const host = hostOf(this);
  return host ? withoutPort(host) : undefined;
}

/**
 * `req.host`, the deprecated name of `req.hostname` (`req.host: Use req.hostname instead`):
 * the host name without its port (5.x: the host with its port).
 */
const getHost = deprecate.function(function host(this: Request): string | undefined {
  return this.hostname;
}, 'req.host: Use req.hostname instead');

/**
 * `req.fresh` (4.22.3) also answers for QUERY requests (5.x: GET and HEAD only), with a 2xx or
 * 304 status, from the response's ETag and Last-Modified, by fresh 0.5.x, the version express 4
 * pins (`~0.5.2`): both validators must hold (an If-None-Match that matches and an
 * If-Modified-Since that does not is stale), and `If-None-Match: *` matches nothing, where
 * fresh 2 (express 5) lets If-None-Match decide alone and `*` match.
 */
function getFresh(this: Request): boolean {
  const method = this.method;
  const res = this.res;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'QUERY') return false;
  if (!res) return false;
  const status = res.statusCode;
  if ((status >= 200 && status < 300) || status === 304) {
    return fresh(this.headers, {
      etag: res.get('ETag') as string | undefined,
      'last-modified': res.get('Last-Modified') as string | undefined,
    });
  }
  return false;
}

/**
 * `req.range(size[, options])` (4.22.3) parses with range-parser 1.2.x, the version express 4
 * pins (`~1.2.1`): it reads each bound with `parseInt`, so `bytes=0-10abc` is the range 0-10
 * where 1.3 (express 5) calls it malformed (-2).
 */
function range(this: Request, size: number, options?: RangeOptions): Ranges | -1 | -2 | undefined {
  const header = this.headers.range;
  if (!header) return undefined;
  return parseRange(size, header, options) as Ranges | -1 | -2;
}

/** The request prototype every 4.x app's requests inherit from. */
export const request: RequestV4 = copyMembers(IncomingMessage.prototype, request5, ['query', 'host', 'hostname', 'fresh', 'range'], {
  param: method(param),
  ...acceptsAliases,
  hostname: getter(getHostname),
  host: getter(getHost as () => unknown),
  fresh: getter(getFresh),
  range: method(range),
});
