/**
 * One request through node's own client (`http.request`, or `https.request` trusting the test
 * certificate; no agent): exact headers and body bytes, any method token, no client-side magic
 * such as redirects or decoding.
 */
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { selfSignedCertificate } from './http2';
import { portOf } from './server';
import type { Target } from './wire';

/** What to send: method (default `GET`), path (default `/`), headers and body as given. */
export interface RequestOptions {
  method?: string;
  path?: string;
  headers?: Record<string, string | number>;
  body?: Buffer | string;
  /** HTTPS (HTTP/1.1 over TLS, trusting `selfSignedCertificate()`) instead of plain HTTP. */
  tls?: boolean;
}

/** A response as node's client read it: status, headers (node's parsed form) and body bytes. */
export interface ClientResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** Sends one request to `target` on a fresh connection (over TLS with `tls`) and resolves with the whole response. */
export function request(target: Target, options: RequestOptions = {}): Promise<ClientResponse> {
  const port = typeof target === 'number' ? target : portOf(target);
  const sent = { host: '127.0.0.1', port, agent: false, method: options.method ?? 'GET', path: options.path ?? '/', headers: options.headers };
  return new Promise((resolve, reject) => {
    const onResponse = (res: IncomingMessage): void => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    };
    const req = options.tls ? httpsRequest({ ...sent, ca: selfSignedCertificate().cert, servername: 'localhost' }, onResponse) : httpRequest(sent, onResponse);
    req.on('error', reject);
    req.end(options.body);
  });
}
