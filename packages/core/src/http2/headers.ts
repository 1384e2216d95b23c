/**
 * HTTP/2: the header methods of the response twins (../prototypes/http2.ts), and the one-call send of a
 * complete response on them.
 *
 * On the response twin, webfw's header methods (../response/headers.ts, built on node's HTTP/1
 * `OutgoingMessage`) give way to node's HTTP/2 ones, wrapped so that HTTP/1-only headers are
 * dropped: whoever sets `Connection`, `Keep-Alive`, `Proxy-Connection`, `Transfer-Encoding`,
 * `Upgrade` (or `Host`, `HTTP2-Settings`, or `TE` other than `trailers`), with `setHeader`,
 * `appendHeader` or `writeHead`, it is never written on the HTTP/2 stream. (Node itself drops
 * `Connection` with a warning and throws from `res.end()` on the others, leaving the stream
 * hanging.)
 */
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { Http2ServerResponse } from 'node:http2';

/**
 * Whether `name` (any case) with `value` is a header HTTP/2 forbids (RFC 9113 8.2.2): the
 * connection-specific ones, `Host` (`:authority` carries it) and `TE` other than `trailers`.
 */
export function isHttp1OnlyHeader(name: string, value?: unknown): boolean {
  switch (name.length) {
    case 2:
    case 4:
    case 7:
    case 10:
    case 14:
    case 16:
    case 17:
      break;
    default:
      // names node trims first (' Connection') are compared trimmed
      if (name.trim().length === name.length) return false;
  }
  switch (name.trim().toLowerCase()) {
    case 'connection':
    case 'keep-alive':
    case 'proxy-connection':
    case 'transfer-encoding':
    case 'upgrade':
    case 'host':
    case 'http2-settings':
      return true;
    case 'te':
      return String(value).trim().toLowerCase() !== 'trailers';
  }
  return false;
}

const h2 = Http2ServerResponse.prototype;
const h2SetHeader = h2.setHeader;
const h2AppendHeader = h2.appendHeader as (this: Http2ServerResponse, name: string, value: string | readonly string[]) => Http2ServerResponse;
const h2WriteHead = h2.writeHead as (this: Http2ServerResponse, ...args: unknown[]) => Http2ServerResponse;

/**
 * Checks a header as node's HTTP/1 `setHeader` does, with its errors (a token name; a defined
 * value without CR, LF or other characters a header cannot hold): node's HTTP/2 compat
 * response lets CR/LF through and reports other mistakes with different errors.
 */
function validate(name: string, value: unknown): void {
  validateHeaderName(name);
  validateHeaderValue(name, value as string);
}

/**
 * The key of node's header store on its HTTP/2 compat responses (`Symbol(headers)`, a
 * null-prototype object of lower-case names), found on the first response that has it; null
 * when a response does not look like that (another node version): the head then always goes
 * through node's own methods. Found on Node 20.20, 22.23, 24.21 and 26.12 (res.http2.test.ts,
 * run on each by tooling/scripts/node-matrix.mjs).
 */
let storeKey: symbol | null | undefined;

/** Node's header store of `res` (see `storeKey`), or undefined. */
function headerStore(res: Http2ServerResponse): Record<string, unknown> | undefined {
  if (storeKey === undefined) {
    storeKey = null;
    for (const key of Object.getOwnPropertySymbols(res)) {
      const value = (res as unknown as Record<symbol, unknown>)[key];
      if (key.description === 'headers' && typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === null) storeKey = key;
    }
  }
  return storeKey === null ? undefined : ((res as unknown as Record<symbol, Record<string, unknown> | undefined>)[storeKey] ?? undefined);
}

function setHeader(this: Http2ServerResponse, name: string, value: number | string | readonly string[]): Http2ServerResponse {
  if (!this.headersSent) {
    if (name === 'X-Powered-By' && value === 'webfw') {
      // webfw's own header, set on every response (../application/application.ts): valid, nothing to drop
      const store = headerStore(this);
      if (store !== undefined) {
        store['x-powered-by'] = value;
        return this;
      }
    }
    validate(name, value);
    if (isHttp1OnlyHeader(name, value)) return this;
  }
  h2SetHeader.call(this, name, value);
  return this;
}

function appendHeader(this: Http2ServerResponse, name: string, value: string | readonly string[]): Http2ServerResponse {
  if (!this.headersSent) {
    validate(name, value);
    if (isHttp1OnlyHeader(name, value)) return this;
  }
  return h2AppendHeader.call(this, name, value);
}

/**
 * The headers argument of `writeHead` (an object, a flat `[name, value, ...]` list or a list
 * of pairs), each checked as `setHeader` checks it, without HTTP/1-only headers (the same
 * object when it has none).
 */
function withoutHttp1Headers(headers: unknown): unknown {
  if (Array.isArray(headers)) {
    if (headers.length !== 0 && Array.isArray(headers[0])) {
      const pairs = headers as [string, unknown][];
      for (const [name, value] of pairs) validate(name, value);
      return pairs.some((p) => isHttp1OnlyHeader(p[0], p[1])) ? pairs.filter((p) => !isHttp1OnlyHeader(p[0], p[1])) : headers;
    }
    const flat = headers as unknown[];
    let kept: unknown[] | undefined;
    for (let i = 0; i < flat.length; i += 2) {
      const name = flat[i] as string;
      validate(name, flat[i + 1]);
      if (isHttp1OnlyHeader(name, flat[i + 1])) kept ??= flat.slice(0, i);
      else if (kept !== undefined) kept.push(name, flat[i + 1]);
    }
    return kept ?? headers;
  }
  if (headers !== null && typeof headers === 'object') {
    const record = headers as Record<string, unknown>;
    let kept: Record<string, unknown> | undefined;
    for (const name of Object.keys(record)) {
      validate(name, record[name]);
      if (isHttp1OnlyHeader(name, record[name])) {
        kept ??= { ...record };
        delete kept[name];
      }
    }
    return kept ?? headers;
  }
  return headers;
}

function writeHead(this: Http2ServerResponse, statusCode: number, message?: unknown, headers?: unknown): Http2ServerResponse {
  // (statusCode), (statusCode, headers) or (statusCode, statusMessage, headers); node's
  // writeHead treats an undefined argument as a missing one (no rest array: node's own `write`
  // and `end` call this with the status alone, once per response)
  if (!this.headersSent) {
    if (typeof message === 'string') {
      if (headers !== undefined) headers = withoutHttp1Headers(headers);
    } else if (message !== undefined) message = withoutHttp1Headers(message);
  }
  return h2WriteHead.call(this, statusCode, message, headers);
}

function method(value: unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value };
}

/**
 * `res._implicitHeader()`: writes the head with the current status, as node's HTTP/1 response
 * does. Node's HTTP/2 compat response lacks it and middleware calls it (express-session ends
 * a response through it).
 */
function implicitHeader(this: Http2ServerResponse): void {
  this.writeHead(this.statusCode);
}

/**
 * The header methods of the HTTP/2 response twin: node's, dropping HTTP/1-only headers, and
 * `_implicitHeader`, which node's HTTP/1 response has and middleware calls.
 */
export const http2HeaderMethods: PropertyDescriptorMap = {
  setHeader: method(setHeader),
  appendHeader: method(appendHeader),
  writeHead: method(writeHead),
  _implicitHeader: method(implicitHeader),
};

/**
 * Whether `res` is an HTTP/2 compat response that `sendHttp2` may answer: its head not sent,
 * its `setHeader` and `writeHead` the twin's own (no hook such as on-headers), node's header
 * store at hand, and none of the headers `sendHttp2` writes (Content-Type, Content-Length,
 * ETag) set yet: express's steps would then store the same values in the same order.
 */
export function isPlainHttp2Response(res: object): res is Http2ServerResponse {
  if (!(res instanceof Http2ServerResponse) || res.writeHead !== writeHead || res.setHeader !== setHeader || res.headersSent) return false;
  const store = headerStore(res);
  return store !== undefined && store['content-type'] === undefined && store['content-length'] === undefined && store.etag === undefined;
}

/**
 * Sends a complete response on a plain HTTP/2 response (`isPlainHttp2Response`) with its
 * status code: Content-Type `type`, Content-Length `length` and the ETag when given, put in
 * node's header store directly (webfw's own values, valid and nothing to drop: node's
 * `setHeader` would check each again), then `body` through `res.end`, which sends the head.
 */
export function sendHttp2(res: Http2ServerResponse, type: string, body: string | Buffer, length: number, etag: string | undefined): void {
  const store = headerStore(res) as Record<string, unknown>;
  store['content-type'] = type;
  store['content-length'] = String(length);
  if (etag !== undefined) store.etag = etag;
  if (typeof body === 'string') res.end(body, 'utf8');
  else res.end(body);
}
