/**
 * HTTP/2 in tests: servers on loopback (cleartext h2c, or TLS with HTTP/1.1 fallback on the
 * same port), one request through node's own `http2` client, a self-signed certificate made
 * with the openssl CLI, and supertest switched to HTTP/2 for suites written for HTTP/1.1.
 */
import { execFileSync } from 'node:child_process';
import {
  connect,
  createSecureServer,
  createServer,
  constants,
  type ClientHttp2Session,
  type ClientSessionRequestOptions,
  type Http2SecureServer,
  type Http2Server,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http2';
import type { RequestListener } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { listenOnLoopback } from './server';

/** openssl's arguments for a one-day self-signed EC certificate for localhost and 127.0.0.1. */
const SELF_SIGNED_ARGS =
  'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1'.split(' ');

/** A key and a self-signed certificate (PEM) for `localhost` and 127.0.0.1. */
export type Certificate = { key: string; cert: string };

let certificate: Certificate | undefined;

/** Whether the `openssl` program can be run. */
function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A key and a self-signed certificate (EC P-256, one day) for `localhost` and 127.0.0.1, made
 * once per test file with the openssl CLI; when the program is missing it is installed first
 * (Debian's `openssl` package, with apt-get), which is printed.
 */
export function selfSignedCertificate(): Certificate {
  if (certificate) return certificate;
  if (!hasOpenssl()) {
    process.stderr.write('test setup: openssl not found, installing the Debian package openssl (apt-get install -y openssl)\n');
    execFileSync('apt-get', ['install', '-y', '-q', 'openssl'], { stdio: 'ignore' });
  }
  const pem = execFileSync('openssl', [...SELF_SIGNED_ARGS, '-keyout', '-', '-out', '-'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const key = /-----BEGIN PRIVATE KEY-----[\s\S]+?-----END PRIVATE KEY-----\n/.exec(pem)?.[0];
  const cert = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/.exec(pem)?.[0];
  if (!key || !cert) throw new Error('openssl did not print a key and a certificate');
  certificate = { key, cert };
  return certificate;
}

/** An HTTP/2 server as the helpers start and close it: cleartext, or TLS. */
export type AnyHttp2Server = Http2Server | Http2SecureServer;

/** What `listenHttp2` starts: `tls` for TLS with HTTP/1.1 fallback (`allowHTTP1`), else h2c. */
export interface Http2ListenOptions {
  tls?: boolean;
}

const sockets = new WeakMap<object, Set<Socket>>();

/** Records the connections of `server` so `closeHttp2` can end them. */
function track(server: AnyHttp2Server): void {
  if (sockets.has(server)) return;
  const open = new Set<Socket>();
  sockets.set(server, open);
  server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
}

/**
 * Starts `target` on a free port of 127.0.0.1 and resolves once it listens: a listener is
 * served by a new h2c server (`http2.createServer`), or with `{ tls: true }` by a TLS server
 * answering HTTP/2 and HTTP/1.1 (`http2.createSecureServer({ allowHTTP1: true, ...cert })`);
 * a server is started as it is.
 */
export function listenHttp2(target: RequestListener | AnyHttp2Server, options: Http2ListenOptions = {}): Promise<AnyHttp2Server> {
  const server =
    typeof target !== 'function'
      ? target
      : options.tls
        ? createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, target as never)
        : createServer(target as never);
  track(server);
  return listenOnLoopback(server);
}

/** Closes a server `listenHttp2` started, ending every connection it still has; resolves once closed. */
export function closeHttp2(server: AnyHttp2Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    for (const socket of sockets.get(server) ?? []) socket.destroy();
  });
}

/** Starts `target` (see `listenHttp2`), runs `fn` with the server, and closes it afterwards. */
export async function withHttp2Server<T>(
  target: RequestListener | AnyHttp2Server,
  fn: (server: AnyHttp2Server) => Promise<T>,
  options: Http2ListenOptions = {},
): Promise<T> {
  const server = await listenHttp2(target, options);
  try {
    return await fn(server);
  } finally {
    await closeHttp2(server);
  }
}

/** What `http2Request` sends: method (default GET), path (default /), headers, body. */
export interface Http2RequestOptions {
  method?: string;
  path?: string;
  headers?: OutgoingHttpHeaders;
  body?: Buffer | string;
  /** Connect with TLS (trusting `selfSignedCertificate()`) instead of h2c. */
  tls?: boolean;
  /** Send the body without a Content-Length (the default sends one with a body). */
  noContentLength?: boolean;
}

/** An HTTP/2 response: status, headers as node's client reads them (pseudo-headers removed), body bytes. */
export interface Http2Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A client session to `server` (or a port) on 127.0.0.1, h2c, or with `tls` trusting `selfSignedCertificate()`; resolves once connected. */
export function connectHttp2(server: AnyHttp2Server | number, options: { tls?: boolean } = {}): Promise<ClientHttp2Session> {
  const port = typeof server === 'number' ? server : (server.address() as AddressInfo).port;
  const origin = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const session = options.tls ? connect(origin, { ca: selfSignedCertificate().cert, servername: 'localhost' }) : connect(origin);
  return new Promise((resolve, reject) => {
    session.once('connect', () => {
      session.off('error', reject);
      resolve(session);
    });
    session.once('error', reject);
  });
}

/** Closes a client session gracefully; resolves once it is closed. */
export function closeHttp2Session(session: ClientHttp2Session): Promise<void> {
  return new Promise((resolve) => (session.closed ? resolve() : session.close(() => resolve())));
}

/**
 * Sends one request on the open client `session` and resolves with the whole response once the
 * stream ends. A CONNECT request carries `:authority` in `options.headers` and no path.
 */
export function http2Exchange(session: ClientHttp2Session, options: Http2RequestOptions = {}): Promise<Http2Response> {
  return new Promise<Http2Response>((resolve, reject) => {
    const method = options.method ?? 'GET';
    const headers: OutgoingHttpHeaders =
      method === 'CONNECT'
        ? { [constants.HTTP2_HEADER_METHOD]: method, ...options.headers }
        : { [constants.HTTP2_HEADER_METHOD]: method, [constants.HTTP2_HEADER_PATH]: options.path ?? '/', ...options.headers };
    const body = options.body;
    if (body !== undefined && !options.noContentLength && headers['content-length'] === undefined) headers['content-length'] = Buffer.byteLength(body);
    // (a CONNECT stream is ended after it opens: node refuses to open one already ended)
    const requestOptions: ClientSessionRequestOptions = { endStream: body === undefined && method !== 'CONNECT' };
    const stream = session.request(headers, requestOptions);
    const chunks: Buffer[] = [];
    let status = 0;
    let responseHeaders: IncomingHttpHeaders = {};
    stream.on('response', (h) => {
      status = Number(h[constants.HTTP2_HEADER_STATUS]);
      // string keys only (node adds a symbol listing sensitive headers), pseudo-headers removed
      responseHeaders = Object.fromEntries(Object.entries(h).filter(([name]) => !name.startsWith(':')));
    });
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => resolve({ status, headers: responseHeaders, body: Buffer.concat(chunks) }));
    stream.on('error', reject);
    if (body !== undefined) stream.end(body);
    else if (method === 'CONNECT') stream.end();
  });
}

/**
 * Sends one request over a new HTTP/2 session to `server` (or a port) on 127.0.0.1 with
 * node's own client, and resolves with the whole response once the stream ends; the session
 * is closed afterwards.
 */
export async function http2Request(server: AnyHttp2Server | number, options: Http2RequestOptions = {}): Promise<Http2Response> {
  const session = await connectHttp2(server, options);
  session.on('error', () => undefined);
  try {
    return await http2Exchange(session, options);
  } finally {
    session.close();
  }
}

/** supertest's factory, as a test module imports it (`import request from 'supertest'`). */
type Supertest = (app: unknown, options?: { http2?: boolean }) => unknown;

/**
 * supertest with every app or listener served over HTTP/2 (h2c, supertest's own `http2`
 * option); a server handed to it is used as it is (HTTP/1.1). For `jest.mock('supertest', ...)`
 * in a file that runs suites written for HTTP/1.1 over HTTP/2.
 */
export function supertestOverHttp2(supertest: Supertest): Supertest {
  return (app, options = {}) => supertest(app, typeof app === 'function' ? { ...options, http2: true } : options);
}
