/**
 * HTTP/2 servers the user made: `http2.createServer(app)`, `http2.createSecureServer(options, app)`.
 *
 * Node constructs their requests and responses with the classes it bound into the server's
 * compat `stream` listener when the server was made (`Http2ServerRequest`,
 * `Http2ServerResponse`), so the app switched each one's prototype to its HTTP/2 twins and paid
 * V8's cost for it (server-adoption.ts explains it), below `app.listen({ http2: true })`.
 *
 * So on the first HTTP/2 request an app answers from such a server, it swaps node's compat
 * listener for the one node makes for a carrier server constructed with the app's HTTP/2
 * classes, never listening, whose `emit` and `listenerCount` (all node's listener calls on its
 * server) are the user's server's: every later stream is answered exactly as node's own
 * listener would answer it (the `request`, `connect`, `checkContinue` and `checkExpectation`
 * events and their defaults, on the user's server), and its request and response are born with
 * the app's prototypes; each stream's session gets the stream tables of stream-tables.ts
 * on the way. A server given classes of its own, or whose listeners are not node's
 * as expected, is left alone (its requests keep switching prototypes, which is always correct),
 * and a server is looked at once.
 *
 * Node's `Symbol(options)` and `bound onServerStream` listener found and the adoption applied
 * on Node 20.20, 22.23, 24.21 and 26.12 (app.server-adoption.http2.test.ts, run on each by
 * tooling/scripts/node-matrix.mjs, with the fallback for a server left alone).
 */
import { createServer, Http2ServerRequest, Http2ServerResponse, type Http2SecureServer, type Http2Server, type Http2Session } from 'node:http2';
import type { Http2Classes } from './http2';
import { useSessionStreamTables } from '../http2/stream-tables';

type AnyHttp2Server = Http2Server | Http2SecureServer;
type StreamListener = (...args: unknown[]) => void;

/** Servers already looked at (adopted or left alone). */
const seen = new WeakSet<object>();

/** The name node's compat listener has: `onServerStream.bind(server, Request, Response)`. */
const COMPAT_LISTENER = 'bound onServerStream';

/** Whether `server` still constructs with node's own HTTP/2 classes (its options, under `Symbol(options)`). */
function hasNodeClasses(server: AnyHttp2Server): boolean {
  const target = server as unknown as Record<symbol, Partial<Http2Classes> | undefined>;
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'options' && typeof target[symbol] === 'object');
  const options = key === undefined ? undefined : target[key];
  return options?.Http2ServerRequest === Http2ServerRequest && options.Http2ServerResponse === Http2ServerResponse;
}

/** Node's compat listener for a carrier server constructed with `classes` that speaks as `server`. */
function compatListenerFor(server: AnyHttp2Server, classes: Http2Classes): StreamListener | undefined {
  const carrier = createServer({ ...classes }, () => undefined);
  const listener = carrier.rawListeners('stream').find((fn) => fn.name === COMPAT_LISTENER) as StreamListener | undefined;
  const speaker = carrier as unknown as { emit: AnyHttp2Server['emit']; listenerCount: AnyHttp2Server['listenerCount'] };
  speaker.emit = (event: string | symbol, ...args: unknown[]) => server.emit(event, ...args);
  speaker.listenerCount = (event: string | symbol) => server.listenerCount(event);
  return listener;
}

/**
 * Gives `server` (an HTTP/2 server the user made, answering with the app) a compat listener
 * constructing requests and responses with the app's HTTP/2 classes (`classesOf()`, asked only
 * for a server not looked at before; undefined leaves it alone), when it still
 * has node's own and was not looked at before. Later streams are answered with the app's
 * prototypes; nothing else changes.
 */
export function adoptHttp2Server(server: AnyHttp2Server, classesOf: () => Http2Classes | undefined): void {
  if (seen.has(server)) return;
  seen.add(server);
  const classes = classesOf();
  if (classes === undefined || !hasNodeClasses(server)) return;
  const listeners = server.rawListeners('stream') as StreamListener[];
  const compat = listeners.filter((fn) => fn.name === COMPAT_LISTENER);
  if (compat.length !== 1) return;
  const carrierListener = compatListenerFor(server, classes);
  if (carrierListener === undefined) return;
  // its requests are born with the app's prototypes now and no longer pass through
  // `adoptHttp2ServerOf`: every session, also one opened before, gets its tables here
  const adoptedStream: StreamListener = (stream, ...rest) => {
    const session = (stream as { session?: Http2Session }).session;
    if (session) useSessionStreamTables(session);
    carrierListener(stream, ...rest);
  };
  // keep the listeners' order (node's comes first, added when the server was made)
  server.removeAllListeners('stream');
  for (const listener of listeners) server.on('stream', listener === compat[0] ? adoptedStream : listener);
}

/**
 * For an HTTP/2 request of a server the user made: gives its session the stream tables of
 * `app.listen`'s servers (stream-tables.ts) and its server the app's classes
 * (`adoptHttp2Server`). Does nothing for a request without a session (mocks).
 */
export function adoptHttp2ServerOf(req: object, classesOf: () => Http2Classes | undefined): void {
  const session = (req as { stream?: { session?: Http2Session } }).stream?.session;
  if (!session) return;
  useSessionStreamTables(session);
  const server = (session as Http2Session & { server?: unknown }).server;
  if (typeof server === 'object' && server !== null) adoptHttp2Server(server as AnyHttp2Server, classesOf);
}
