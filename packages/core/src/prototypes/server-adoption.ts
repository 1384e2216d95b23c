/**
 * Servers the user made: `http.createServer(app)`, `https.createServer(options, app)`.
 *
 * Their requests and responses are born as node's `IncomingMessage` / `ServerResponse`, and the
 * app gives each one its own prototypes (`app.request`, `app.response`), as express does.
 * V8 makes that switch costly beyond the call itself: an object whose prototype was changed
 * gets a new hidden class for every property added to it afterwards (node adds dozens while it
 * answers), so every request and response has hidden classes of its own, node's inline caches
 * go megamorphic and the garbage collector works harder, far below the same app started by
 * `app.listen()`, whose servers construct requests and responses with the app's own classes
 * (app-prototype.ts `serverClasses`; the cost is in docs/performance.md's tricks).
 *
 * So on the first request an app answers as a server's request listener (not mounted, not
 * middleware of something else), it gives that server the classes `app.listen` would have
 * given it: node keeps them under its own symbols (`IncomingMessage`, `ServerResponse`, the
 * `http.createServer` options), and reads them for each request. Later requests are born
 * with the app's prototypes and need no switch. A server is adopted only while it holds
 * node's own classes (one given its own classes, or already adopted by another app, is left
 * alone: that app's requests keep switching prototypes, which is always correct), and only
 * once. Requests still pass `instanceof http.IncomingMessage` and keep node's `constructor`.
 *
 * Node's symbols found and the adoption applied on Node 20.20, 22.23, 24.21 and 26.12
 * (app.server-adoption.test.ts, run on each by tooling/scripts/node-matrix.mjs, with the
 * fallback for a server left alone).
 */
import { IncomingMessage, ServerResponse } from 'node:http';
import type { Application } from '../application/types';
import type { Http1Classes } from '../application/listen';
import { serverClasses } from './app-prototype';
import { http2Classes } from './http2';
import { adoptHttp2ServerOf } from './http2-server-adoption';

/** Servers already looked at (adopted or left alone). */
const seen = new WeakSet<object>();

/** Node's own symbol on `server` (by its description) holding `value`, if there is one. */
function symbolHolding(server: object, description: string, value: unknown): symbol | undefined {
  for (const key of Object.getOwnPropertySymbols(server)) {
    if (key.description === description && (server as Record<symbol, unknown>)[key] === value) return key;
  }
  return undefined;
}

/**
 * Gives the server `req` came from (`req.socket.server`) the request and response classes
 * `classes` of the app answering it, when the server still holds node's own classes and was
 * not looked at before; later requests of that server are born with the app's prototypes.
 * Does nothing for any other request (HTTP/2: http2-server-adoption.ts; mocks, a server with
 * classes of its own).
 */
export function adoptServer(req: IncomingMessage, classes: Http1Classes): void {
  if (req.httpVersionMajor === 2) return;
  const server = (req.socket as { server?: unknown } | null | undefined)?.server;
  if (typeof server !== 'object' || server === null || seen.has(server)) return;
  seen.add(server);
  const requestKey = symbolHolding(server, 'IncomingMessage', IncomingMessage);
  const responseKey = symbolHolding(server, 'ServerResponse', ServerResponse);
  if (requestKey === undefined || responseKey === undefined) return;
  const target = server as Record<symbol, unknown>;
  target[requestKey] = classes.IncomingMessage;
  target[responseKey] = classes.ServerResponse;
}

/**
 * Gives the server of `req` (one the user made with `http.createServer(app)`, or
 * `http2.createServer(app)` / `http2.createSecureServer(options, app)`) the app's request and
 * response classes, when the app has them (above, and http2-server-adoption.ts).
 */
export function adoptServerOf(req: IncomingMessage, app: Application): void {
  if (req.httpVersionMajor === 2) {
    adoptHttp2ServerOf(req, () => http2Classes(app.request, app.response));
    return;
  }
  const classes = serverClasses(app);
  if (classes !== undefined) adoptServer(req, classes);
}
