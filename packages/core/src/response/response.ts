/**
 * The response prototype's methods, read as express's lib/response.js: status, headers,
 * bodies (send, json, jsonp), negotiation and redirects, cookies, files, views. The type the
 * implementation uses is in types.ts; `res.sendFile`/`res.download` are built in
 * file.ts.
 */
import { ServerResponse, type OutgoingHttpHeader } from 'node:http';
import { extname } from 'node:path';
import depd from 'depd';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import statuses from 'statuses';
import vary from 'vary';
import type { NextFunction, RenderCallback } from '../application/types';
import type { Request } from '../request/types';
import type { HeaderValue, Response } from './types';
import { downloadWith, sendFileWith } from './file';
import { attachmentDisposition, fullContentType, withUtf8Charset } from './content-type';
import { clearCookieOptions, serializeCookie, type CookieOptions } from './cookie';
import { transferFile, type SendFileOptions } from './file';
import { formatWith, normalizeType } from './format';
import { isPlainHttp2Response, sendHttp2 } from '../http2/headers';
import { isPlainFetchResponse, sendFetch } from '../fetch/response';
import { endText, headerMethods, isUntouched, sendUntouched } from './headers';
import { sanitizeCallbackName, stringifyJson, wrapJsonp } from './json';
import { settingsOf } from '../application/settings';
import { builtInETag, strongETag, weakETag, type ETagFunction } from '../utils/etag';

export type { CookieOptions } from './cookie';
export type { DownloadOptions, SendFileOptions, TransferCallback, TransferError } from './file';
export type { FormatHandler, FormatHandlers, HeaderValue, Response } from './types';
export { downloadWith, fileDone, sendFileWith } from './file';
export { formatWith } from './format';

/** What this module needs of a request beyond the public type. */
type OwnRequest = Request & { next?: NextFunction };

function getRequest(res: Response): OwnRequest {
  return res.req as OwnRequest;
}

// --- status --------------------------------------------------------------------------------

function status(this: Response, code: number): Response {
  if (!Number.isInteger(code)) {
    throw new TypeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be an integer.`);
  }
  if (code < 100 || code > 999) {
    throw new RangeError(`Invalid status code: ${JSON.stringify(code)}. Status code must be greater than 99 and less than 1000.`);
  }
  this.statusCode = code;
  return this;
}

function sendStatus(this: Response, code: number): Response {
  const body = statuses.message[code] || String(code);
  this.status(code);
  this.type('txt');
  return this.send(body);
}

// --- headers -------------------------------------------------------------------------------

function set(this: Response, field: string | Record<string, HeaderValue>, value?: HeaderValue): Response {
  if (arguments.length === 2) {
    const name = field as string;
    let val: string | string[] | false = Array.isArray(value) ? value.map(String) : String(value);
    if (name.toLowerCase() === 'content-type') {
      if (Array.isArray(val)) throw new TypeError('Content-Type cannot be set to an Array');
      val = fullContentType(val);
    }
    this.setHeader(name, val as OutgoingHttpHeader);
    return this;
  }
  const fields = field as Record<string, HeaderValue>;
  for (const key in fields) this.set(key, fields[key]);
  return this;
}

function get(this: Response, field: string): string | number | string[] | undefined {
  return this.getHeader(field);
}

function append(this: Response, field: string, value?: string | readonly string[]): Response {
  const prev = this.getHeader(field);
  let next: HeaderValue | undefined = value;
  if (prev) {
    if (Array.isArray(prev)) next = prev.concat(value as string);
    else if (Array.isArray(value)) next = [String(prev)].concat(value);
    else next = [String(prev), value as string];
  }
  return this.set(field, next as HeaderValue);
}

function type(this: Response, type: string): Response {
  const ct = type.indexOf('/') === -1 ? fullContentType(type) || 'application/octet-stream' : type;
  return this.set('Content-Type', ct);
}

function varyMethod(this: Response, field: string | readonly string[]): Response {
  vary(this, field as string | string[]);
  return this;
}

function links(this: Response, links: Record<string, string | readonly string[]>): Response {
  let link = (this.get('Link') as string | undefined) || '';
  if (link) link += ', ';
  const parts: string[] = [];
  for (const rel of Object.keys(links)) {
    const target = links[rel];
    if (Array.isArray(target)) for (const url of target) parts.push(`<${url}>; rel="${rel}"`);
    else parts.push(`<${target as string}>; rel="${rel}"`);
  }
  return this.set('Link', link + parts.join(', '));
}

function location(this: Response, url: string): Response {
  return this.set('Location', encodeUrl(url));
}

function attachment(this: Response, filename?: string): Response {
  if (filename) this.type(extname(filename));
  this.set('Content-Disposition', attachmentDisposition(filename));
  return this;
}

// --- bodies --------------------------------------------------------------------------------

const TEXT_HTML = 'text/html; charset=utf-8';
const OCTET_STREAM = 'application/octet-stream';
const APPLICATION_JSON = 'application/json; charset=utf-8';
/**
 * What express's `res.send` stores for an empty Content-Type before a string: mime-types'
 * answer for '' (`false`, which node sends as the text "false").
 */
const EMPTY_TYPE_SENT = false as unknown as string;

/**
 * `res.send(body)`: a string goes out as text/html, a Buffer or other typed array as
 * application/octet-stream (each unless a Content-Type is set), null as an empty body,
 * undefined as none, and any other object, number or boolean as JSON (`res.json`).
 */
function send(this: Response, body?: unknown): Response {
  switch (typeof body) {
    case 'string':
      return sendPayload(this, body, TEXT_HTML);
    case 'boolean':
    case 'number':
    case 'object':
      if (body === null) return sendPayload(this, '', undefined);
      if (ArrayBuffer.isView(body)) return sendPayload(this, body, OCTET_STREAM);
      return this.json(body);
  }
  return sendPayload(this, undefined, undefined);
}

/** The bytes of a typed array or DataView as a Buffer, sharing its memory (no copy). */
function asBuffer(view: ArrayBufferView): Buffer {
  return Buffer.isBuffer(view) ? view : Buffer.from(view.buffer, view.byteOffset, view.byteLength);
}

/**
 * Whether a response may skip express's conditional steps: not HEAD, not a conditional
 * request (freshness: express 5 asks it of GET, express 4 of QUERY too), no 204/205/304
 * status, and the built-in (or no) `etag` generator.
 */
function isPlainSend(req: Request, code: number, etagFn: ETagFunction | undefined): boolean {
  if (req.method === 'HEAD') return false;
  const headers = req.headers;
  if (headers['if-none-match'] || headers['if-modified-since']) return false;
  if (code === 204 || code === 304 || code === 205) return false;
  return etagFn === undefined || etagFn === weakETag || etagFn === strongETag;
}

/**
 * The one send path of `res.send` and `res.json`. Sets Content-Type as express does: for a
 * string body with a `type` (`res.send(string)`, `res.json`), the set type with a utf-8
 * charset (text/html when none or not a string; `res.json` first sets its own when none);
 * for a Buffer, `type` unless one is set; no `type` (`null`, `undefined`): left as it is. Then
 * Content-Length (left out when a Transfer-Encoding is set: never both), the ETag per the
 * `etag fn` setting, 304 when the request is fresh, no body for HEAD, 204, 304 and 205, then
 * `end`. A string is sent as UTF-8, the header block in the bytes express 5's would have (see
 * `endText`). While the headers are untouched (see headers.ts) and none of the
 * conditional steps applies (`isPlainSend`), every header goes out with one `writeHead`.
 */
function sendPayload(res: Response, body: string | ArrayBufferView | undefined, type: string | undefined): Response {
  if (type !== undefined && body !== undefined) {
    if (isUntouched(res)) {
      const etagFn = settingsOf(res.app)['etag fn'] as ETagFunction | undefined;
      if (isPlainSend(getRequest(res), res.statusCode, etagFn)) {
        const chunk = typeof body === 'string' ? body : asBuffer(body);
        const length = typeof chunk === 'string' ? Buffer.byteLength(chunk, 'utf8') : chunk.length;
        sendUntouched(res, res.statusCode, type, chunk, length, etagFn === undefined ? undefined : builtInETag(etagFn, chunk, length));
        return res;
      }
    } else if (isPlainHttp2Response(res)) {
      return sendPlain(res, body, type, sendHttp2);
    } else if (isPlainFetchResponse(res)) {
      return sendPlain(res, body, type, sendFetch);
    }
  }
  return sendSettled(res, body, type);
}

/**
 * `sendPayload` on an HTTP/2 or a fetch handler's response when no header but `X-Powered-By`
 * is set yet: the same headers as `sendSettled` would store one by one (each checked again by
 * node's compat layer, or by the fetch response), put in the response's store at once by
 * `send` (`sendHttp2`, `sendFetch`), unless a conditional step applies.
 */
function sendPlain<R>(
  res: Response,
  body: string | ArrayBufferView,
  type: string,
  send: (res: R, type: string, chunk: string | Buffer, length: number, etag: string | undefined) => void,
): Response {
  const etagFn = settingsOf(res.app)['etag fn'] as ETagFunction | undefined;
  if (!isPlainSend(getRequest(res), res.statusCode, etagFn)) return sendSettled(res, body, type);
  const chunk = typeof body === 'string' ? body : asBuffer(body);
  const length = typeof chunk === 'string' ? Buffer.byteLength(chunk, 'utf8') : chunk.length;
  const etag = etagFn === undefined ? undefined : builtInETag(etagFn, chunk, length);
  send(res as unknown as R, type, chunk, length, etag);
  return res;
}

/**
 * `sendPayload` past the fast path: express's steps, with the headers in node's store. (Kept
 * apart so `sendPayload` stays small enough for V8 to inline.)
 */
function sendSettled(res: Response, body: string | ArrayBufferView | undefined, type: string | undefined): Response {
  const req = getRequest(res);
  const etagFn = settingsOf(res.app)['etag fn'] as ETagFunction | undefined;
  let chunk: string | Buffer | undefined;
  let length: number | undefined;

  if (typeof body === 'string' && type !== undefined) {
    // express's steps for a string (res.json's own first): the type given a utf-8 charset, or
    // text/html in place of a type that is not a string; stored even when unchanged
    if (type === APPLICATION_JSON && !res.getHeader('Content-Type')) res.setHeader('Content-Type', type);
    const contentType = res.getHeader('Content-Type');
    res.setHeader('Content-Type', typeof contentType !== 'string' ? TEXT_HTML : contentType === '' ? EMPTY_TYPE_SENT : withUtf8Charset(contentType));
  } else if (type !== undefined && !res.getHeader('Content-Type')) {
    res.setHeader('Content-Type', type);
  }

  let encoding: BufferEncoding | undefined;
  const generateETag = typeof etagFn === 'function' && !res.getHeader('ETag');
  if (typeof body === 'string') {
    if (generateETag && etagFn !== weakETag && etagFn !== strongETag) {
      // custom generators receive the body as a Buffer, as in express
      chunk = Buffer.from(body, 'utf8');
      length = chunk.length;
    } else {
      chunk = body;
      encoding = 'utf8';
      length = Buffer.byteLength(body, 'utf8');
    }
  } else if (body !== undefined) {
    chunk = asBuffer(body);
    length = chunk.length;
  }
  if (length !== undefined && !res.getHeader('Transfer-Encoding')) res.setHeader('Content-Length', String(length));

  if (generateETag && length !== undefined) {
    const tag = etagFn(chunk as string | Buffer, encoding);
    if (tag) res.setHeader('ETag', String(tag));
  }

  if (req.fresh) res.statusCode = 304;

  const code = res.statusCode;
  if (code === 204 || code === 304) {
    res.removeHeader('Content-Type');
    res.removeHeader('Content-Length');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
    length = 0;
  } else if (code === 205) {
    res.setHeader('Content-Length', '0');
    res.removeHeader('Transfer-Encoding');
    chunk = '';
    length = 0;
  }

  if (req.method === 'HEAD' || chunk === undefined) res.end();
  else if (encoding !== undefined) endText(res, chunk as string, length as number, generateETag);
  else res.end(chunk);
  return res;
}

/**
 * `res.json(body)`: `body` stringified per the `json replacer`, `json spaces` and `json escape`
 * settings, sent as application/json (unless a Content-Type is set). When `res.send` was
 * replaced, the JSON text goes through it, as in express.
 */
/**
 * `res.json` for a response prototype whose own `res.send` is `ownSend`: the body as JSON
 * (the app's `json replacer`, `json spaces`, `json escape`), Content-Type application/json
 * unless one is set, then `res.send`. While `res.send` is still `ownSend` (not replaced by
 * middleware), the text goes straight to the send path `ownSend` would take for it.
 */
export function jsonFor(ownSend: Response['send']): (this: Response, body?: unknown) => Response {
  return function json(this: Response, body?: unknown): Response {
    const app = this.app;
    const text = stringifyJson(body, settingsOf(app)['json replacer'], settingsOf(app)['json spaces'], settingsOf(app)['json escape']);
    if (this.send === ownSend) return sendPayload(this, text, APPLICATION_JSON);
    if (!this.getHeader('Content-Type')) this.setHeader('Content-Type', APPLICATION_JSON);
    return this.send(text);
  };
}

const json = jsonFor(send);

function jsonp(this: Response, body?: unknown): Response {
  const app = this.app;
  let text = stringifyJson(body, settingsOf(app)['json replacer'], settingsOf(app)['json spaces'], settingsOf(app)['json escape']);
  const query = getRequest(this).query as Record<string, unknown>;
  let callback = query[app.get('jsonp callback name') as string];

  if (!this.getHeader('Content-Type')) {
    this.setHeader('X-Content-Type-Options', 'nosniff');
    this.setHeader('Content-Type', APPLICATION_JSON);
  }
  if (Array.isArray(callback)) callback = callback[0];
  if (typeof callback === 'string' && callback.length !== 0) {
    this.setHeader('X-Content-Type-Options', 'nosniff');
    this.set('Content-Type', 'text/javascript');
    text = wrapJsonp(sanitizeCallbackName(callback), text);
  }
  return this.send(text);
}

// --- negotiation and redirects -------------------------------------------------------------

const format = formatWith(normalizeType);

/** The bodies `res.redirect` offers, in order of preference when Accept allows both. */
const REDIRECT_BODY_TYPES: readonly string[] = ['text', 'html'];

/** express's deprecations, printed as express prints them (depd, namespace `express`, once per call site). */
const deprecate = depd('express');

function redirect(this: Response, statusOrUrl: number | string, maybeUrl?: string): void {
  let address = statusOrUrl as string;
  let code: number = 302;
  if (arguments.length === 2) {
    code = statusOrUrl as number;
    address = maybeUrl as string;
  }
  if (!address) deprecate('Provide a url argument');
  if (typeof address !== 'string') deprecate('Url must be a string');
  if (typeof code !== 'number') deprecate('Status must be a number');

  address = this.location(address).get('Location') as string;
  const reason = statuses.message[code];
  // the negotiation res.format would do for { text, html, default }, without its closures
  const type = getRequest(this).accepts(REDIRECT_BODY_TYPES as string[]);
  this.vary('Accept');
  let body = '';
  if (type === 'text') {
    this.set('Content-Type', 'text/plain');
    body = `${reason}. Redirecting to ${address}`;
  } else if (type === 'html') {
    this.set('Content-Type', 'text/html');
    body = `<!DOCTYPE html><head><title>${reason}</title></head><body><p>${reason}. Redirecting to ${escapeHtml(address)}</p></body>`;
  }

  this.status(code);
  // never both framing headers (express 5 sends both here, which clients and proxies reject)
  if (!this.getHeader('Transfer-Encoding')) this.setHeader('Content-Length', String(Buffer.byteLength(body)));
  if (getRequest(this).method === 'HEAD') this.end();
  else this.end(body);
}

// --- cookies -------------------------------------------------------------------------------

function cookie(this: Response, name: string, value: unknown, options?: CookieOptions): Response {
  return this.append('Set-Cookie', serializeCookie(name, value, options, getRequest(this).secret));
}

function clearCookie(this: Response, name: string, options?: CookieOptions): Response {
  return this.cookie(name, '', clearCookieOptions(options));
}

// --- files ---------------------------------------------------------------------------------

const sendFile = sendFileWith(transferFile, (res, opts) => Object.assign(Object.create(opts) as SendFileOptions, { etag: res.app.enabled('etag') }));
const download = downloadWith(attachmentDisposition);

// --- views ---------------------------------------------------------------------------------

function render(this: Response, view: string, options?: Record<string, unknown> | RenderCallback, callback?: RenderCallback): void {
  const req = getRequest(this);
  const app = req.app;
  let done = callback;
  let opts = (options as Record<string, unknown> | undefined) || {};
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  // express hands res.locals to app.render as `_locals` (merged after app.locals)
  const renderOptions = { ...opts, _locals: this.locals };
  const finish: RenderCallback =
    done ||
    ((err, html) => {
      if (err) return req.next?.(err);
      this.send(html);
    });
  app.render(view, renderOptions, finish);
}

function method(value: unknown): PropertyDescriptor {
  return { configurable: true, enumerable: true, writable: true, value };
}

/**
 * The response prototype: every response an app handles inherits from `app.response`, which
 * inherits from this object (itself inheriting `http.ServerResponse.prototype`). Extend
 * `app.response` (one app) or this object (every app) to add members.
 */
export const response: Response = Object.create(ServerResponse.prototype, {
  ...headerMethods,
  status: method(status),
  sendStatus: method(sendStatus),
  set: method(set),
  header: method(set),
  get: method(get),
  append: method(append),
  type: method(type),
  contentType: method(type),
  vary: method(varyMethod),
  links: method(links),
  location: method(location),
  redirect: method(redirect),
  attachment: method(attachment),
  send: method(send),
  json: method(json),
  jsonp: method(jsonp),
  format: method(format),
  cookie: method(cookie),
  clearCookie: method(clearCookie),
  sendFile: method(sendFile),
  download: method(download),
  render: method(render),
}) as Response;

export default response;
