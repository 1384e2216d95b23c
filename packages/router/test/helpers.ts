import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';

/** Anything callable as `(req, res, next)`: a router, or a plain middleware. */
type Dispatcher = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The final handler the tests put behind a router, like a minimal finalhandler: an error
 * answers its `status` (or 500) with `<status> <message>`; no error answers
 * `404 Cannot <METHOD> <path>`.
 */
export function finalHandler(req: IncomingMessage, res: ServerResponse) {
  return (err?: unknown): void => {
    if (res.headersSent) return;
    if (err) {
      const e = err as { status?: number; message?: string };
      res.statusCode = typeof e.status === 'number' ? e.status : 500;
      res.setHeader('Content-Type', 'text/plain');
      res.end(`${res.statusCode} ${e.message ?? String(err)}`);
      return;
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain');
    res.end(`Cannot ${req.method} ${req.url}`);
  };
}

/** A `node:http` server (not listening: supertest listens) that runs `router` then the final handler. */
export function createServer(router: Dispatcher): http.Server {
  return http.createServer((req, res) => router(req, res, finalHandler(req, res)));
}

/** Starts `server` on a free loopback port and returns the port. */
export async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends raw bytes to the server and resolves with everything it answers until it closes or goes quiet. */
export async function rawRequest(server: http.Server, payload: string, quietMs = 200): Promise<string> {
  const port = server.listening ? (server.address() as AddressInfo).port : await listen(server);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let timer: NodeJS.Timeout | undefined;
    const done = (): void => {
      if (timer) clearTimeout(timer);
      socket.destroy();
      resolve(data);
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      data += chunk;
      if (timer) clearTimeout(timer);
      timer = setTimeout(done, quietMs);
    });
    socket.on('end', done);
    socket.on('error', (err) => (data ? done() : reject(err)));
    socket.write(payload);
  });
}

/** Closes a server started by `listen`. */
export function close(server: http.Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Writes a JSON snapshot of the request fields the router sets. */
export function snapshot(req: IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown }): string {
  return JSON.stringify({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, params: req.params });
}
