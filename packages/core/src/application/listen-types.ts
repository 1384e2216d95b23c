/**
 * The types of `app.listen`'s options form and of the servers it makes (a leaf: the app's
 * types import these without importing the servers' code). The servers are made in listen.ts.
 */
import type { Server } from 'node:http';
import type { Http2SecureServer, Http2Server, SecureServerOptions } from 'node:http2';
import type { Server as HttpsServer } from 'node:https';
import type { ListenOptions } from 'node:net';

/**
 * The options form of `app.listen` that picks the protocol: node's listen options (`port`,
 * `host`, `path`, `backlog`, ...) plus
 *
 * - `tls`: the TLS options of the server (`key`, `cert`, `ca`, `pfx`, `passphrase`, ...):
 *   HTTPS, or with `http2: true`, HTTP/2 over TLS with HTTP/1.1 on the same port for clients
 *   that do not offer `h2` (ALPN; `tls.allowHTTP1: false` turns that off);
 * - `http2: true`: HTTP/2; without `tls`, cleartext HTTP/2 (h2c, "prior knowledge": no
 *   HTTP/1.1 on that port), for a proxy or load balancer that speaks h2c.
 *
 * `port` defaults to 0 (a free port, as `app.listen()`).
 */
export interface ServerListenOptions extends ListenOptions {
  tls?: SecureServerOptions;
  http2?: boolean;
}

/** `ServerListenOptions` that start HTTP/2 (h2c, or TLS with HTTP/1.1 fallback). */
export type Http2ListenOptions = ServerListenOptions & { http2: true };

/** `ServerListenOptions` that start HTTP/2 over TLS with HTTP/1.1 fallback. */
export interface Http2TlsListenOptions extends ServerListenOptions {
  tls: SecureServerOptions;
  http2: true;
}

/** `ServerListenOptions` that start HTTPS (HTTP/1.1 over TLS). */
export type HttpsListenOptions = ServerListenOptions & { tls: SecureServerOptions; http2?: false };

/** Any server `app.listen` returns. */
export type AppServer = Server | HttpsServer | Http2Server | Http2SecureServer;
