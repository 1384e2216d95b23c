import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync } from 'node:fs';
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import logger from '@webfw/logger';
import type { FormatFunction, LoggerOptions } from '@webfw/logger';
import { close, listen, portOf, until } from '@webfw/test-support';

/** A stream that keeps every line written to it and lets a test wait for the next ones. */
export class LineCapture extends Writable {
  lines: string[] = [];
  chunks: string[] = [];

  override _write(chunk: Buffer, _enc: BufferEncoding, cb: () => void): void {
    const text = chunk.toString();
    this.chunks.push(text);
    for (const line of text.split('\n').slice(0, -1)) this.lines.push(line);
    this.emit('written');
    cb();
  }

  /** Resolves with all lines once at least `count` have been written; rejects after `timeoutMs`. */
  async waitFor(count = 1, timeoutMs = 3000): Promise<string[]> {
    await until(
      this,
      'written',
      () => this.lines.length >= count,
      timeoutMs,
      () => `expected ${count} log lines, got ${this.lines.length}: ${JSON.stringify(this.lines)}`,
    );
    return this.lines;
  }
}

export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Starts a `node:http` server on a free port that runs `middlewares` in order, then `handler`.
 * Returns the server and its base URL; close it with test-support's `close`.
 */
export async function serve(
  middlewares: Middleware[],
  handler: RequestListener = (_req, res) => res.end('hello'),
): Promise<{ server: http.Server; url: string; port: number }> {
  const server = http.createServer((req, res) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        res.statusCode = 500;
        res.end(String(err));
        return;
      }
      const mw = middlewares[i++];
      if (mw) mw(req, res, next);
      else handler(req, res);
    };
    next();
  });
  await listen(server);
  const port = portOf(server);
  return { server, url: `http://127.0.0.1:${port}`, port };
}

/** What a test does with a served app: its requests, given the server and its port. */
export type Exchange<T = unknown> = (server: http.Server, port: number) => Promise<T>;

/**
 * Serves `middlewares` (then `handler`, the default of `serve` when none is given), runs
 * `exchange` against the server and closes it afterwards, whether `exchange` resolved or threw;
 * resolves with what `exchange` resolved with.
 */
export async function withServed<T>(middlewares: Middleware[], exchange: Exchange<T>): Promise<T>;
export async function withServed<T>(middlewares: Middleware[], handler: RequestListener, exchange: Exchange<T>): Promise<T>;
export async function withServed<T>(middlewares: Middleware[], ...rest: [Exchange<T>] | [RequestListener, Exchange<T>]): Promise<T> {
  const [handler, exchange] = rest.length === 1 ? [undefined, rest[0]] : rest;
  const { server, port } = await serve(middlewares, handler);
  try {
    return await exchange(server, port);
  } finally {
    await close(server);
  }
}

/** An exchange of one GET of `path` (with the request headers `headers`) answered with `status`. */
export function get(path: string, status = 200, headers: Record<string, string> = {}): Exchange {
  return (server) => request(server).get(path).set(headers).expect(status);
}

/** How `logged` builds its app around the logger. */
export interface LogSetup {
  /** The logger's options besides `stream`. */
  options?: Omit<LoggerOptions, 'stream'>;
  /** Middlewares that run before the logger. */
  before?: Middleware[];
  /** Middlewares that run after the logger, before the handler. */
  after?: Middleware[];
  /** The handler after the logger; `serve`'s default (200 `hello`) when none is given. */
  handler?: RequestListener;
  /** How many lines to wait for; 1 by default. */
  count?: number;
}

/**
 * Serves `logger(format, { ...options, stream })` (between `before` and `after`, in front of `handler`),
 * makes the requests of `exchange` (which also gets the capture stream, to wait for lines
 * between requests), waits for `count` lines and returns the capture stream: the lines and
 * the write chunks the logger made.
 */
export async function logged(
  format: string | FormatFunction,
  exchange: (server: http.Server, port: number, stream: LineCapture) => Promise<unknown>,
  setup: LogSetup = {},
): Promise<LineCapture> {
  const { options = {}, before = [], after = [], handler, count = 1 } = setup;
  const stream = new LineCapture();
  const middlewares = [...before, logger(format, { ...options, stream }) as Middleware, ...after];
  const run: Exchange = async (server, port) => {
    await exchange(server, port, stream);
    await stream.waitFor(count);
  };
  await (handler ? withServed(middlewares, handler, run) : withServed(middlewares, run));
  return stream;
}

/**
 * Captures what is written to standard output (nothing is printed) until `restore()`;
 * emits `'written'` after each write, so a test can wait for what it expects with `until`.
 */
export class StdoutCapture extends EventEmitter {
  writes: string[] = [];
  private readonly spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    this.writes.push(String(chunk));
    this.emit('written');
    return true;
  });

  /** Resolves once some write satisfies `check`; rejects after `timeoutMs`. */
  waitFor(check: (write: string) => boolean, timeoutMs = 3000): Promise<void> {
    return until(
      this,
      'written',
      () => this.writes.some(check),
      timeoutMs,
      () => `no such write on stdout: ${JSON.stringify(this.writes)}`,
    );
  }

  restore(): void {
    this.spy.mockRestore();
  }
}

/** What a child `node` process printed and how it ended. */
export interface NodeRun {
  stdout: string;
  stderr: string;
  status: number | null;
}

/**
 * Runs plain `node` with `args` (and `env`, this process's by default) inside this package, so
 * `@webfw/logger` resolves through the package's own `exports` map to the BUILT files in dist/
 * (build first: `npx tsup`), and `morgan` to the devDependency.
 */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): NodeRun {
  const packageDir = join(__dirname, '..', '..');
  if (!existsSync(join(packageDir, 'dist', 'index.cjs'))) throw new Error('packages/logger is not built: run `npx tsup` in it first');
  const run = spawnSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8', timeout: 10000, env });
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}
