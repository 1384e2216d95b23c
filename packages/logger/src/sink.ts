import type { LogStream } from './types';

/**
 * Where a stream's lines wait to be written. Every logger writing to the same stream shares
 * one sink, so lines keep the order in which they were made.
 */
export interface Sink {
  /** Appends one line (with its newline) for the stream. */
  push(line: string): void;
}

/** A Node byte stream: chunk boundaries mean nothing to its reader, so lines can be joined. */
function isByteStream(stream: LogStream): boolean {
  const s = stream as { _write?: unknown; writableObjectMode?: unknown };
  return typeof s._write === 'function' && s.writableObjectMode !== true;
}

/** Above this many characters, a sink writes its lines at once instead of at the turn's end. */
const MAX_PENDING = 64 * 1024;

/** Lines joined for one `write` at the end of the event-loop turn. */
class BatchingSink implements Sink {
  pending = '';
  queued = false;
  constructor(readonly stream: LogStream) {}

  push(line: string): void {
    this.pending += line;
    if (!this.queued) enqueue(this);
    else if (this.pending.length > MAX_PENDING) this.flush();
  }

  /** Writes the pending lines, if any, in one `write`. */
  flush(): void {
    const text = this.pending;
    if (text === '') return;
    this.pending = '';
    this.stream.write(text);
  }
}

/** One `write` per line, as it is made: for streams that may treat each write as a record. */
class DirectSink implements Sink {
  constructor(readonly stream: LogStream) {}

  push(line: string): void {
    this.stream.write(line);
  }
}

const sinks = new WeakMap<LogStream, Sink>();
const queue: BatchingSink[] = [];
let scheduled = false;
let exitHooked = false;

function enqueue(sink: BatchingSink): void {
  sink.queued = true;
  queue.push(sink);
  if (!scheduled) {
    scheduled = true;
    setImmediate(flushAll);
  }
}

/**
 * Writes every sink's pending lines. Runs once per event-loop turn that made lines, and on
 * process exit. A stream whose `write` throws does not stop the others; the first error is
 * thrown afterwards, as an unbatched `write` would have thrown it.
 */
export function flushAll(): void {
  scheduled = false;
  let failed = false;
  let error: unknown;
  for (let i = 0; i < queue.length; i++) {
    const sink = queue[i]!;
    sink.queued = false;
    try {
      sink.flush();
    } catch (err) {
      if (!failed) error = err;
      failed = true;
    }
  }
  queue.length = 0;
  if (failed) throw error;
}

/**
 * The sink of `stream`, shared by every logger writing to it. Node byte streams (standard
 * output, files, sockets) get the lines of one event-loop turn joined into one `write`,
 * flushed with `setImmediate` and before the process exits; any other object with a `write`
 * method (object-mode streams, adapters handing each line to another logger) gets one
 * `write` per line, as it is made.
 */
export function sinkFor(stream: LogStream): Sink {
  let sink = sinks.get(stream);
  if (sink === undefined) {
    sink = isByteStream(stream) ? new BatchingSink(stream) : new DirectSink(stream);
    sinks.set(stream, sink);
    if (!exitHooked && sink instanceof BatchingSink) {
      exitHooked = true;
      process.on('exit', flushAll);
    }
  }
  return sink;
}
