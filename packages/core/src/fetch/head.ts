/**
 * The head of the fetch handler's response (response.ts): its status and the header store,
 * with node's `OutgoingMessage` behaviour and errors (`setHeader`, `appendHeader`,
 * `setHeaders`, `getHeader`, `getHeaders`, `getHeaderNames`, `getRawHeaderNames`,
 * `hasHeader`, `removeHeader`, `writeHead`); 1xx answers (`writeContinue`, `writeEarlyHints`,
 * `writeProcessing`) and trailers are skipped, as a `Response` cannot carry them.
 *
 * It is a store of its own, not node's (../response/headers.ts works over node's HTTP/1
 * store, ../http2/headers.ts over node's HTTP/2 one): there is no node response under it.
 */
import { STATUS_CODES, validateHeaderName, validateHeaderValue, type OutgoingHttpHeaders } from 'node:http';
import { Stream } from 'node:stream';

/** A header's value as stored: as given. */
export type Value = number | string | readonly string[];

/**
 * The header store: `[key, name, value, key, name, value, ...]` in the order the headers were
 * first set (`key` the lower-case name, `name` as last set): a few headers are found faster by
 * a look along a short list than in a dictionary.
 */
export type Store = unknown[];

/** Header names seen valid, each with its lower-case form (at most `NAME_CACHE_SIZE`). */
const validNames = new Map<string, string>();
const NAME_CACHE_SIZE = 512;

/** The lower-case form of header name `name`, checked as node's `setHeader` checks it (its errors). */
function checkedKey(name: string): string {
  let key = validNames.get(name);
  if (key === undefined) {
    validateHeaderName(name);
    key = name.toLowerCase();
    if (validNames.size >= NAME_CACHE_SIZE) validNames.clear();
    validNames.set(name, key);
  }
  return key;
}

/** What node's `checkInvalidHeaderChar` rejects in a header value. */
const INVALID_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

/** Checks a header value as node's `setHeader` does, with node's errors. */
function checkValue(name: string, value: unknown): void {
  if (typeof value === 'string' ? INVALID_VALUE.test(value) : value === undefined || INVALID_VALUE.test(String(value)))
    validateHeaderValue(name, value as string);
}

/** The lower-case form of `name` (for reading: no check). */
function keyOf(name: string): string {
  return validNames.get(name) ?? name.toLowerCase();
}

/** Where the header `key` (lower case) is in `store`, or -1. */
export function indexOf(store: Store, key: string): number {
  for (let i = 0; i < store.length; i += 3) if (store[i] === key) return i;
  return -1;
}

/** An error with node's `code` (node's own error classes are internal). */
export function nodeError<E extends Error>(error: E, code: string): E & { code: string } {
  return Object.assign(error, { code });
}

const headersSentError = (action: string): Error => nodeError(new Error(`Cannot ${action} headers after they are sent to the client`), 'ERR_HTTP_HEADERS_SENT');

function validateName(name: unknown): asserts name is string {
  if (typeof name !== 'string') throw nodeError(new TypeError(`The "name" argument must be of type string. Received ${typeof name}`), 'ERR_INVALID_ARG_TYPE');
}

/** The status and headers of a fetch response, as node's `OutgoingMessage` keeps them. */
export class FetchHead extends Stream {
  declare statusCode: number;
  declare statusMessage: string | undefined;
  declare sendDate: boolean;
  /** The head as node keeps it: its status line once set (`headersSent`), else null. */
  declare _header: string | null;
  declare _hasBody: boolean;
  declare _contentLength: number | null;
  declare _removedConnection: boolean;
  declare _removedContLen: boolean;
  declare _removedTE: boolean;
  declare _sent100: boolean;
  declare _trailer: string;
  /** The header store (see `Store`); null until a header is set. */
  declare _store: Store | null;
  /** Whether the Content-Length of a whole body is added (node's choice when the head was made). */
  declare _autoLength: boolean;

  // ---- the header store, as node's OutgoingMessage keeps it

  setHeader(name: string, value: Value): this {
    if (this._header !== null) throw headersSentError('set');
    const key = checkedKey(name);
    checkValue(name, value);
    const store = this._store;
    if (store === null) {
      this._store = [key, name, value];
      return this;
    }
    const at = indexOf(store, key);
    if (at === -1) store.push(key, name, value);
    else {
      store[at + 1] = name;
      store[at + 2] = value;
    }
    return this;
  }

  appendHeader(name: string, value: string | readonly string[]): this {
    if (this._header !== null) throw headersSentError('append');
    const key = checkedKey(name);
    checkValue(name, value);
    const store = this._store;
    const at = store === null ? -1 : indexOf(store, key);
    if (at === -1) return this.setHeader(name, value);
    const old = store![at + 2] as Value;
    const values: unknown[] = Array.isArray(old) ? (old as unknown[]) : [old];
    if (Array.isArray(value)) values.push(...(value as string[]));
    else values.push(value);
    store![at + 2] = values;
    return this;
  }

  /** node's `setHeaders(headers)`: each of a `Headers` or `Map`, every Set-Cookie kept. */
  setHeaders(headers: Headers | Map<string, Value>): this {
    if (this._header !== null) throw headersSentError('set');
    if (!headers || Array.isArray(headers) || typeof headers.keys !== 'function' || typeof headers.get !== 'function')
      throw nodeError(new TypeError('The "headers" argument must be an instance of Headers or Map.'), 'ERR_INVALID_ARG_TYPE');
    const cookies: string[] = [];
    for (const [key, value] of headers as Iterable<[string, Value]>) {
      if (key === 'set-cookie') {
        if (Array.isArray(value)) cookies.push(...(value as string[]));
        else cookies.push(value as string);
        continue;
      }
      this.setHeader(key, value);
    }
    if (cookies.length !== 0) this.setHeader('set-cookie', cookies);
    return this;
  }

  getHeader(name: string): number | string | string[] | undefined {
    validateName(name);
    const store = this._store;
    if (store === null) return undefined;
    // (names asked for in lower case are found without lowering them)
    let at = indexOf(store, name);
    if (at === -1) {
      const key = keyOf(name);
      if (key === name) return undefined;
      at = indexOf(store, key);
      if (at === -1) return undefined;
    }
    return store[at + 2] as number | string | string[];
  }

  hasHeader(name: string): boolean {
    validateName(name);
    const store = this._store;
    return store !== null && (indexOf(store, name) !== -1 || indexOf(store, keyOf(name)) !== -1);
  }

  getHeaderNames(): string[] {
    const store = this._store;
    const names: string[] = [];
    if (store !== null) for (let i = 0; i < store.length; i += 3) names.push(store[i] as string);
    return names;
  }

  getRawHeaderNames(): string[] {
    const store = this._store;
    const names: string[] = [];
    if (store !== null) for (let i = 0; i < store.length; i += 3) names.push(store[i + 1] as string);
    return names;
  }

  getHeaders(): OutgoingHttpHeaders {
    const headers = Object.create(null) as OutgoingHttpHeaders;
    const store = this._store;
    if (store !== null) for (let i = 0; i < store.length; i += 3) headers[store[i] as string] = store[i + 2] as OutgoingHttpHeaders[string];
    return headers;
  }

  removeHeader(name: string): void {
    validateName(name);
    if (this._header !== null) throw headersSentError('remove');
    const key = keyOf(name);
    switch (key) {
      case 'connection':
        this._removedConnection = true;
        break;
      case 'content-length':
        this._removedContLen = true;
        break;
      case 'transfer-encoding':
        this._removedTE = true;
        break;
      case 'date':
        this.sendDate = false;
        break;
    }
    const store = this._store;
    if (store === null) return;
    const at = indexOf(store, key);
    if (at !== -1) store.splice(at, 3);
  }

  // ---- the head

  /**
   * node's `writeHead(statusCode, statusMessage?, headers?)`: the status, the headers given
   * (an object, a flat `[name, value, ...]` list or `[name, value]` pairs) merged into the
   * store, and the head made: `headersSent` from here on. It goes out with the first write,
   * `end` or `flushHeaders`.
   */
  writeHead(statusCode: number, reason?: string | OutgoingHttpHeaders | readonly unknown[], obj?: OutgoingHttpHeaders | readonly unknown[]): this {
    if (this._header !== null) throw headersSentError('write');
    const original = statusCode;
    statusCode |= 0;
    if (statusCode < 100 || statusCode > 999) throw nodeError(new RangeError(`Invalid status code: ${String(original)}`), 'ERR_HTTP_INVALID_STATUS_CODE');
    if (typeof reason === 'string') {
      this.statusMessage = reason;
    } else {
      this.statusMessage ||= STATUS_CODES[statusCode] || 'unknown';
      obj ??= reason;
    }
    this.statusCode = statusCode;
    if (Array.isArray(obj)) {
      const list = obj as readonly unknown[];
      if (list.length !== 0 && Array.isArray(list[0])) {
        for (const pair of list as readonly (readonly [string, string])[]) if (pair[0]) this.appendHeader(pair[0], pair[1]);
      } else {
        if (list.length % 2 !== 0) throw nodeError(new TypeError(`The argument 'headers' is invalid. Received ${String(list)}`), 'ERR_INVALID_ARG_VALUE');
        // the list overrides what was set, and may repeat a name
        for (let n = 0; n < list.length; n += 2) if (list[n]) this.removeHeader(list[n] as string);
        for (let n = 0; n < list.length; n += 2) if (list[n]) this.appendHeader(list[n] as string, list[n + 1] as string);
      }
    } else if (obj) {
      const headers = obj as OutgoingHttpHeaders;
      for (const key of Object.keys(headers)) if (key) this.setHeader(key, headers[key] as string);
    }
    const message = this.statusMessage;
    if (/[^\t\x20-\x7e\x80-\xff]/.test(message)) throw nodeError(new TypeError('Invalid character in statusMessage'), 'ERR_INVALID_CHAR');
    if (statusCode === 204 || statusCode === 304 || (statusCode >= 100 && statusCode <= 199)) this._hasBody = false;
    // node's choice of framing, made with the head: a whole body (`end(body)` before any head)
    // gets its Content-Length unless one (or a Transfer-Encoding) was set or removed
    const store = this._store;
    this._autoLength =
      this._hasBody &&
      typeof this._contentLength === 'number' &&
      !this._removedContLen &&
      (store === null || (indexOf(store, 'content-length') === -1 && indexOf(store, 'transfer-encoding') === -1));
    this._header = `HTTP/1.1 ${statusCode} ${message}\r\n`;
    return this;
  }

  /** node's: the head from the current status, through `writeHead` (so hooks on it see it). */
  _implicitHeader(): void {
    this.writeHead(this.statusCode);
  }

  /** 1xx answers are not part of a `Response`: skipped, the callback called. */
  writeContinue(callback?: () => void): void {
    this._sent100 = true;
    if (callback) process.nextTick(callback);
  }

  writeProcessing(callback?: () => void): void {
    if (callback) process.nextTick(callback);
  }

  writeEarlyHints(_hints: Record<string, string | string[]>, callback?: () => void): void {
    if (callback) process.nextTick(callback);
  }

  /** Trailers cannot be carried by a `Response`: kept, not sent. */
  addTrailers(headers: OutgoingHttpHeaders | readonly [string, string][]): void {
    this._trailer = JSON.stringify(headers);
  }
}
