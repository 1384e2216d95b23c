/**
 * The app as a web-standard fetch handler: `app.fetch(request, env?, ctx?)` answers a web
 * `Request` with a `Response`, so the same app serves `Bun.serve({ fetch: app.fetch })`,
 * `Deno.serve(app.fetch)` and `export default { fetch: app.fetch }` on workerd.
 *
 * The app runs as under `node:http`: its request is node's `IncomingMessage` (born with
 * `app.request` as its prototype when the app has its classes, as `app.listen` gives them) with
 * the method, the URL's path and query, the headers (as `headers` and `rawHeaders`), HTTP/1.1
 * and the request body as its stream; its response is a `FetchResponse` (response.ts):
 * node's response API handing the status, the headers and the body to the `Response` as the
 * app produces them, born with the twin of `app.response` as its prototype
 * (../prototypes/fetch.ts). Both share a connection stand-in (connection.ts) with the
 * client's address as the runtime gives it: Bun's `server.requestIP(request)`, Deno's
 * `info.remoteAddr`, else the `CF-Connecting-IP` header (workerd). So every middleware that
 * works on node's objects works here.
 *
 * The `Response` is given as soon as the app's head goes out: with its whole body when the
 * app ended it at once, else with a stream of what it writes (backpressure: a write waits
 * while the reader of the body is full). A client that goes away (the body stream cancelled,
 * the request body failing, or the request's `signal` aborting before the answer) is a closed
 * connection to the app: `req` is aborted, `res` emits `close`. A `signal` that aborts once
 * the answer was handed over (Deno's, after every response) is not.
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import { FetchConnection } from './connection';
import { FetchResponse } from './response';
import type { Application } from '../application/types';
import { serverClasses } from '../prototypes/app-prototype';
import { fetchClasses, type FetchClasses } from '../prototypes/fetch';

/** The app as `fetchApp` calls it: node's request listener. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Where the authority of absolute URL `url` starts (after `scheme://`). */
function authorityStart(url: string): number {
  const slashes = url.indexOf('//');
  return slashes === -1 ? 0 : slashes + 2;
}

/** The path and query of absolute URL `url` (`url.pathname + url.search`), read off the serialized URL. */
function pathOf(url: string): string {
  const start = url.indexOf('/', authorityStart(url));
  if (start === -1) return '/';
  const hash = url.indexOf('#', start);
  return hash === -1 ? url.slice(start) : url.slice(start, hash);
}

/** The host of absolute URL `url` (`url.host`). */
function hostOf(url: string): string {
  const from = authorityStart(url);
  const end = url.indexOf('/', from);
  return end === -1 ? url.slice(from) : url.slice(from, end);
}

/** The request's headers as node gives them: `rawHeaders` (names lower case, as fetch keeps them) and `headers`. */
function setNodeHeaders(req: IncomingMessage, request: Request, url: string, hasBody: boolean): void {
  const raw: string[] = [];
  const headers: Record<string, string | string[]> = {};
  request.headers.forEach((value, name) => {
    raw.push(name, value);
    if (name === 'set-cookie') ((headers[name] as string[] | undefined) ??= []).push(value);
    else headers[name] = value;
  });
  // what every HTTP/1.1 request has: a Host, and a framing for a body
  if (headers.host === undefined) {
    const host = hostOf(url);
    raw.unshift('host', host);
    headers.host = host;
  }
  if (hasBody && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    raw.push('transfer-encoding', 'chunked');
    headers['transfer-encoding'] = 'chunked';
  }
  req.rawHeaders = raw;
  req.headers = headers as IncomingMessage['headers'];
}

/**
 * Answers `request` with the app `listener` (`classes`: the app's own request and response
 * classes, when it has them), `second` and `third` as the runtime passed them (workerd's `env`
 * and `ctx`, Bun's server, Deno's info: `req.env` and `req.ctx` when given). Resolves with the
 * `Response` once the app's head goes out; rejects when the app closes the connection before
 * that, or gives a status a `Response` cannot carry.
 */
export function fetchApp(listener: RequestListener, classes: FetchClasses | undefined, request: Request, second?: unknown, third?: unknown): Promise<Response> {
  const url = request.url;
  const connection = new FetchConnection(request, second, url.startsWith('https:'));
  const req = new (classes?.IncomingMessage ?? IncomingMessage)(connection as never);
  // (workerd's request keeps a socket of its own, set through `connection`)
  if (req.socket !== (connection as unknown)) (req as unknown as { connection: unknown }).connection = connection;
  req.method = request.method;
  req.url = pathOf(url);
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.httpVersion = '1.1';
  const body = request.body;
  setNodeHeaders(req, request, url, body !== null);
  if (second !== undefined) Object.defineProperty(req, 'env', { configurable: true, writable: true, value: second });
  if (third !== undefined) Object.defineProperty(req, 'ctx', { configurable: true, writable: true, value: third });
  const res = new (classes?.FetchResponse ?? FetchResponse)(req);
  return new Promise<Response>((resolve, reject) => {
    res._answer = { resolve, reject };
    res.assignSocket(connection);
    if (body === null) {
      req.complete = true;
      req.push(null);
    } else {
      const length = req.headers['content-length'];
      connection.startBody(request, req, length === undefined ? Infinity : Number(length));
    }
    listener(req, res as unknown as ServerResponse);
    // until the app answers, the request's signal aborting is the client going away
    if (res._answer !== undefined && !connection.destroyed) connection.watch(request);
  });
}

/**
 * The fetch handler of the app `listener`: `fetchApp` with the classes `classesOf()` gives,
 * asked on the first request (the app is set up by then).
 */
export function fetchHandler(
  listener: RequestListener,
  classesOf: () => FetchClasses | undefined,
): (request: Request, env?: unknown, ctx?: unknown) => Promise<Response> {
  let classes: FetchClasses | undefined | null = null;
  return (request, env, ctx) => {
    if (classes === null) classes = classesOf();
    return fetchApp(listener, classes, request, env, ctx);
  };
}

/** Where an app keeps its `fetch` handler once asked for it. */
const FETCH: unique symbol = Symbol('webfw.fetch');

/**
 * `app.fetch(request, env?, ctx?)`: the app as a web-standard fetch handler (fetch/handler.ts), bound
 * to the app (so `Bun.serve({ fetch: app.fetch })` and `Deno.serve(app.fetch)` work), made
 * once per app. Assigning `app.fetch` gives the app an own property, as for any other member.
 */
export const fetchMember: PropertyDescriptor = {
  configurable: true,
  enumerable: false,
  get(this: Application & { [FETCH]?: unknown }) {
    if (typeof this !== 'function') return undefined;
    return (this[FETCH] ??= fetchHandler(this as unknown as RequestListener, () => fetchClasses(serverClasses(this)?.IncomingMessage, this.response)));
  },
  set(this: object, value: unknown) {
    Object.defineProperty(this, 'fetch', { configurable: true, enumerable: true, writable: true, value });
  },
};
