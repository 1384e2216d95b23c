/**
 * Test servers on loopback: start one on a free port, find its port, close it with every
 * connection it still holds, or run a test body against one that is closed afterwards.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';

/** Something a test can serve: a `node:http` server, or a request listener to wrap in one. */
export type Servable = Server | RequestListener;

/**
 * Starts `target` on a free port of 127.0.0.1 (a listener is wrapped in a new `node:http`
 * server) and resolves with the listening server once it accepts connections.
 */
export function listen(target: Servable): Promise<Server> {
  return listenOnLoopback(typeof target === 'function' ? createServer(target) : target);
}

/** Starts any server (HTTP/1, HTTP/2, TLS) on a free port of 127.0.0.1; resolves with it once it accepts connections. */
export function listenOnLoopback<S extends NetServer>(server: S): Promise<S> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => reject(err);
    server.once('error', onError);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(server);
    });
  });
}

/** The port `server` listens on; throws when it is not listening on a TCP port. */
export function portOf(server: Server): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('server is not listening on a TCP port');
  return (address as AddressInfo).port;
}

/**
 * Closes `server`, ending every connection it still has (idle keep-alive ones included, so
 * nothing keeps it open), and resolves once it is closed.
 */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Starts `target` on a free port, runs `fn` with the listening server and closes the server
 * afterwards, whether `fn` resolved or threw; resolves with what `fn` resolved with.
 */
export async function withServer<T>(target: Servable, fn: (server: Server) => Promise<T>): Promise<T> {
  const server = await listen(target);
  try {
    return await fn(server);
  } finally {
    await close(server);
  }
}
