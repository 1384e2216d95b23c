import type { LogStream } from './types';

/**
 * How a logger's lines reach its stream. Every logger writing to the same stream shares one
 * sink (except with the deprecated `buffer` option), so lines keep the order in which they
 * were made.
 */
export interface Sink {
  /** Hands over one line (with its newline); it may wait for the end of the event-loop turn. */
  push(line: string): void;
  /**
   * Hands over one line at once: `stream.write` has been called when this returns (with any
   * lines still waiting before it, in order), so the line is out even if the process dies
   * right after. An object is written as it is (object-mode streams).
   */
  pushNow(line: string | object): void;
}

/**
 * A Node byte stream: chunk boundaries mean nothing to its reader, so lines can be joined.
 * Told by node's `_write` (and `writableObjectMode`); any other stream gets each line as its
 * own write. Checked on Node 20.20, 22.23, 24.21 and 26.12 (logger.batching.test.ts, run on
 * each by tooling/scripts/node-matrix.mjs).
 */
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

  pushNow(line: string | object): void {
    if (this.pending === '') {
      this.stream.write(line as string);
      return;
    }
    this.pending += line as string;
    this.flush();
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

  pushNow(line: string | object): void {
    this.stream.write(line as string);
  }
}

/**
 * The deprecated `buffer` option, as morgan has it: one logger's lines are collected, the
 * first starts a timer of `interval` ms, and when it fires they are written in one `write`.
 * Unlike morgan, lines still waiting are also written when the process exits.
 */
class BufferSink implements Sink {
  private lines: string[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly flushNow = (): void => this.flush();
  constructor(
    readonly stream: LogStream,
    readonly interval: number,
  ) {}

  push(line: string): void {
    if (this.timer === null) {
      this.timer = setTimeout(this.flushNow, this.interval);
      buffers.add(this);
    }
    this.lines.push(line);
  }

  pushNow(line: string | object): void {
    this.push(line as string);
  }

  /** Writes the collected lines in one `write`. */
  flush(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    buffers.delete(this);
    const text = this.lines.join('');
    this.lines.length = 0;
    this.stream.write(text);
  }
}

const sinks = new WeakMap<LogStream, Sink>();
const queue: BatchingSink[] = [];
/** Buffer sinks holding lines, to write at exit. */
const buffers = new Set<BufferSink>();
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

/** Writes every line still waiting when the process exits (`process.exit()`, uncaught exception, end of work). */
function hookExit(): void {
  if (exitHooked) return;
  exitHooked = true;
  process.on('exit', () => {
    for (const sink of [...buffers]) sink.flush();
    flushAll();
  });
}

/**
 * Writes every batching sink's pending lines. Runs once per event-loop turn that made lines,
 * and on process exit. A stream whose `write` throws does not stop the others; the first
 * error is thrown afterwards, as an unbatched `write` would have thrown it.
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
 * output, files, sockets) get the lines pushed during one event-loop turn joined into one
 * `write`, flushed with `setImmediate` and before the process exits, and lines pushed "now"
 * written at once (with those pending); any other object with a `write` method
 * (object-mode streams, adapters handing each line to another logger) gets one `write` per
 * line, as it is made.
 */
export function sinkFor(stream: LogStream): Sink {
  let sink = sinks.get(stream);
  if (sink === undefined) {
    sink = isByteStream(stream) ? new BatchingSink(stream) : new DirectSink(stream);
    sinks.set(stream, sink);
    if (sink instanceof BatchingSink) hookExit();
  }
  return sink;
}

/**
 * A sink of its own for one logger with the deprecated `buffer` option: its lines are
 * written together `interval` ms after the first of them (see `BufferSink`).
 */
export function bufferSink(stream: LogStream, interval: number): Sink {
  hookExit();
  return new BufferSink(stream, interval);
}
