/**
 * Reading the bytes of a request body that needs no inflating and no decoding by the reader:
 * what raw-body does for such a stream (same checks, same errors with the same properties,
 * same order), with one object and its four listeners per body instead of raw-body's
 * closures and bound callback. The callback runs in the async context of the caller, as
 * raw-body's does, so AsyncLocalStorage stores set before the parser survive it.
 */
import { AsyncResource } from 'node:async_hooks';
import type { Readable } from 'node:stream';
import createError from 'http-errors';

/** Receives the body, or the error that ended the reading. */
export type BodyCallback = (err: (Error & { type?: string }) | null, body?: Buffer) => void;

/**
 * Node's readable state, read (as raw-body reads it) to refuse a stream whose encoding was set;
 * a stream without it is read as it is. Checked on Node 20.20, 22.23, 24.21 and 26.12
 * (parsers.stream-state.test.ts and parsers.stream-errors.test.ts, run on each by
 * tooling/scripts/node-matrix.mjs).
 */
type ReadableWithState = Readable & { _readableState?: { encoding?: unknown; decoder?: unknown }; _decoder?: unknown };

/** One body being read: the listener methods are bound once, on this object. */
class BodyRead {
  private readonly stream: ReadableWithState;
  private readonly length: number | null;
  private readonly limit: number;
  private readonly scope: AsyncResource;
  private readonly callback: BodyCallback;
  private chunks: Buffer[] = [];
  private received = 0;
  private complete = false;
  private readonly onData = (chunk: Buffer): void => this.data(chunk);
  private readonly onEnd = (err?: Error): void => this.end(err);
  private readonly onAborted = (): void => this.aborted();
  private readonly onClose = (): void => this.cleanup();

  constructor(stream: ReadableWithState, length: number | null, limit: number, callback: BodyCallback) {
    this.stream = stream;
    this.length = length;
    this.limit = limit;
    this.callback = callback;
    this.scope = new AsyncResource('webfw.body-parser.read');
  }

  /** Checks the stream and starts listening; errors found here are reported on the next tick. */
  start(): void {
    const stream = this.stream;
    const length = this.length;
    if (length !== null && length > this.limit) {
      this.done(createError(413, 'request entity too large', { expected: length, length, limit: this.limit, type: 'entity.too.large' }), true);
      return;
    }
    const state = stream._readableState;
    if (stream._decoder || (state && (state.encoding || state.decoder))) {
      this.done(createError(500, 'stream encoding should not be set', { type: 'stream.encoding.set' }), true);
      return;
    }
    if (stream.readable === false) {
      this.done(createError(500, 'stream is not readable', { type: 'stream.not.readable' }), true);
      return;
    }
    stream.on('aborted', this.onAborted);
    stream.on('close', this.onClose);
    stream.on('data', this.onData);
    stream.on('end', this.onEnd);
    stream.on('error', this.onEnd);
  }

  private data(chunk: Buffer): void {
    if (this.complete) return;
    this.received += chunk.length;
    if (this.received > this.limit) {
      this.done(createError(413, 'request entity too large', { limit: this.limit, received: this.received, type: 'entity.too.large' }), false);
    } else {
      this.chunks.push(chunk);
    }
  }

  private end(err?: Error): void {
    if (this.complete) return;
    if (err) {
      this.done(err, false);
      return;
    }
    const length = this.length;
    if (length !== null && this.received !== length) {
      this.done(
        createError(400, 'request size did not match content length', { expected: length, length, received: this.received, type: 'request.size.invalid' }),
        false,
      );
      return;
    }
    const chunks = this.chunks;
    // a body that came in one chunk is used as it is
    const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, this.received);
    this.done(null, false, body);
  }

  private aborted(): void {
    if (this.complete) return;
    const length = this.length;
    this.done(createError(400, 'request aborted', { code: 'ECONNABORTED', expected: length, length, received: this.received, type: 'request.aborted' }), false);
  }

  private done(err: Error | null, sync: boolean, body?: Buffer): void {
    this.complete = true;
    if (sync) process.nextTick(finishRead, this, err, body);
    else this.finish(err, body);
  }

  /** Stops listening, halts the stream after an error, and calls back in the caller's context. */
  finish(err: Error | null, body: Buffer | undefined): void {
    this.cleanup();
    if (err) {
      const stream = this.stream;
      stream.unpipe();
      stream.pause();
    }
    this.scope.runInAsyncScope(this.callback, null, err, body);
  }

  private cleanup(): void {
    this.chunks = [];
    const stream = this.stream;
    stream.removeListener('aborted', this.onAborted);
    stream.removeListener('data', this.onData);
    stream.removeListener('end', this.onEnd);
    stream.removeListener('error', this.onEnd);
    stream.removeListener('close', this.onClose);
  }
}

function finishRead(read: BodyRead, err: Error | null, body: Buffer | undefined): void {
  read.finish(err, body);
}

/**
 * Reads `stream` to its end and calls `callback(null, body)`, or `callback(err)` once with
 * raw-body's errors: 413 `entity.too.large` (up front from `length`, or once more than `limit`
 * bytes arrived), 400 `request.size.invalid` when the byte count differs from `length`, 400
 * `request.aborted` when the client went away, 500 `stream.encoding.set` /
 * `stream.not.readable`, or the stream's own error. After an error the stream is unpiped and
 * paused (the caller decides what happens to the rest). `length` is the Content-Length header
 * as received (ignored when not a number).
 */
export function readBody(stream: Readable, length: string | undefined, limit: number, callback: BodyCallback): void {
  const expected = length != null && !Number.isNaN(Number(length)) ? parseInt(length, 10) : null;
  new BodyRead(stream as ReadableWithState, expected, limit, callback).start();
}
