/**
 * Shared by the differential tests: morgan (current 1.x) and @webfw/logger run the same
 * formats and options on servers of their own, get the same requests (raw bytes, so hostile
 * headers reach them as a client sends them), and their lines are compared once the values
 * that depend on the moment are masked.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import net from 'node:net';
import logger from '@webfw/logger';
import { close, rawRequest } from '@webfw/test-support';
import { LineCapture, serve, type Middleware } from './helpers';

/** A token function as both libraries take it. */
export type AnyToken = (req: IncomingMessage, res: ServerResponse, arg?: string) => unknown;

/** What the tests use of a logger library: the factory and its registry functions. */
export interface LoggerLibrary {
  (format?: unknown, options?: unknown): Middleware;
  token(name: string, fn: AnyToken): unknown;
  format(name: string, format: unknown): unknown;
  compile(format: string): (tokens: unknown, req: IncomingMessage, res: ServerResponse) => unknown;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const morgan = require('morgan') as LoggerLibrary;
export const webfw = logger as unknown as LoggerLibrary;

/** A request as bytes: request line, Host, the given header lines, `Connection: close`. */
export function rawGet(target: string, headers: (string | Buffer)[] = [], version = '1.1', method = 'GET'): Buffer {
  const parts: Buffer[] = [Buffer.from(`${method} ${target} HTTP/${version}\r\nHost: x\r\n`, 'latin1')];
  for (const header of headers) parts.push(typeof header === 'string' ? Buffer.from(header, 'latin1') : header, Buffer.from('\r\n'));
  parts.push(Buffer.from('Connection: close\r\n\r\n'));
  return Buffer.concat(parts);
}

/** An `Authorization: Basic` header line for `user:password` (UTF-8). */
export function basic(user: string, password = 'pw'): string {
  return `Authorization: Basic ${Buffer.from(`${user}:${password}`, 'utf8').toString('base64')}`;
}

/** Every C0 control and DEL; every C1 control. */
export const C0 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).join('') + '\x7f';
export const C1 = Array.from({ length: 32 }, (_, i) => String.fromCharCode(0x80 + i)).join('');

/**
 * Placed before the logger on both servers: for a request with `X-Tamper`, sets the values a
 * client cannot send directly (C0 controls, line separators) the way a middleware could.
 */
export const tamper: Middleware = (req, _res, next) => {
  if (req.headers['x-tamper']) {
    req.headers['x-c0'] = C0;
    req.headers['x-c1'] = C1;
    req.headers['x-sep'] = 'a\u2028b\u2029c';
    req.headers['user-agent'] = 'ua\r\n127.0.0.1 - - [01/Jan/2000:00:00:00 +0000] "GET /forged HTTP/1.1" 200 0';
    req.headers.referer = '\x1b[31mred\x1b[0m';
    (req as IncomingMessage & { ip?: string }).ip = '10.0.0.1"\n';
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = '/orig"\\\u2028';
  }
  next();
};

/** The handler of both servers: response headers and statuses picked by the path. */
export const handler: RequestListener = (req, res) => {
  const url = req.url ?? '';
  if (url === '/res') {
    res.setHeader('X-Echo', 'a"b\\c\u0085\u00ff');
    res.setHeader('Set-Cookie', ['a="1"', 'b=\\2']);
    res.setHeader('Content-Length', 2);
    res.end('ok');
  } else if (url === '/zero') {
    res.setHeader('Content-Length', 0);
    res.end();
  } else if (url === '/wh-object') {
    res.writeHead(201, { 'X-W': 'w"1', 'Content-Length': '2' });
    res.end('ok');
  } else if (url === '/wh-array') {
    res.writeHead(202, ['X-W', 'w\\2', 'Content-Length', '2']);
    res.end('ok');
  } else if (url === '/hang') {
    // never answers: the client goes away
  } else {
    const status = /^\/s\/(\d{3})$/.exec(url);
    if (status) res.statusCode = Number(status[1]);
    res.end(status ? undefined : 'hello');
  }
};

/** Requests with hostile and ordinary values: every one is valid HTTP, so each gets a line. */
export const REQUESTS: Buffer[] = [
  rawGet('/plain?q=1', ['User-Agent: curl/8.5.0', 'Referer: http://ref.example/']),
  rawGet('/forged', ['User-Agent: x" 200 1 "-" "forged']),
  rawGet('/backslash', ['User-Agent: a\\b\\\\c', 'Referer: http://x/"\\']),
  rawGet('/a"b\\c?d="e"'),
  rawGet('/bytes', [
    Buffer.concat([
      Buffer.from('User-Agent: c1'),
      Buffer.from([0x80, 0x85, 0x9b, 0x9f, 0xa0, 0xff]),
      Buffer.from('|utf8-2028'),
      Buffer.from([0xe2, 0x80, 0xa8]),
    ]),
    Buffer.concat([Buffer.from('X-Bytes: bad-utf8'), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf0, 0x9f])]),
  ]),
  rawGet('/tab', ['User-Agent: a\tb', 'X-Multi: 1', 'X-Multi: "2"', 'X-Tab: x\ty']),
  rawGet('/user-quote', [basic('a"b\\c')]),
  rawGet('/user-newline', [basic('evil\n127.0.0.1 - admin')]),
  rawGet('/user-separators', [basic('sep\u2028x\u2029y\u0085z\x1b[31m')]),
  rawGet('/user-empty', [basic('')]),
  rawGet('/password-newline', [basic('tobi', 'pass\nword')]),
  rawGet('/password-separator', [basic('tobi', 'pass\u2029word')]),
  rawGet('/password-cr', [basic('tobi', 'pass\rword')]),
  rawGet('/no-colon', [`Authorization: Basic ${Buffer.from('justname').toString('base64')}`]),
  rawGet('/referrer', ['Referrer: http://r"2/']),
  rawGet('/old', [], '1.0'),
  rawGet('/tampered', ['X-Tamper: 1']),
  rawGet('/res'),
  rawGet('/zero'),
  rawGet('/wh-object'),
  rawGet('/wh-array'),
  rawGet('/s/201'),
  rawGet('/s/302'),
  rawGet('/s/304'),
  rawGet('/s/404'),
  rawGet('/s/500'),
  rawGet('/s/101'),
  rawGet('/post', ['Content-Length: 3'], '1.1', 'POST'),
];

/**
 * Masks what depends on the moment: dates (clf, iso, web) and times written as `... ms`,
 * `rt=...` or `tt=...`; a time keeps its number of decimals, so `[digits]` is compared.
 */
export function mask(line: string): string {
  return line
    .replace(/\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000/g, '<clf>')
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<iso>')
    .replace(/[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT/g, '<web>')
    .replace(/\b\d+(?:\.(\d+))? ms\b/g, (_m, decimals: string | undefined) => `<n.${decimals?.length ?? 0}> ms`)
    .replace(/\b(rt|tt|rt3)=\d+(?:\.(\d+))?/g, (_m, name: string, decimals: string | undefined) => `${name}=<n.${decimals?.length ?? 0}>`);
}

/** Waits until `stream` has at least `min` lines and no new one came for a moment. */
export async function settle(stream: LineCapture, min = 0): Promise<void> {
  if (min > 0) await stream.waitFor(min);
  let count = -1;
  for (let i = 0; i < 100 && count !== stream.lines.length; i++) {
    count = stream.lines.length;
    await new Promise((r) => setTimeout(r, 40));
  }
}

/** Sends a request the handler never answers and goes away once the server has it. */
export function abandonedRequest(port: number): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /hang HTTP/1.1\r\nHost: x\r\nUser-Agent: leaver\r\n\r\n'));
    setTimeout(() => {
      socket.destroy();
      resolve();
    }, 60);
  });
}

/** What one library wrote for a run: lines and write chunks, masked. */
export interface Output {
  lines: string[];
  chunks: string[];
}

/**
 * Runs the middleware `make` builds for `library` and a capture stream, on a server of its
 * own (after `tamper`), sends `requests` one after the other (an `'abandon'` entry sends a
 * request the server never answers; an array is sent all at once), and returns what it
 * wrote, masked, once at least `min` lines came and no more come.
 */
export async function outputWith(
  library: LoggerLibrary,
  make: (library: LoggerLibrary, stream: LineCapture) => Middleware,
  requests: (Buffer | 'abandon' | Buffer[])[],
  min = 0,
): Promise<Output> {
  const stream = new LineCapture();
  const { server, port } = await serve([tamper, make(library, stream)], handler);
  try {
    for (const request of requests) {
      if (request === 'abandon') await abandonedRequest(port);
      else if (Array.isArray(request)) await Promise.all(request.map((bytes) => rawRequest(port, bytes)));
      else await rawRequest(port, request);
    }
    await settle(stream, min);
  } finally {
    await close(server);
  }
  return { lines: stream.lines.map(mask), chunks: stream.chunks.map(mask) };
}

/** `outputWith` for `library(format, { ...options, stream })`. */
export function outputOf(library: LoggerLibrary, format: unknown, options: object, requests: (Buffer | 'abandon' | Buffer[])[]): Promise<Output> {
  return outputWith(library, (lib, stream) => lib(format, { ...options, stream }), requests);
}
