import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import type { BodyParserMiddleware } from '@webfw/body-parser';

type Step = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Own and inherited properties an error response shows, Buffers as `{ buffer: '<hex>' }`. */
export function describeError(err: unknown): Record<string, unknown> {
  const e = err as Record<string, unknown> & Error;
  const out: Record<string, unknown> = {
    name: e.name,
    message: e.message,
    status: e.status,
    statusCode: e.statusCode,
    expose: e.expose,
  };
  for (const key of Object.getOwnPropertyNames(e)) {
    if (key === 'stack' || key in out) continue;
    const value = e[key];
    out[key] = Buffer.isBuffer(value) ? { buffer: value.toString('hex') } : value;
  }
  return out;
}

/** What the test server answers after the middlewares: the parsed body and how it looks. */
export function describeBody(req: IncomingMessage): Record<string, unknown> {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  return {
    has: 'body' in req,
    kind: body === undefined ? 'undefined' : Buffer.isBuffer(body) ? 'buffer' : Array.isArray(body) ? 'array' : typeof body,
    body: Buffer.isBuffer(body) ? body.toString('hex') : body === undefined ? null : body,
  };
}

export interface TestServer {
  server: http.Server;
  port: number;
  /** Errors that reached the final handler, in order (also those whose response was lost). */
  errors: unknown[];
  /** Resolves with the next error to reach the final handler. */
  nextError(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A bare `node:http` server that runs `steps` (middlewares) in order. Errors answer with their
 * `status` and a JSON description ({@link describeError}); success answers 200 with
 * {@link describeBody}. Both responses are `application/json`.
 */
export async function serve(...steps: Array<BodyParserMiddleware | Step>): Promise<TestServer> {
  const errors: unknown[] = [];
  const waiters: Array<(err: unknown) => void> = [];
  const server = http.createServer((req, res) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        errors.push(err);
        for (const w of waiters.splice(0)) w(err);
        const status = (err as { status?: number }).status ?? 500;
        const payload = JSON.stringify({ error: describeError(err) });
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
          res.end(payload);
        }
        return;
      }
      const step = steps[i++];
      if (step) {
        step(req, res, next);
        return;
      }
      const payload = JSON.stringify(describeBody(req));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
      res.end(payload);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    server,
    port,
    errors,
    nextError: () => new Promise((resolve) => waiters.push(resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: Record<string, unknown>;
}

/** Sends one request with `http.request` (exact headers and bytes, no client-side magic). */
export function send(
  port: number,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer | string; path?: string },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: options.method ?? 'POST', path: options.path ?? '/', headers: options.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Record<string, unknown> = {};
          try {
            json = JSON.parse(text) as Record<string, unknown>;
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Posts `body` with the given Content-Type (and Content-Length) and resolves with the response. */
export function post(port: number, contentType: string | undefined, body: Buffer | string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const h: Record<string, string | number> = { ...headers, 'Content-Length': Buffer.byteLength(body) };
  if (contentType !== undefined) h['Content-Type'] = contentType;
  return send(port, { headers: h, body });
}

/**
 * How many complete HTTP responses `text` (read as latin1, one char per byte) holds: a head
 * followed by its Content-Length bytes of body (no Content-Length counts as an empty body; the
 * test servers always send one).
 */
export function completeResponses(text: string): number {
  let count = 0;
  let at = 0;
  for (;;) {
    const headEnd = text.indexOf('\r\n\r\n', at);
    if (headEnd === -1) return count;
    const length = /\r\ncontent-length:[ \t]*(\d+)/i.exec(text.slice(at, headEnd));
    const end = headEnd + 4 + (length ? Number(length[1]) : 0);
    if (text.length < end) return count;
    count++;
    at = end;
  }
}

/**
 * Opens a raw TCP connection and writes each of `chunks`, `gapMs` apart; resolves with everything
 * the server sent back once the connection is closed.
 *
 * After the last chunk the client, when `responses` is set, first waits for that many complete
 * responses (or for the server to close, or `timeoutMs`), then: `end` half-closes, `destroy`
 * closes at once, `keep` (the request is left unfinished) closes once the responses arrived.
 * Waiting matters: node:http ends the connection as soon as the client half-closes
 * (`httpAllowHalfOpen` is off), so any response not written by then is lost and a slow server
 * would look like it answered nothing.
 */
export function rawExchange(
  port: number,
  chunks: Array<string | Buffer>,
  opts: { end?: 'end' | 'destroy' | 'keep'; gapMs?: number; responses?: number; timeoutMs?: number } = {},
): Promise<string> {
  const mode = opts.end ?? 'end';
  const wanted = opts.responses ?? (mode === 'keep' ? 1 : 0);
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
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

/** The request head of a POST with the given headers, ready for {@link rawExchange}. */
export function head(headers: Record<string, string | number>): string {
  let text = 'POST / HTTP/1.1\r\nHost: localhost\r\n';
  for (const [k, v] of Object.entries(headers)) text += `${k}: ${v}\r\n`;
  return `${text}\r\n`;
}
