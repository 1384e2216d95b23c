import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type RouterInstance } from '@webfw/router';

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

/** An expected answer: the request (`'/path'` for GET, or `'POST /path'`), the status, and the body if the test checks it. */
export type Answer = [request: string, status: number, body?: string | object];

/** Sends the requests one after the other to one server around `router` and checks each answer's status and body. */
export async function expectAnswers(router: Dispatcher, answers: Answer[]): Promise<void> {
  const server = createServer(router);
  for (const [ask, status, body] of answers) {
    const space = ask.indexOf(' ');
    const method = (space < 0 ? 'get' : ask.slice(0, space).toLowerCase()) as 'get';
    const test = request(server)[method](ask.slice(space + 1));
    await (body === undefined ? test.expect(status) : test.expect(status, body));
  }
}

/** A table row of routing cases: the test name (after "should"), the routes to set up, and the answers expected. */
export type RoutingCase = [name: string, routes: (router: RouterInstance) => void, answers: Answer[]];

/** The shared body of a {@link RoutingCase} table: sets up `routes` on a new router, then checks the answers. */
export async function expectRouted(_name: string, routes: (router: RouterInstance) => void, answers: Answer[]): Promise<void> {
  const router = Router();
  routes(router);
  await expectAnswers(router, answers);
}
