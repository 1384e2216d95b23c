/**
 * The response the app writes when it answers through `app.fetch` (handler.ts): node's
 * `ServerResponse` API, handing what the app produces straight to a web `Response`, with no
 * HTTP/1.1 in between.
 *
 * Everything middleware uses of node's response is here (the status and the header store in
 * head.ts, the `Response` made in answer.ts), with node's behaviour and errors:
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
import type { IncomingMessage } from 'node:http';
import type { FetchConnection } from './connection';
import { bytesOf, emitClose, finish, HIGH_WATER_MARK, sendHead } from './answer';
import { FetchHead, indexOf, nodeError } from './head';
import { HEADER_STATE } from '../utils/symbols';

export { HIGH_WATER_MARK };

/** How the answer reaches the caller of `app.fetch`: its promise's resolve and reject. */
export interface Answer {
  resolve(response: Response): void;
  reject(err: unknown): void;
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

/** Node's response API over a web `Response` (see the file comment); its head is `FetchHead`'s. */
export class FetchResponse extends FetchHead {
  declare req: IncomingMessage;
  declare finished: boolean;
  declare destroyed: boolean;
  declare writable: boolean;
  declare errored: Error | null;
  declare chunkedEncoding: boolean;
  declare useChunkedEncodingByDefault: boolean;
  declare shouldKeepAlive: boolean;
  declare strictContentLength: boolean;
  declare _headerSent: boolean;
  declare _closed: boolean;
  declare _socket: FetchConnection | null;
  declare _corked: number;
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

  /** Sends the head now: the body that follows is streamed. */
  flushHeaders(): void {
    if (this._header === null) this._implicitHeader();
    if (!this._headOut && !this.destroyed) sendHead(this, undefined, true);
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
    if (!this._headOut) sendHead(this, undefined, true);
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
    if (!this._headOut) sendHead(this, this._hasBody ? bytes : undefined, false, encoding);
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
