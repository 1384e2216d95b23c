/**
 * One request through node's own client (`http.request`, no agent): exact headers and body
 * bytes, any method token, no client-side magic such as redirects or decoding.
 */
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { portOf } from './server';
import type { Target } from './wire';

/** What to send: method (default `GET`), path (default `/`), headers and body as given. */
export interface RequestOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string | number>;
  body?: Buffer | string;
}

/** A response as node's client read it: status, headers (node's parsed form) and body bytes. */
export interface ClientResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends one request to `target` on a fresh connection and resolves with the whole response. */
export function request(target: Target, options: RequestOptions = {}): Promise<ClientResponse> {
  const port = typeof target === 'number' ? target : portOf(target);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, agent: false, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
