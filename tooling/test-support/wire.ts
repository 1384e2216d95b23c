/**
 * Raw HTTP/1.x over a plain TCP socket, for what a client library will not send (no Host,
 * odd targets, bytes as given, bodies cut short) and for reading responses byte for byte.
 */
import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { portOf } from './server';

/** Where to connect: a listening server, or a port on 127.0.0.1. */
export type Target = Server | number;

function open(target: Target): Socket {
  return connect(typeof target === 'number' ? target : portOf(target), '127.0.0.1');
}

/** A parsed response: status code, lower-cased headers (a repeated header keeps the last line) and body bytes. */
export interface ParsedResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Splits the bytes of one response at the end of its head: the status code of the status
 * line, the header lines as lower-cased names, and the bytes after the head as the body
 * (framing, if any, included).
 */
export function parseResponse(raw: Buffer): ParsedResponse {
  const split = raw.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = raw.subarray(0, split).toString('latin1').split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status, headers, body: raw.subarray(split + 4) };
}

/** The offset just past a chunked body starting at `at` in `text`, or -1 while it is incomplete. */
function chunkedEnd(text: string, at: number): number {
  for (;;) {
    const lineEnd = text.indexOf('\r\n', at);
    if (lineEnd === -1) return -1;
    const size = parseInt(text.slice(at, lineEnd), 16);
    if (Number.isNaN(size)) return -1;
    if (size === 0) {
      const end = text.indexOf('\r\n\r\n', lineEnd);
      return end === -1 ? -1 : end + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (text.length < at) return -1;
  }
}

/**
 * How many complete HTTP responses `text` (read as latin1, one char per byte) holds: a head
 * followed by its body, framed by Content-Length or by chunked transfer coding (neither counts
 * as an empty body: enough for servers that always frame, not for bodies ended by close or
 * answers to HEAD).
 */
export function completeResponses(text: string): number {
  let count = 0;
  let at = 0;
  for (;;) {
    const headEnd = text.indexOf('\r\n\r\n', at);
    if (headEnd === -1) return count;
    const head = text.slice(at, headEnd);
    let end: number;
    if (/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) {
      end = chunkedEnd(text, headEnd + 4);
      if (end === -1) return count;
    } else {
      const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(head);
      end = headEnd + 4 + (length ? Number(length[1]) : 0);
      if (text.length < end) return count;
    }
    count++;
    at = end;
  }
}

/** Options of {@link rawBytes}. */
export interface RawOptions {
  /** How a string request is encoded (default `utf8`; `latin1` writes one byte per char). */
  encoding?: 'utf8' | 'latin1';
  /** Resolve as soon as this many complete responses arrived (see {@link completeResponses}) instead of when the server ends the connection. */
  responses?: number;
  /** Reject when nothing settled the exchange within this time (default: no limit but the test's). */
  timeoutMs?: number;
}

/**
 * Writes `request` (bytes as given; the socket is not half-closed, since node:http drops a
 * response still in progress when its client half-closes) on a fresh connection and resolves
 * with every byte the server sent once it ended the connection, or once `responses` complete
 * responses arrived. A connection error resolves with what arrived, or rejects if nothing did.
 */
export function rawBytes(target: Target, request: string | Uint8Array, options: RawOptions = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = open(target);
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const settle = (err?: Error): void => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err !== undefined) reject(err);
      else resolve(Buffer.concat(chunks));
    };
    if (options.timeoutMs !== undefined) {
      socket.setTimeout(options.timeoutMs, () => settle(new Error(`no complete response within ${options.timeoutMs} ms`)));
    }
    socket.on('connect', () => {
      if (typeof request === 'string') socket.write(request, options.encoding ?? 'utf8');
      else socket.write(request);
    });
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      received += chunk.length;
      if (options.responses !== undefined && completeResponses(Buffer.concat(chunks).toString('latin1')) >= options.responses) settle();
    });
    socket.on('end', () => settle());
    socket.on('close', () => settle());
    socket.on('error', (err) => settle(received > 0 ? undefined : err));
  });
}

/** {@link rawBytes}, decoded as UTF-8 text. */
export async function rawRequest(target: Target, request: string | Uint8Array, options: RawOptions = {}): Promise<string> {
  return (await rawBytes(target, request, options)).toString('utf8');
}

/** Options of {@link rawExchange}. */
export interface ExchangeOptions {
  /** After the last chunk (and the awaited responses): `end` half-closes, `destroy` closes at once, `keep` closes once the responses arrived. */
  end?: 'end' | 'destroy' | 'keep';
  /** Pause between chunks, so the server reads them as separate arrivals (default 20 ms). */
  gapMs?: number;
  /** Complete responses to wait for before closing (default 1 with `keep`, else 0). */
  responses?: number;
  /** Longest wait for those responses (default 10 s). */
  timeoutMs?: number;
}

/**
 * Opens a raw TCP connection and writes each of `chunks`, `gapMs` apart; resolves with
 * everything the server sent back (latin1, one char per byte) once the connection is closed.
 *
 * After the last chunk the client, when `responses` is set, first waits for that many complete
 * responses (or for the server to close, or `timeoutMs`), then ends as `end` says. Waiting
 * matters: node:http ends the connection as soon as the client half-closes
 * (`httpAllowHalfOpen` is off), so any response not written by then is lost and a slow server
 * would look like it answered nothing.
 */
export function rawExchange(target: Target, chunks: Array<string | Buffer>, opts: ExchangeOptions = {}): Promise<string> {
  const mode = opts.end ?? 'end';
  const wanted = opts.responses ?? (mode === 'keep' ? 1 : 0);
  return new Promise((resolve) => {
    const socket = open(target);
    let received = '';
    let done = false;
    let answered: (() => void) | null = null;
    const finish = (): void => {
      if (done) return;
      done = true;
      answered?.();
      resolve(received);
    };
    socket.on('data', (d: Buffer) => {
      received += d.toString('latin1');
      if (answered !== null && completeResponses(received) >= wanted) answered();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.on('connect', async () => {
      for (const c of chunks) {
        if (socket.destroyed) break;
        socket.write(c);
        await new Promise((r) => setTimeout(r, opts.gapMs ?? 20));
      }
      if (wanted > 0 && !done && completeResponses(received) < wanted) {
        await new Promise<void>((r) => {
          const timer = setTimeout(r, opts.timeoutMs ?? 10_000);
          answered = () => {
            clearTimeout(timer);
            answered = null;
            r();
          };
        });
      }
      if (socket.destroyed) return;
      if (mode === 'end') socket.end();
      else socket.destroy();
    });
  });
}
