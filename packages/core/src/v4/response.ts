/**
 * The 4.x response prototype: the 5.x members (see ../response/response.ts) over the header
 * methods of the fast send path (../response/headers.ts; express 4's `expressInit` leaves
 * X-Powered-By pending as 5.x's `handle` does), with express 4's differences, one section each
 * below: `res.status`/`res.sendStatus`, `res.send`, `res.json`/`res.jsonp`, Content-Types
 * through mime 1.x, `res.location`/`res.redirect`, `res.clearCookie`,
 * `res.sendFile`/`res.sendfile`, `res.vary`, `res.links` and Content-Disposition.
 */
import { ServerResponse } from 'node:http';
import { basename, extname } from 'node:path';
import depd from 'depd';
import encodeUrl from 'encodeurl';
import escapeHtml from 'escape-html';
import sendV0 from 'send-v0';
import statuses from 'statuses';
import vary from 'vary';
import { serveStatic as staticV4 } from '@webfw/static/v4';
import { downloadWith, fileDone, formatWith, jsonFor, response as response5, sendFileWith, type HeaderValue, type Response } from '../response/response';
import type { CookieOptions } from '../response/cookie';
import { fileTransfer, transferPath, type FileSender, type SendFileOptions, type TransferCallback } from '../response/file';
import { acceptParams, type NormalizedType } from '../response/format';
import { headerMethods } from '../response/headers';
import { copyMembers, method } from './members';

const deprecate = depd('express');

/** The response of a 4.x app: 5.x's, with express 4's deprecated forms. */
export interface ResponseV4<ResBody = unknown, Locals extends Record<string, unknown> = Record<string, unknown>> extends Response<ResBody, Locals> {
  /** @deprecated `res.status(status).send(body)`. */
  send(status: number, body?: ResBody | string | Buffer | null): this;
  /** @deprecated `res.status(status).send(body)`. */
  send(body: ResBody | string | Buffer | null, status: number): this;
  send(body?: ResBody | string | Buffer | Uint8Array | null): this;
  /** @deprecated `res.status(status).json(obj)`. */
  json(status: number, body: ResBody): this;
  /** @deprecated `res.status(status).json(obj)`. */
  json(body: ResBody, status: number): this;
  json(body?: ResBody): this;
  /** @deprecated `res.status(status).jsonp(obj)`. */
  jsonp(status: number, body: ResBody): this;
  /** @deprecated `res.status(status).jsonp(obj)`. */
  jsonp(body: ResBody, status: number): this;
  jsonp(body?: ResBody): this;
  /** @deprecated `res.redirect(status, url)`. */
  redirect(url: string, status: number): void;
  redirect(url: string): void;
  redirect(status: number, url: string): void;
  /** @deprecated `res.sendFile`: sends the file at `path` (relative paths allowed, not URI-encoded). */
  sendfile(path: string, callback?: TransferCallback): void;
  sendfile(path: string, options: SendFileOptions, callback?: TransferCallback): void;
}

// ---- status

/**
 * `res.status(code)` sets any value it is given (5.x throws for a code that is not an
 * integer in 100..999); a string or a fraction in that range is deprecated
 * (`res.status("200"): use res.status(200) instead`). `res.sendStatus` sets the code as given.
 */
function status(this: Response, code: number): Response {
  if ((typeof code === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
    deprecate(`res.status(${JSON.stringify(code)}): use res.status(${Math.floor(code)}) instead`);
  }
  this.statusCode = code;
  return this;
}

function sendStatus(this: Response, code: number): Response {
  const body = statuses.message[code] || String(code);
  this.statusCode = code;
  this.type('txt');
  return this.send(body);
}

// ---- send

const send5 = response5.send;

/**
 * `res.send` takes express 4's deprecated forms: `res.send(status)` (the status text as
 * text/plain, `res.send(status): Use res.sendStatus(status) instead`), `res.send(status, body)`
 * and `res.send(body, status)`. Only a Buffer is sent as bytes: another typed array, like any
 * other object, number or boolean, goes out as JSON. The rest is 5.x's `res.send` (which, like
 * express 4's, sets Content-Length even when one was set before).
 */
function send(this: Response, body?: unknown): Response {
  let chunk = body;
  if (arguments.length === 2) {
    const first: unknown = arguments[0];
    const second: unknown = arguments[1];
    if (typeof first !== 'number' && typeof second === 'number') {
      deprecate('res.send(body, status): Use res.status(status).send(body) instead');
      this.statusCode = second;
    } else {
      deprecate('res.send(status, body): Use res.status(status).send(body) instead');
      this.statusCode = first as number;
      chunk = second;
    }
  }
  if (typeof chunk === 'number' && arguments.length === 1) {
    if (!this.get('Content-Type')) this.type('txt');
    deprecate('res.send(status): Use res.sendStatus(status) instead');
    this.statusCode = chunk;
    chunk = statuses.message[chunk];
  }
  if (typeof chunk === 'number' || typeof chunk === 'boolean' || (typeof chunk === 'object' && chunk !== null && !Buffer.isBuffer(chunk))) {
    return this.json(chunk);
  }
  return send5.call(this, chunk as string | Buffer | null | undefined);
}

// ---- json

/** The body of a deprecated `(obj, status)` or `(status, obj)` call, with the status set. */
function withStatus(name: 'json' | 'jsonp', res: Response, args: IArguments): unknown {
  if (args.length !== 2) return args[0];
  const first: unknown = args[0];
  const second: unknown = args[1];
  if (typeof second === 'number') {
    deprecate(`res.${name}(obj, status): Use res.status(status).${name}(obj) instead`);
    res.statusCode = second;
    return first;
  }
  deprecate(`res.${name}(status, obj): Use res.status(status).${name}(obj) instead`);
  res.statusCode = first as number;
  return second;
}

/** 5.x's `res.json` over 4.x's `res.send` (a string is sent as 5.x sends it). */
const json5 = jsonFor(send);
const jsonp5 = response5.jsonp;

/**
 * `res.json` and `res.jsonp` take express 4's deprecated forms `(obj, status)` and
 * `(status, obj)` (`res.json(obj, status): Use res.status(status).json(obj) instead`, ...);
 * otherwise they are 5.x's.
 */
function json(this: Response, obj?: unknown): Response {
  return json5.call(this, arguments.length === 2 ? withStatus('json', this, arguments) : obj);
}

function jsonp(this: Response, obj?: unknown): Response {
  return jsonp5.call(this, arguments.length === 2 ? withStatus('jsonp', this, arguments) : obj);
}

// ---- type

const CHARSET = /;\s*charset\s*=/;

/** The table, read when used (`webfw.static.mime` may be replaced). */
function mime(): typeof staticV4.mime {
  return staticV4.mime;
}

/**
 * Content-Types come from mime 1.x, the table `webfw.static.mime` is (serve-static 1.x's
 * `mime`, which express 4 reads as `express.static.mime`), looked up when called so
 * `webfw.static.mime.define()` applies: `res.type(ext)` is `mime.lookup(ext)`
 * (`application/octet-stream` when unknown); `res.set('Content-Type', type)` adds the charset
 * `mime.charsets.lookup` gives unless the value has one; `res.format` looks its extension keys
 * up the same way.
 */
function set(this: Response, field: string | Record<string, HeaderValue>, value?: HeaderValue): Response {
  if (arguments.length === 2) {
    const name = field as string;
    let val: string | string[] = Array.isArray(value) ? value.map(String) : String(value);
    if (name.toLowerCase() === 'content-type') {
      if (Array.isArray(val)) throw new TypeError('Content-Type cannot be set to an Array');
      if (!CHARSET.test(val)) {
        const charset = mime().charsets.lookup(val.split(';')[0] as string);
        if (charset) val += '; charset=' + charset.toLowerCase();
      }
    }
    this.setHeader(name, val);
    return this;
  }
  const fields = field as Record<string, HeaderValue>;
  for (const key in fields) this.set(key, fields[key]);
  return this;
}

function type(this: Response, value: string): Response {
  return this.set('Content-Type', value.indexOf('/') === -1 ? mime().lookup(value) : value);
}

function normalizeType(key: string): NormalizedType {
  return key.indexOf('/') !== -1 ? acceptParams(key) : { value: mime().lookup(key), quality: 1, params: {} };
}

// ---- redirect

/**
 * `res.location('back')` and `res.redirect('back')` go to the Referrer (or `/`),
 * deprecated since 4.21 (`res.location("back"): use res.location(req.get("Referrer") || "/")
 * and refer to https://dub.sh/security-redirect for best practices`); `res.redirect(url,
 * status)` is deprecated (`res.redirect(url, status): Use res.redirect(status, url) instead`);
 * the HTML body is express 4's `<p>` (5.x: a whole page) and the status is set as given.
 */
function location(this: Response, url: string): Response {
  let loc: string;
  if (url === 'back') {
    deprecate('res.location("back"): use res.location(req.get("Referrer") || "/") and refer to https://dub.sh/security-redirect for best practices');
    loc = this.req.get('Referrer') || '/';
  } else {
    loc = String(url);
  }
  return this.set('Location', encodeUrl(loc));
}

function redirect(this: Response, url: string | number): void {
  let address = url as string;
  let status = 302;
  if (arguments.length === 2) {
    if (typeof arguments[0] === 'number') {
      status = arguments[0] as number;
      address = arguments[1] as string;
    } else {
      deprecate('res.redirect(url, status): Use res.redirect(status, url) instead');
      status = arguments[1] as number;
    }
  }
  address = this.location(address).get('Location') as string;
  let body = '';
  this.format({
    text: () => {
      body = `${String(statuses.message[status])}. Redirecting to ${address}`;
    },
    html: () => {
      body = `<p>${String(statuses.message[status])}. Redirecting to ${escapeHtml(address)}</p>`;
    },
    default: () => {
      body = '';
    },
  });
  this.statusCode = status;
  this.set('Content-Length', Buffer.byteLength(body));
  if (this.req.method === 'HEAD') this.end();
  else this.end(body);
}

// ---- clear-cookie

const IGNORED_IN_V5 =
  'is deprecated. In v5.0.0 of Express, this option will be ignored, as res.clearCookie will automatically set cookies to expire immediately. Please update your code to omit this option.';

/**
 * `res.clearCookie(name, options)` honours `expires` and `maxAge` (5.x always expires
 * the cookie at once); passing them is deprecated since 4.20 (`res.clearCookie: Passing
 * "options.maxAge" is deprecated. ...`).
 */
function clearCookie(this: Response, name: string, options?: CookieOptions): Response {
  if (options) {
    if (options.maxAge) deprecate(`res.clearCookie: Passing "options.maxAge" ${IGNORED_IN_V5}`);
    if (options.expires) deprecate(`res.clearCookie: Passing "options.expires" ${IGNORED_IN_V5}`);
  }
  const opts: Record<string, unknown> = { expires: new Date(1), path: '/' };
  for (const key in options) opts[key] = (options as Record<string, unknown>)[key];
  return this.cookie(name, '', opts as CookieOptions);
}

// ---- sendfile

const sender = sendV0 as unknown as FileSender;
const transferFile = fileTransfer(sender);

/**
 * files are sent with send 0.19 (mime 1.x Content-Types, its errors and dotfiles rules),
 * as express 4's `res.sendFile` did, and the options go to send as given (the ETag follows the
 * `etag` option, default on, not the app's `etag` setting). `res.sendfile(path[, options][,
 * callback])` is express 4's deprecated older form (`res.sendfile: Use res.sendFile instead`):
 * the path goes to send as it is (not URI-encoded) and need not be absolute.
 */
function sendfile(this: Response, path: string, options?: SendFileOptions | TransferCallback, callback?: TransferCallback): void {
  let done = callback;
  let opts = (options || {}) as SendFileOptions;
  if (typeof options === 'function') {
    done = options;
    opts = {};
  }
  transferPath(sender(this.req, path, opts as Parameters<FileSender>[2]), this, opts, fileDone(this, done));
}

// ---- vary

/**
 * `res.vary()` without a field (or with an empty array) is deprecated (`res.vary():
 * Provide a field name`) and changes nothing (5.x throws vary's TypeError).
 */
function varyMethod(this: Response, field: string | readonly string[]): Response {
  if (!field || (Array.isArray(field) && field.length === 0)) {
    deprecate('res.vary(): Provide a field name');
    return this;
  }
  vary(this, field as string | string[]);
  return this;
}

// ---- links

/**
 * `res.links` writes each value as it is (`<a,b>` for an array; 5.x writes one link per
 * URL of an array).
 */
function links(this: Response, links: Record<string, string>): Response {
  let link = (this.get('Link') as string | undefined) || '';
  if (link) link += ', ';
  return this.set(
    'Link',
    link +
      Object.keys(links)
        .map((rel) => `<${String(links[rel])}>; rel="${rel}"`)
        .join(', '),
  );
}

// ---- content-disposition

const LATIN1_TEXT = /^[\x20-\x7e\x80-\xff]+$/;
const NON_LATIN1 = /[^\x20-\x7e\xa0-\xff]/g;
const HEX_ESCAPE = /%[0-9A-Fa-f]{2}/;
const QUOTE = /([\\"])/g;
const ATTR_CHAR = /[\x00-\x20"'()*,/:;<=>?@[\\\]{}\x7f]/g;

function percentEncode(char: string): string {
  return '%' + char.charCodeAt(0).toString(16).toUpperCase();
}

/**
 * Content-Disposition as content-disposition 0.5 wrote it for `res.attachment` and
 * `res.download`: the file name always quoted (`attachment; filename="report.md"`; 5.x leaves
 * a token bare), with `filename*` (UTF-8) when the name is not ISO-8859-1 or holds a `%XX`.
 * This is `attachment` with the base name of `filename` when given.
 */
function attachmentDisposition(filename?: string): string {
  if (filename === undefined) return 'attachment';
  if (typeof filename !== 'string') throw new TypeError('filename must be a string');
  const name = basename(filename);
  const quotable = LATIN1_TEXT.test(name);
  const fallback = name.replace(NON_LATIN1, '?');
  const hasFallback = fallback !== name;
  let header = 'attachment';
  if (quotable || hasFallback) header += `; filename="${(hasFallback ? fallback : name).replace(QUOTE, '\\$1')}"`;
  if (hasFallback || !quotable || HEX_ESCAPE.test(name)) header += `; filename*=UTF-8''${encodeURIComponent(name).replace(ATTR_CHAR, percentEncode)}`;
  return header;
}

function attachment(this: Response, filename?: string): Response {
  if (filename) this.type(extname(filename));
  this.set('Content-Disposition', attachmentDisposition(filename));
  return this;
}

/**
 * The header methods of the fast send path, on a level of their own under the 4.x response:
 * express 4's `express.response` lists none of them (its responses use node's, inherited).
 */
const headerLevel = Object.create(ServerResponse.prototype, headerMethods) as object;

/** The response prototype every 4.x app's responses inherit from. */
export const response: ResponseV4 = copyMembers(headerLevel, response5, Object.keys(headerMethods), {
  status: method(status),
  sendStatus: method(sendStatus),
  send: method(send),
  json: method(json),
  jsonp: method(jsonp),
  set: method(set),
  header: method(set),
  type: method(type),
  contentType: method(type),
  format: method(formatWith(normalizeType)),
  location: method(location),
  redirect: method(redirect),
  clearCookie: method(clearCookie),
  sendFile: method(sendFileWith(transferFile, (_res, opts) => opts)),
  sendfile: method(deprecate.function(sendfile, 'res.sendfile: Use res.sendFile instead')),
  vary: method(varyMethod),
  links: method(links),
  attachment: method(attachment),
  download: method(downloadWith(attachmentDisposition)),
});
