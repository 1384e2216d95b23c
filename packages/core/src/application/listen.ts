/**
 * The servers `app.listen` creates: HTTP/1.1 (express's signatures), and with the options form
 * `app.listen({ port, host, tls, http2 }, callback)`, HTTPS or HTTP/2 without the user touching
 * `node:https` or `node:http2`.
 */
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createSecureServer, createServer as createH2cServer } from 'node:http2';
import type { ListenOptions } from 'node:net';
import type { Http2Classes } from '../prototypes/http2';
import { useStreamTables } from '../http2/stream-tables';

export type { AppServer, Http2ListenOptions, Http2TlsListenOptions, HttpsListenOptions, ServerListenOptions } from './listen-types';
import type { AppServer, ServerListenOptions } from './listen-types';

/** The HTTP/1 request and response classes of an app's servers (node's option names). */
export interface Http1Classes {
  IncomingMessage: typeof IncomingMessage;
  ServerResponse: typeof ServerResponse;
}

/** Whether `app.listen`'s first argument is its protocol options form (an object naming `tls` or `http2`). */
export function isServerListenOptions(arg: unknown): arg is ServerListenOptions {
  return typeof arg === 'object' && arg !== null && ('tls' in arg || 'http2' in arg);
}

/** Node's listen options of `options` (without `tls` and `http2`), `port` 0 when neither port nor path is given. */
export function listenOptionsOf(options: ServerListenOptions): ListenOptions {
  const { tls: _tls, http2: _http2, ...listen } = options;
  if (listen.port === undefined && listen.path === undefined) listen.port = 0;
  return listen;
}

/**
 * Creates the server for `app.listen`: HTTP/1.1 without `options`; HTTPS for `{ tls }`;
 * HTTP/2 over TLS with HTTP/1.1 fallback for `{ tls, http2: true }`; h2c for
 * `{ http2: true }`. `http1` / `http2` are the classes the servers construct requests and
 * responses with (the app's own, so no prototype switch per request), when the app has them.
 * HTTP/2 servers' sessions get stream tables that let finished streams die young
 * (http2/stream-tables.ts).
 */
export function createAppServer(
  app: RequestListener,
  options: ServerListenOptions | undefined,
  http1: Http1Classes | undefined,
  http2: Http2Classes | undefined,
): AppServer {
  if (options === undefined) return http1 ? createHttpServer(http1, app) : createHttpServer(app);
  const listener = app as unknown as Parameters<typeof createH2cServer>[1] & RequestListener;
  if (options.http2) {
    if (options.tls) {
      const classes = {
        ...(http1 && { Http1IncomingMessage: http1.IncomingMessage, Http1ServerResponse: http1.ServerResponse }),
        ...http2,
      };
      const secure = createSecureServer({ allowHTTP1: true, ...options.tls, ...classes }, listener);
      useStreamTables(secure);
      return secure;
    }
    const h2c = http2 ? createH2cServer({ ...http2 }, listener) : createH2cServer(listener);
    useStreamTables(h2c);
    return h2c;
  }
  if (options.tls) return createHttpsServer({ ...options.tls, ...http1 }, listener);
  return http1 ? createHttpServer(http1, app) : createHttpServer(app);
}
