import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type RouterInstance } from '@webfw/router';
import V4Router from '@webfw/router/v4';
import { request as clientRequest, withServer } from '@webfw/test-support';

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

/** A router as the 4.x differential tests drive it: router 1.x and `@webfw/router/v4` alike. */
export interface AnyRouter {
  (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void): void;
  use(...args: unknown[]): AnyRouter;
  route(path: unknown): RouteChain;
  param(...args: unknown[]): AnyRouter;
  get(...args: unknown[]): AnyRouter;
  [method: string]: unknown;
}

/** A route of either side: its method functions add callbacks and chain. */
export interface RouteChain {
  get(...fns: unknown[]): RouteChain;
  post(...fns: unknown[]): RouteChain;
  put(...fns: unknown[]): RouteChain;
  all(...fns: unknown[]): RouteChain;
}

/** `Router(options)` of either side. */
export type AnyRouterFactory = (options?: Record<string, unknown>) => AnyRouter;

/** One request of a differential case: `'/path'` for GET, or `'METHOD /path'`. */
export type Ask = string;

/** An answer as the 4.x tests compare it: status, body, and the headers the router sets. */
export interface V4Answer {
  status: number;
  body: string;
  allow?: string;
}

/** `req.params` shown exactly: its own keys in order (undefined values kept) and whether it is a plain object. */
export function describeParams(params: unknown): { keys: Array<[string, unknown]>; plain: boolean } {
  const p = (params ?? {}) as Record<string, unknown>;
  return {
    keys: Object.keys(p).map((k): [string, unknown] => [k, p[k] === undefined ? '<undefined>' : p[k]]),
    plain: Object.getPrototypeOf(p) === Object.prototype,
  };
}

/** A handler that answers with `label` and what the router set on the request (url, baseUrl, params). */
export function echo(label: string) {
  return (req: IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown }, res: ServerResponse): void => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ label, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl, params: describeParams(req.params) }));
  };
}

/**
 * The final handler of the 4.x differential tests: an error answers its `status` (or 500)
 * with its name, message and whether it has `status`/`statusCode`; no error answers
 * `404 Cannot <METHOD> <url>`.
 */
export function v4FinalHandler(req: IncomingMessage, res: ServerResponse) {
  return (err?: unknown): void => {
    if (res.headersSent) return;
    if (err) {
      const e = err as { name?: string; message?: string; status?: unknown; statusCode?: unknown };
      res.statusCode = typeof e.status === 'number' ? e.status : 500;
      res.end(JSON.stringify({ error: e.name, message: e.message ?? String(err), status: e.status, statusCode: e.statusCode }));
      return;
    }
    res.statusCode = 404;
    res.end(`Cannot ${req.method} ${req.url}`);
  };
}

/** Sends the requests one after the other to a server around `router` and collects the answers. */
export async function askAll(router: AnyRouter, asks: Ask[]): Promise<V4Answer[]> {
  return withServer(
    (req, res) => router(req, res, v4FinalHandler(req, res)),
    async (server) => {
      const answers: V4Answer[] = [];
      for (const ask of asks) {
        const space = ask.indexOf(' ');
        const method = space < 0 ? 'GET' : ask.slice(0, space);
        const res = await clientRequest(server, { method, path: ask.slice(space + 1) });
        const answer: V4Answer = { status: res.status, body: res.body.toString() };
        if (res.headers.allow !== undefined) answer.allow = res.headers.allow;
        answers.push(answer);
      }
      return answers;
    },
  );
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const RouterV1 = require('router-v1') as AnyRouterFactory;
export const RouterV4 = V4Router as unknown as AnyRouterFactory;

/**
 * Builds the same stack on `@webfw/router/v4` and on router 1.x (`build` runs once for each,
 * with the side's Router factory to nest routers of the same kind), sends the same requests to
 * both over HTTP, asserts the answers are equal and returns them.
 */
export async function compareV4(
  build: (router: AnyRouter, Router: AnyRouterFactory) => void,
  asks: Ask[],
  options?: Record<string, unknown>,
): Promise<V4Answer[]> {
  const answers: V4Answer[][] = [];
  for (const factory of [RouterV4, RouterV1]) {
    const router = factory(options);
    build(router, factory);
    answers.push(await askAll(router, asks));
  }
  expect(answers[0]).toEqual(answers[1]);
  return answers[0]!;
}

/** A request the 4.x tests' handlers note what they saw on. */
export type TrailRequest = IncomingMessage & { trail?: string[]; baseUrl?: string; params?: Record<string, unknown> };

/** Adds `entry` to the request's trail. */
export function note(req: IncomingMessage, entry: string): void {
  const r = req as TrailRequest;
  (r.trail ??= []).push(entry);
}

/** A middleware that notes `label` with `req.url`, `req.baseUrl` and the params, then calls `next()`. */
export function pass(label: string) {
  return (req: IncomingMessage, _res: ServerResponse, next: (err?: unknown) => void): void => {
    const r = req as TrailRequest;
    note(req, `${label} ${r.url} ${r.baseUrl} ${JSON.stringify(describeParams(r.params).keys)}`);
    next();
  };
}

/** A handler that answers 200 with the trail, after noting `label` like `pass`. */
export function dump(label: string) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    pass(label)(req, res, () => undefined);
    res.end(JSON.stringify((req as TrailRequest).trail));
  };
}
