/**
 * Raw-wire differential harness: one app definition `(framework) => app`, built with express 5
 * and with @webfw/core, the same request bytes written to both over a plain TCP socket, and the
 * response bytes read back exactly as they went out: header values in the bytes node wrote
 * (latin1 or UTF-8), both framing headers when both were sent, chunk framing in the body.
 */
import type { Server } from 'node:http';
import { close, rawBytes } from '@webfw/test-support';
import { frameworks, type App, type Framework } from './differential';

/** Closes a server and every connection it still has (the shared test-support `close`). */
export { close };

/** A response as it was read off the socket. */
export interface WireResponse {
  /** `HTTP/1.1 200 OK` */
  statusLine: string;
  /** Every header line in wire order, each byte one character (latin1 view of the bytes). */
  lines: string[];
  /** The bytes after the header block, framing included (latin1 view). */
  body: string;
}

/** A request line and headers; `Host` and `Connection: close` are added. */
export interface WireRequest {
  method?: string;
  path: string;
  headers?: Record<string, string>;
}

/** The request bytes of `req`. */
export function requestBytes(req: WireRequest): string {
  let text = `${req.method ?? 'GET'} ${req.path} HTTP/1.1\r\nHost: localhost\r\n`;
  for (const [name, value] of Object.entries(req.headers ?? {})) text += `${name}: ${value}\r\n`;
  return text + 'Connection: close\r\n\r\n';
}

/** Splits the raw bytes of a response into status line, header lines and body. */
export function parseWire(raw: Buffer): WireResponse {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end === -1) throw new Error(`incomplete response: ${JSON.stringify(text)}`);
  const [statusLine, ...lines] = text.slice(0, end).split('\r\n');
  return { statusLine: statusLine as string, lines, body: text.slice(end + 4) };
}

/**
 * Writes `req` to `server` on a fresh socket and resolves with every byte until the server
 * closes it (the request says `Connection: close`); rejects when that takes over 5 s.
 */
export async function exchange(server: Server, req: WireRequest): Promise<WireResponse> {
  return parseWire(await rawBytes(server, requestBytes(req), { encoding: 'latin1', timeoutMs: 5000 }));
}

/** Serves `app` through `app.listen` on a free port of 127.0.0.1. */
export function serve(app: App): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server: Server = app.listen(0, '127.0.0.1', () => resolve(server));
    server.on('error', reject);
  });
}

/**
 * Serves `app` (see `serve`), runs `fn` with the server and closes it afterwards, whether `fn`
 * resolved or threw: test-support's `withServer`, but through `app.listen` (the app's own server
 * classes) rather than a plain `createServer(app)`.
 */
export async function withServed<T>(app: App, fn: (server: Server) => Promise<T>): Promise<T> {
  const server = await serve(app);
  return fn(server).finally(() => close(server));
}

/** The error page express 5's final handler sends for `text` (the status text, or the stack in development). */
export function errorPage(text: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${text}</pre>\n</body>\n</html>\n`;
}

/** A GET request for each path, then a HEAD request for each. */
export function getAndHead(paths: string[]): WireRequest[] {
  return [...paths.map((path) => ({ path })), ...paths.map((path) => ({ method: 'HEAD', path }))];
}

/**
 * What is compared: the status line, header lines without `Date` and with the value of
 * `X-Powered-By` blanked (`Express` vs `webfw`), and the body bytes.
 */
export function comparable(res: WireResponse): WireResponse {
  const lines = res.lines.filter((line) => !/^date:/i.test(line)).map((line) => (/^x-powered-by:/i.test(line) ? 'X-Powered-By: <present>' : line));
  return { statusLine: res.statusLine, lines, body: res.body };
}

/** The responses of express 5 and webfw to each request, in request order. */
export interface WirePair {
  req: WireRequest;
  express: WireResponse;
  webfw: WireResponse;
}

/** Builds the app with both frameworks, sends every request to both, returns the comparable pairs. */
export async function wirePairs(build: (fw: Framework) => App, reqs: WireRequest[]): Promise<WirePair[]> {
  const expressServer = await serve(build(frameworks.express));
  const webfwServer = await serve(build(frameworks.webfw));
  try {
    const pairs: WirePair[] = [];
    for (const req of reqs) {
      const e = comparable(await exchange(expressServer, req));
      const w = comparable(await exchange(webfwServer, req));
      pairs.push({ req, express: e, webfw: w });
    }
    return pairs;
  } finally {
    await close(expressServer);
    await close(webfwServer);
  }
}

/** Asserts webfw's bytes equal express's for every request (all compared before failing). */
export async function expectSameWire(build: (fw: Framework) => App, reqs: WireRequest[]): Promise<WirePair[]> {
  const pairs = await wirePairs(build, reqs);
  const label = (r: WireRequest): string => `${r.method ?? 'GET'} ${r.path} ${JSON.stringify(r.headers ?? {})}`;
  expect(pairs.map((p) => ({ req: label(p.req), ...p.webfw }))).toEqual(pairs.map((p) => ({ req: label(p.req), ...p.express })));
  return pairs;
}
