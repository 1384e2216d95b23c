import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createServer, request as httpRequest, type RequestListener, type Server } from 'node:http';

/** Starts `handler` on an ephemeral loopback port. */
export function listen(handler: RequestListener): Promise<Server> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Closes a server and waits for it. */
export function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** A raw HTTP response: status line parts, lower-cased headers and body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `text` (a complete HTTP/1.x request, written as is) to the server and parses the
 * response; used for requests a client library will not send (no Host, odd targets).
 */
export function rawRequest(server: Server, text: string): Promise<RawResponse> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const split = data.indexOf('\r\n\r\n');
      const head = data.slice(0, split).split('\r\n');
      const status = Number(head[0].split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status, headers, body: data.slice(split + 4) });
    });
    socket.write(text);
  });
}

/** A request for `call`. */
export interface CallOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Serves `handler` on a fresh server, sends one request with any method (node's client
 * accepts every token), and resolves with status, headers and body; the server is closed.
 */
export async function call(handler: RequestListener, options: CallOptions = {}): Promise<RawResponse> {
  const server = await listen(handler);
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<RawResponse>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, agent: false, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => {
          const headers: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
          resolve({ status: res.statusCode ?? 0, headers, body });
        });
      });
      req.on('error', reject);
      req.end(options.body);
    });
  } finally {
    await close(server);
  }
}
