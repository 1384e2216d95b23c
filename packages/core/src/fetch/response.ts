/**
 * The response the app writes when it answers through `app.fetch` (handler.ts): node's
 * `ServerResponse` API, handing what the app produces straight to a web `Response`, with no
 * HTTP/1.1 in between.
 *
 * Everything middleware uses of node's response is here, with node's behaviour and errors:
 * `statusCode` / `statusMessage`, the header store (`setHeader`, `appendHeader`,
 * `setHeaders`, `getHeader`, `getHeaders`, `getHeaderNames`, `getRawHeaderNames`,
 * `hasHeader`, `removeHeader`), `writeHead` (called by `write` / `end` / `flushHeaders` when
 * the app did not, so hooks on it (on-headers: compression, express-session, the logger) see
 * every head), `write` / `end` (plain members: wrappable), `headersSent`, `writableEnded`,
 * `writableFinished`, `finished`, `writableNeedDrain`, `writableLength`, 'finish', 'close',
 * 'drain', `destroy`, being piped into (`res.sendFile`, static files), `socket`; 1xx answers
 * (`writeContinue`, `writeEarlyHints`, `writeProcessing`) are skipped.
 *
 * The head goes out with the first `write`, with `end`, or with `flushHeaders`. A body that
 * is whole by then (`res.end(body)`, what `res.send` / `res.json` do) becomes the `Response`'s
 * fixed body, with the Content-Length node would have added; a longer one becomes a stream
 * that gets each write as it is made (a write's callback, and `write` returning false with
 * 'drain' later, follow the reader of the stream: backpressure). 'finish' is emitted when the
 * whole body was handed to the runtime (the stream read to its end), then, as node's server
 * does, the request is read off and 'close' follows.
 *
 * The runtime's `Response` cannot carry trailers, statuses outside 200..599, nor the
 * connection's own headers (Connection, Keep-Alive, Transfer-Encoding: the runtime frames
 * the body itself); those headers are left out. The Date header node adds is the runtime's
 * (Bun's, Deno's), and on workerd, which adds none, this response's.
 */
import { STATUS_CODES, validateHeaderName, validateHeaderValue, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { Stream } from 'node:stream';
import type { FetchConnection } from './connection';
import { HEADER_STATE } from '../utils/symbols';

/** Whether this is Cloudflare's runtime (its documented `navigator.userAgent`). */
const IS_WORKERD = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === 'Cloudflare-Workers';

/** Bytes the body stream holds before `write` returns false (node's default for a socket). */
export const HIGH_WATER_MARK = 16 * 1024;

/** A header's value as stored: as given. */
type Value = number | string | readonly string[];

/**
 * The header store: `[key, name, value, key, name, value, ...]` in the order the headers were
 * first set (`key` the lower-case name, `name` as last set): a few headers are found faster by
 * a look along a short list than in a dictionary.
 */
type Store = unknown[];

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
function indexOf(store: Store, key: string): number {
  for (let i = 0; i < store.length; i += 3) if (store[i] === key) return i;
  return -1;
}

/** How the answer reaches the caller of `app.fetch`: its promise's resolve and reject. */
export interface Answer {
  resolve(response: Response): void;
  reject(err: unknown): void;
}

/** Headers that describe an HTTP/1.1 connection, not the response. */
function isConnectionHeader(key: string): boolean {
  return key === 'connection' || key === 'keep-alive' || key === 'transfer-encoding';
}

/** The statuses a `Response` may not have a body with. */
function isNullBodyStatus(status: number): boolean {
  return status === 204 || status === 304 || status === 205 || status === 101 || status === 103;
}

/** An error with node's `code` (node's own error classes are internal). */
function nodeError<E extends Error>(error: E, code: string): E & { code: string } {
  return Object.assign(error, { code });
}

const headersSentError = (action: string): Error => nodeError(new Error(`Cannot ${action} headers after they are sent to the client`), 'ERR_HTTP_HEADERS_SENT');

function validateName(name: unknown): asserts name is string {
  if (typeof name !== 'string') throw nodeError(new TypeError(`The "name" argument must be of type string. Received ${typeof name}`), 'ERR_INVALID_ARG_TYPE');
}

/** The error a response's pending writes and body stream get when the connection goes away. */
export function abortedError(): Error {
  return nodeError(new Error('aborted'), 'ECONNRESET');
}

const noop = (): void => {};

/** node's `onError` of a write that cannot be made: the callback, then 'error' on the response (on the next tick). */
function writeFailed(res: FetchResponse, err: Error, callback: ((err?: Error | null) => void) | undefined): void {
  process.nextTick(() => {
    (callback ?? noop)(err);
    if (!res.destroyed) res.emit('error', err);
  });
}

function emitClose(res: FetchResponse): void {
  if (res._closed) return;
  res.destroyed = true;
  res._closed = true;
  res.emit('close');
}

/** Node's response API over a web `Response` (see the file comment). */
export class FetchResponse extends Stream {
  declare statusCode: number;
  declare statusMessage: string | undefined;
  declare req: IncomingMessage;
  declare sendDate: boolean;
  declare finished: boolean;
  declare destroyed: boolean;
  declare writable: boolean;
  declare errored: Error | null;
  declare chunkedEncoding: boolean;
  declare useChunkedEncodingByDefault: boolean;
  declare shouldKeepAlive: boolean;
  declare strictContentLength: boolean;
  /** The head as node keeps it: its status line once set (`headersSent`), else null. */
  declare _header: string | null;
  declare _headerSent: boolean;
  declare _hasBody: boolean;
  declare _closed: boolean;
  declare _contentLength: number | null;
  declare _removedConnection: boolean;
  declare _removedContLen: boolean;
  declare _removedTE: boolean;
  declare _sent100: boolean;
  declare _trailer: string;
  /** The header store (see `Store`); null until a header is set. */
  declare _store: Store | null;
  declare _socket: FetchConnection | null;
  declare _corked: number;
  /** Whether the Content-Length of a whole body is added (node's choice when the head was made). */
  declare _autoLength: boolean;
  /** The caller of `app.fetch`, until it has its `Response`. */
  declare _answer: Answer | undefined;
  /** The head went out (the Response was made, or failed). */
  declare _headOut: boolean;
  /** The stream of a body that is not whole when the head goes out. */
  declare _body: ReadableStreamDefaultController<Uint8Array> | undefined;
  /** Write callbacks held while the body stream is full. */
  declare _held: ((err?: Error | null) => void)[] | undefined;
  declare _needDrain: boolean;
  /** `end` was called on a streamed body that is still being read. */
  declare _ending: boolean;
  /** Everything was handed to the runtime ('finish' is due or emitted). */
  declare _done: boolean;

  constructor(req: IncomingMessage) {
    super();
    this.statusCode = 200;
    this.statusMessage = undefined;
    this.req = req;
    this.sendDate = true;
    this.finished = false;
    this.destroyed = false;
    this.writable = true;
    this.errored = null;
    this.chunkedEncoding = false;
    this.useChunkedEncodingByDefault = true;
    this.shouldKeepAlive = true;
    this.strictContentLength = false;
    this._header = null;
    this._headerSent = false;
    this._hasBody = req.method !== 'HEAD';
    this._closed = false;
    this._contentLength = null;
    this._removedConnection = false;
    this._removedContLen = false;
    this._removedTE = false;
    this._sent100 = false;
    this._trailer = '';
    this._store = null;
    this._socket = null;
    this._corked = 0;
    this._autoLength = false;
    this._answer = undefined;
    this._headOut = false;
    this._body = undefined;
    this._held = undefined;
    this._needDrain = false;
    this._ending = false;
    this._done = false;
    // webfw's header state (../response/headers.ts): settled, the store being this response's own
    (this as { [HEADER_STATE]?: number })[HEADER_STATE] = 0;
  }

  get headersSent(): boolean {
    return this._header !== null;
  }

  get writableEnded(): boolean {
    return this.finished;
  }

  get writableFinished(): boolean {
    return this._done;
  }

  get writableNeedDrain(): boolean {
    return !this.destroyed && !this.finished && this._needDrain;
  }

  get writableLength(): number {
    const body = this._body;
    return body === undefined || this._done ? 0 : Math.max(0, HIGH_WATER_MARK - (body.desiredSize ?? HIGH_WATER_MARK));
  }

  get writableHighWaterMark(): number {
    return HIGH_WATER_MARK;
  }

  get writableObjectMode(): boolean {
    return false;
  }

  get writableCorked(): number {
    return this._corked;
  }

  get closed(): boolean {
    return this._closed;
  }

  get socket(): FetchConnection | null {
    return this._socket;
  }

  set socket(socket: FetchConnection | null) {
    this._socket = socket;
  }

  get connection(): FetchConnection | null {
    return this._socket;
  }

  set connection(socket: FetchConnection | null) {
    this._socket = socket;
  }

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

  /** Sends the head now: the body that follows is streamed. */
  flushHeaders(): void {
    if (this._header === null) this._implicitHeader();
    if (!this._headOut && !this.destroyed) this._sendHead(undefined, true);
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

  // ---- the body

  write(chunk: unknown, encoding?: BufferEncoding | ((err?: Error | null) => void), callback?: (err?: Error | null) => void): boolean {
    if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    const bytes = this._chunk(chunk);
    if (this.finished || this.destroyed) {
      const err = this.finished
        ? nodeError(new Error('write after end'), 'ERR_STREAM_WRITE_AFTER_END')
        : nodeError(new Error('Cannot call write after a stream was destroyed'), 'ERR_STREAM_DESTROYED');
      if (!this.destroyed) writeFailed(this, err, callback);
      else if (callback) process.nextTick(callback, err);
      return false;
    }
    if (this._header === null) this._implicitHeader();
    if (!this._headOut) this._sendHead(undefined, true);
    if (!this._hasBody || this._body === undefined) {
      if (callback) process.nextTick(callback);
      return true;
    }
    return this._push(bytes, callback, encoding);
  }

  end(chunk?: unknown, encoding?: BufferEncoding | ((err?: Error | null) => void), callback?: (err?: Error | null) => void): this {
    if (typeof chunk === 'function') {
      callback = chunk as (err?: Error | null) => void;
      chunk = undefined;
      encoding = undefined;
    } else if (typeof encoding === 'function') {
      callback = encoding;
      encoding = undefined;
    }
    let bytes: string | Uint8Array | undefined;
    if (chunk !== undefined && chunk !== null) {
      bytes = this._chunk(chunk);
      if (this.finished) {
        writeFailed(this, nodeError(new Error('write after end'), 'ERR_STREAM_WRITE_AFTER_END'), callback);
        return this;
      }
    } else if (this.finished) {
      if (callback) {
        if (!this._done) this.once('finish', callback);
        else callback.call(this, nodeError(new Error('Cannot call end after a stream was finished'), 'ERR_STREAM_ALREADY_FINISHED'));
      }
      return this;
    }
    if (this._header === null) {
      this._contentLength = bytes === undefined ? 0 : typeof bytes === 'string' ? Buffer.byteLength(bytes, encoding ?? 'utf8') : bytes.byteLength;
      this._implicitHeader();
    }
    this.finished = true;
    if (callback) this.once('finish', callback);
    if (!this._headOut) this._sendHead(this._hasBody ? bytes : undefined, false, encoding);
    else if (bytes !== undefined && this._body !== undefined) this._push(bytes, undefined, encoding);
    if (this.destroyed || this._done) return this;
    if (this._body !== undefined) {
      this._ending = true;
      this._endBody();
    } else {
      this._done = true;
      process.nextTick(finish, this);
    }
    return this;
  }

  /** `chunk` as `write` takes it (node's checks and errors): a string to encode, or bytes. */
  _chunk(chunk: unknown): string | Uint8Array {
    if (typeof chunk === 'string') return chunk;
    if (chunk instanceof Uint8Array) return chunk;
    if (chunk === null) throw nodeError(new TypeError('May not write null values to stream'), 'ERR_STREAM_NULL_VALUES');
    throw nodeError(
      new TypeError(
        `The "chunk" argument must be of type string or an instance of Buffer or Uint8Array. Received ${chunk === undefined ? 'undefined' : typeof chunk}`,
      ),
      'ERR_INVALID_ARG_TYPE',
    );
  }

  /**
   * The head goes out: the `Response` is made and handed to the caller, with the whole body
   * `whole` (`end(whole)` before any write), a stream of what the app writes (`streamed`),
   * or no body (`end()` with nothing written, HEAD, 204, 304).
   */
  _sendHead(whole: string | Uint8Array | undefined, streamed: boolean, encoding?: BufferEncoding): void {
    this._headOut = true;
    this._headerSent = true;
    const answer = this._answer;
    this._answer = undefined;
    if (answer === undefined) return;
    const status = this.statusCode;
    // the headers as an object, or as [name, value] pairs when a Set-Cookie has several values
    let headers: Record<string, string> | [string, string][] = {};
    const store = this._store;
    let typed = false;
    if (store !== null) {
      for (let i = 0; i < store.length; i += 3) {
        const key = store[i] as string;
        if (isConnectionHeader(key)) continue;
        const value = store[i + 2] as Value;
        if (key === 'content-type') typed = true;
        if (typeof value === 'string') addHeader(headers, key, value);
        else if (!Array.isArray(value)) addHeader(headers, key, String(value));
        else if (key !== 'set-cookie' || value.length < 2 || Array.isArray(headers)) for (const one of value) headers = addHeader(headers, key, String(one));
        else {
          headers = pairsOf(headers);
          for (const one of value) headers.push([key, String(one)]);
        }
      }
    }
    let body: ConstructorParameters<typeof Response>[0] = null;
    const bodyless = !this._hasBody || isNullBodyStatus(status) || this.req.method === 'HEAD';
    if (bodyless) {
      // (a HEAD answer keeps the headers its body would have had)
    } else if (streamed) {
      this.chunkedEncoding = true;
      body = new ReadableStream<Uint8Array>(
        {
          start: (controller) => {
            this._body = controller;
          },
          pull: () => this._pulled(),
          cancel: () => {
            this._socket?.clientGone();
          },
        },
        { highWaterMark: HIGH_WATER_MARK, size: (chunk) => chunk.byteLength },
      );
    } else if (whole !== undefined) {
      // a string goes as it is when its bytes are UTF-8 and it has its type (the runtime would
      // add text/plain to an untyped one)
      body = typeof whole === 'string' && typed && (encoding === undefined || encoding === 'utf8' || encoding === 'utf-8') ? whole : bytesOf(whole, encoding);
    } else {
      // an empty body, framed as the runtime sees fit unless a Content-Length is set
      body = EMPTY;
    }
    // node's Date (Bun and Deno add theirs; workerd adds none)
    if (IS_WORKERD && this.sendDate && (store === null || indexOf(store, 'date') === -1)) addHeader(headers, 'date', new Date().toUTCString());
    if (this._autoLength && !streamed) {
      const length = whole === undefined ? 0 : typeof whole === 'string' ? (this._contentLength ?? 0) : whole.byteLength;
      addHeader(headers, 'content-length', String(length));
    }
    let response: Response;
    try {
      response = new Response(body, { status, statusText: this.statusMessage ?? STATUS_CODES[status] ?? '', headers });
    } catch (err) {
      answer.reject(err);
      this.destroyed = true;
      this._socket?.destroy();
      return;
    }
    this._socket?.answered();
    answer.resolve(response);
  }

  /** Hands `bytes` to the body stream; false when it is full (the callback waits for the reader). */
  _push(bytes: string | Uint8Array, callback: ((err?: Error | null) => void) | undefined, encoding?: BufferEncoding): boolean {
    const body = this._body!;
    // the connection closed (the stream cancelled): dropped, as node drops a write to a
    // destroyed socket before its 'close' (on the next tick here) reaches the response
    if (this._socket === null || this._socket.destroyed) return false;
    const piece = typeof bytes === 'string' ? bytesOf(bytes, encoding) : bytes;
    if (piece.byteLength !== 0) body.enqueue(piece);
    if ((body.desiredSize ?? 1) > 0) {
      if (callback) process.nextTick(callback);
      return true;
    }
    if (callback) (this._held ??= []).push(callback);
    this._needDrain = true;
    return false;
  }

  /** The reader of the body stream wants more: held callbacks run, 'drain', and the end once all was read. */
  _pulled(): void {
    const held = this._held;
    if (held !== undefined) {
      this._held = undefined;
      for (const callback of held) callback();
    }
    if (this._needDrain) {
      this._needDrain = false;
      this.emit('drain');
    }
    if (this._ending) this._endBody();
  }

  /** After `end` on a streamed body: once the runtime has read all of it, the stream closes and 'finish' follows. */
  _endBody(): void {
    const body = this._body!;
    if (this._done || this.destroyed || this._socket?.destroyed || body.desiredSize !== HIGH_WATER_MARK) return;
    this._ending = false;
    this._done = true;
    body.close();
    process.nextTick(finish, this);
  }

  /**
   * The connection went away (the client, or the app through `destroy`): a caller still
   * waiting is told, a streamed body errors, the request is aborted, and 'close' follows, as
   * when node's server sees its socket close.
   */
  _lost(): void {
    if (this._done) return;
    const answer = this._answer;
    this._answer = undefined;
    if (answer !== undefined) {
      // a client gone gets an answer it will not read (499, nginx's "client closed request":
      // a rejection would be logged by the runtime as the app's error); an app that closed
      // the connection itself is told by a rejection
      if (this._socket?._byClient) answer.resolve(new Response(null, { status: 499 }));
      else answer.reject(new Error('webfw: the app closed the connection without answering'));
    }
    // a body the app was streaming is cut for the client (not when the client went away: the
    // runtime has cancelled it, and an error would only be logged)
    const body = this._body;
    if (body !== undefined && !this._socket?._byClient) {
      try {
        body.error(abortedError());
      } catch {
        // (already closed or cancelled)
      }
    }
    const held = this._held;
    if (held !== undefined) {
      this._held = undefined;
      const err = abortedError();
      for (const callback of held) callback(err);
    }
    const req = this.req;
    if (!req.destroyed) req.destroy(abortedError());
    emitClose(this);
  }

  // ---- the connection

  assignSocket(socket: FetchConnection): void {
    socket._httpMessage = this;
    this._socket = socket;
    this.emit('socket', socket);
  }

  detachSocket(socket: FetchConnection): void {
    socket._httpMessage = null;
    this._socket = null;
  }

  /** node's: a 'timeout' listener kept; the runtime owns the connection's timeouts. */
  setTimeout(msecs: number, callback?: () => void): this {
    if (callback) this.on('timeout', callback);
    this._socket?.setTimeout(msecs);
    return this;
  }

  cork(): void {
    this._corked++;
  }

  uncork(): void {
    if (this._corked > 0) this._corked--;
  }

  /** Closes the connection under the response (node's `destroy`): the client sees it cut. */
  destroy(err?: Error): this {
    if (this.destroyed) return this;
    this.destroyed = true;
    this.errored = err ?? null;
    this._socket?.destroy(err);
    return this;
  }

  /** A response cannot be piped from (node's `ERR_STREAM_CANNOT_PIPE`). */
  override pipe<T extends NodeJS.WritableStream>(destination: T): T {
    this.emit('error', nodeError(new Error('Cannot pipe, not readable'), 'ERR_STREAM_CANNOT_PIPE'));
    return destination;
  }
}

const EMPTY = new Uint8Array(0);

/** Adds a header to what the `Response` is made with (a value of a name already there is joined to it, as `Headers` does). */
function addHeader(headers: Record<string, string> | [string, string][], key: string, value: string): Record<string, string> | [string, string][] {
  if (Array.isArray(headers)) headers.push([key, value]);
  else {
    const old = headers[key];
    headers[key] = old === undefined ? value : `${old}, ${value}`;
  }
  return headers;
}

/** Headers as `[name, value]` pairs (so that Set-Cookie values stay apart). */
function pairsOf(headers: Record<string, string> | [string, string][]): [string, string][] {
  return Array.isArray(headers) ? headers : Object.entries(headers);
}

/** `text` as bytes in `encoding` (UTF-8 by default). */
function bytesOf(text: string | Uint8Array, encoding?: BufferEncoding): Uint8Array {
  return typeof text === 'string' ? Buffer.from(text, encoding ?? 'utf8') : text;
}

/**
 * 'finish', then what node's server does after a response: what nobody read of the request
 * is read off (its body is not fetched any further), the connection is released, and 'close'
 * follows.
 */
function finish(res: FetchResponse): void {
  res.emit('prefinish');
  res.emit('finish');
  const req = res.req as IncomingMessage & { _consuming?: boolean; _readableState?: { resumeScheduled?: boolean }; _dump?: () => void };
  if (!req._consuming && !req._readableState?.resumeScheduled) {
    const socket = res._socket;
    socket?.stopBody();
    if (typeof req._dump === 'function') req._dump();
    else req.resume();
  }
  const socket = res._socket;
  if (socket !== null) {
    socket.released();
    res.detachSocket(socket);
  }
  // (in the same tick: node's server emits it on the next one, before the request's end on
  // Node 20 to 24 as here; nothing can tell the two apart but a tick scheduled in between)
  emitClose(res);
}

const own = FetchResponse.prototype;

/**
 * Whether `res` is a fetch handler's response that `sendFetch` may answer: its head not
 * made, its `setHeader` and `writeHead` its own (no hook such as on-headers), and none of the
 * headers `sendFetch` writes (Content-Type, Content-Length, ETag) set yet: express's steps
 * would then store the same values in the same order.
 */
export function isPlainFetchResponse(res: object): res is FetchResponse {
  if (!(res instanceof FetchResponse) || res._header !== null || res.writeHead !== own.writeHead || res.setHeader !== own.setHeader) return false;
  const store = res._store;
  return store === null || (indexOf(store, 'content-type') === -1 && indexOf(store, 'content-length') === -1 && indexOf(store, 'etag') === -1);
}

/**
 * Sends a complete response on a plain fetch response (`isPlainFetchResponse`) with its
 * status code: Content-Type `type`, Content-Length `length` and the ETag when given, put in
 * the store directly (webfw's own values, valid), then `body` through `res.end`.
 */
export function sendFetch(res: FetchResponse, type: string, body: string | Buffer, length: number, etag: string | undefined): void {
  const store = (res._store ??= []);
  store.push('content-type', 'Content-Type', type, 'content-length', 'Content-Length', String(length));
  if (etag !== undefined) store.push('etag', 'ETag', etag);
  if (typeof body === 'string') res.end(body, 'utf8');
  else res.end(body);
}
