/**
 * A web-standard fetch handler served on `node:http`, for tests of `app.fetch`: each node
 * request becomes a web `Request` (its URL from the Host header, every header line, the body
 * as a stream, an `AbortSignal` aborted when the client goes away) passed with Deno's shape of
 * connection info (`{ remoteAddr: { hostname, port, transport } }`), and the `Response` is
 * written back as it streams (status, status text, each header line, each Set-Cookie on its
 * own). And supertest switched to it for suites written for `app.listen`.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { Readable } from 'node:stream';

/** A fetch handler as runtimes call it. */
export type FetchHandler = (request: Request, info?: unknown, ctx?: unknown) => Promise<Response>;

/** The web `Request` of a node request. */
export function webRequest(req: IncomingMessage, signal?: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const bodyless = req.method === 'GET' || req.method === 'HEAD';
  return new Request(`http://${req.headers.host ?? 'localhost'}${req.url}`, {
    method: req.method,
    headers,
    body: bodyless ? null : (Readable.toWeb(req) as ReadableStream<Uint8Array>),
    signal,
    duplex: 'half',
  } as RequestInit);
}

/** Writes `response` to `res` as it streams; resolves when it is written. */
export async function writeResponse(response: Response, res: ServerResponse): Promise<void> {
  res.statusCode = response.status;
  res.statusMessage = response.statusText;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length !== 0) res.setHeader('set-cookie', cookies);
  if (response.body === null) {
    res.end();
    return;
  }
  // a body of unknown length is sent chunked, even when it turns out empty (as the app sent it)
  if (!response.headers.has('content-length')) res.flushHeaders();
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (!res.write(chunk)) await once(res, 'drain');
  }
  res.end();
}

/** A `node:http` request listener serving `fetch`. */
export function fetchListener(fetch: FetchHandler): RequestListener {
  return (req, res) => {
    const client = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) client.abort();
    });
    const info = { remoteAddr: { hostname: req.socket.remoteAddress, port: req.socket.remotePort, transport: 'tcp' } };
    fetch(webRequest(req, client.signal), info).then(
      (response) => writeResponse(response, res).catch(() => res.destroy()),
      () => res.destroy(),
    );
  };
}

/** supertest's factory, as a test module imports it. */
type Supertest = (app: unknown, options?: object) => unknown;

/**
 * supertest with every app served through its `fetch` handler (`fetchListener(app.fetch)`); a
 * server or a plain listener handed to it is used as it is. For `jest.mock('supertest', ...)`
 * in a file that runs suites written for `app.listen` through `app.fetch`.
 */
export function supertestOverFetch(supertest: Supertest): Supertest {
  return (app, options) => {
    const fetch = typeof app === 'function' ? (app as { fetch?: unknown }).fetch : undefined;
    return supertest(typeof fetch === 'function' ? fetchListener(fetch as FetchHandler) : app, options);
  };
}
