import http, { type IncomingMessage, type ServerResponse } from 'node:http';

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

/** Writes a JSON snapshot of the request fields the router sets. */
export function snapshot(req: IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown }): string {
  return JSON.stringify({ url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, params: req.params });
}
