import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { BodyParserMiddleware } from '@webfw/body-parser';
import bodyParserV4 from '@webfw/body-parser/v4';
import { close, listen, portOf, request } from '@webfw/test-support';

/** A middleware step of a test server (a parser, or a step before or after one). */
export type Step = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** Own and inherited properties an error response shows, Buffers as `{ buffer: '<hex>' }`. */
export function describeError(err: unknown): Record<string, unknown> {
  const e = err as Record<string, unknown> & Error;
  const out: Record<string, unknown> = {
    name: e.name,
    message: e.message,
    status: e.status,
    statusCode: e.statusCode,
    expose: e.expose,
  };
  for (const key of Object.getOwnPropertyNames(e)) {
    if (key === 'stack' || key in out) continue;
    const value = e[key];
    out[key] = Buffer.isBuffer(value) ? { buffer: value.toString('hex') } : value;
  }
  return out;
}

/** What the test server answers after the middlewares: the parsed body and how it looks. */
export function describeBody(req: IncomingMessage): Record<string, unknown> {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  return {
    has: 'body' in req,
    kind: body === undefined ? 'undefined' : Buffer.isBuffer(body) ? 'buffer' : Array.isArray(body) ? 'array' : typeof body,
    body: Buffer.isBuffer(body) ? body.toString('hex') : body === undefined ? null : body,
  };
}

export interface TestServer {
  server: http.Server;
  port: number;
  /** Errors that reached the final handler, in order (also those whose response was lost). */
  errors: unknown[];
  /** Resolves with the next error to reach the final handler. */
  nextError(): Promise<unknown>;
  close(): Promise<void>;
}

/**
 * A bare `node:http` server that runs `steps` (middlewares) in order. Errors answer with their
 * `status` and a JSON description ({@link describeError}); success answers 200 with
 * {@link describeBody}. Both responses are `application/json`.
 */
export async function serve(...steps: Array<BodyParserMiddleware | Step>): Promise<TestServer> {
  const errors: unknown[] = [];
  const waiters: Array<(err: unknown) => void> = [];
  const server = http.createServer((req, res) => {
    let i = 0;
    const next = (err?: unknown): void => {
      if (err) {
        errors.push(err);
        for (const w of waiters.splice(0)) w(err);
        const status = (err as { status?: number }).status ?? 500;
        const payload = JSON.stringify({ error: describeError(err) });
        if (!res.headersSent && !res.destroyed) {
          res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
          res.end(payload);
        }
        return;
      }
      const step = steps[i++];
      if (step) {
        step(req, res, next);
        return;
      }
      const payload = JSON.stringify(describeBody(req));
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
      res.end(payload);
    };
    next();
  });
  await listen(server);
  return {
    server,
    port: portOf(server),
    errors,
    nextError: () => new Promise((resolve) => waiters.push(resolve)),
    close: () => close(server),
  };
}

/** Runs `fn` against a fresh {@link serve} server around `steps` and closes it afterwards, whether `fn` resolved or threw. */
export async function withServe<T>(steps: BodyParserMiddleware | Step | Array<BodyParserMiddleware | Step>, fn: (s: TestServer) => Promise<T>): Promise<T> {
  const s = await serve(...(Array.isArray(steps) ? steps : [steps]));
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

/**
 * One {@link serve} server around `steps` for all the tests of the enclosing `describe`: started
 * before the first, closed after the last. Read its `port` inside the tests.
 */
export function serveAll(...steps: Array<BodyParserMiddleware | Step>): { readonly port: number } {
  let s: TestServer | undefined;
  beforeAll(async () => {
    s = await serve(...steps);
  });
  afterAll(() => s?.close());
  return {
    get port(): number {
      if (!s) throw new Error('serveAll: the server is not started yet (read the port inside a test)');
      return s.port;
    },
  };
}

/**
 * How {@link describeError} shows an http-errors error: its name, message, status (also as
 * `statusCode`), `expose` (true below 500) and then its own properties `props`.
 */
export function httpError(status: number, name: string, message: string, props: Record<string, unknown> = {}): Record<string, unknown> {
  return { name, message, status, statusCode: status, expose: status < 500, ...props };
}

/** 400 entity.parse.failed: `body` could not be parsed, `message` says where (as JSON.parse words it). */
export function parseFailed(message: string, body: string): Record<string, unknown> {
  return httpError(400, 'SyntaxError', message, { type: 'entity.parse.failed', body });
}

/** 413 entity.too.large with `props` (limit, and expected/length or received). */
export function tooLarge(props: Record<string, unknown>): Record<string, unknown> {
  return httpError(413, 'PayloadTooLargeError', 'request entity too large', { ...props, type: 'entity.too.large' });
}

/**
 * Expects `error` to be the 413 of a body that was read (or inflated) past `limit` with no length
 * known ahead: reading stopped at the first chunk over the limit, so within 64 KiB past it.
 */
export function expectStoppedAtLimit(error: Record<string, unknown>, limit: number): void {
  expect(error).toEqual(tooLarge({ limit, received: error.received }));
  expect(error.received as number).toBeGreaterThan(limit);
  expect(error.received as number).toBeLessThanOrEqual(limit + 64 * 1024);
}

/** 415 charset.unsupported for `charset` (as the error names it: lower case; the message has it upper case). */
export function charsetUnsupported(charset: string): Record<string, unknown> {
  return httpError(415, 'UnsupportedMediaTypeError', `unsupported charset "${charset.toUpperCase()}"`, { charset, type: 'charset.unsupported' });
}

/** 415 encoding.unsupported for a Content-Encoding the parser cannot inflate. */
export function encodingUnsupported(encoding: string): Record<string, unknown> {
  return httpError(415, 'UnsupportedMediaTypeError', `unsupported content encoding "${encoding}"`, { encoding, type: 'encoding.unsupported' });
}

/** 415 encoding.unsupported for any compressed body when `inflate` is false (the encoding is in `charset` too). */
export function inflateDisabled(encoding: string): Record<string, unknown> {
  return httpError(415, 'UnsupportedMediaTypeError', 'content encoding unsupported', { encoding, charset: encoding, type: 'encoding.unsupported' });
}

/** 400 querystring.parse.rangeError: the extended urlencoded `body` nests deeper than `depth`. */
export function depthExceeded(body: string): Record<string, unknown> {
  return httpError(400, 'BadRequestError', 'The input exceeded the depth', { type: 'querystring.parse.rangeError', body });
}

/** A step that records the `req.body` it sees into `seen` (what an earlier step left there), then goes on. */
export function recordBodies(seen: unknown[]): Step {
  return (req, _res, next) => {
    seen.push((req as IncomingMessage & { body?: unknown }).body);
    next();
  };
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json: Record<string, unknown>;
}

/** Sends one request with `http.request` (exact headers and bytes, no client-side magic); POST by default. */
export async function send(
  port: number,
  options: { method?: string; headers?: Record<string, string | number>; body?: Buffer | string; path?: string },
): Promise<RawResponse> {
  const res = await request(port, { ...options, method: options.method ?? 'POST' });
  const text = res.body.toString('utf8');
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Posts `body` with the given Content-Type (and Content-Length) and resolves with the response. */
export function post(port: number, contentType: string | undefined, body: Buffer | string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const h: Record<string, string | number> = { ...headers, 'Content-Length': Buffer.byteLength(body) };
  if (contentType !== undefined) h['Content-Type'] = contentType;
  return send(port, { headers: h, body });
}

/** Posts like {@link post} and resolves with only the status and the JSON of the answer, to compare as one value. */
export async function answer(
  port: number,
  contentType: string | undefined,
  body: Buffer | string,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await post(port, contentType, body, headers);
  return { status: res.status, json: res.json };
}

/** The request head of a POST with the given headers, ready for test-support's `rawExchange`. */
export function head(headers: Record<string, string | number>): string {
  let text = 'POST / HTTP/1.1\r\nHost: localhost\r\n';
  for (const [k, v] of Object.entries(headers)) text += `${k}: ${v}\r\n`;
  return `${text}\r\n`;
}

/* ----- the v4 entry against body-parser 1.x ----- */

/** The shape of body-parser 1.x and of `@webfw/body-parser/v4`: the generic factory carrying the four parsers. */
export interface V1Library {
  (options?: Record<string, unknown>): BodyParserMiddleware;
  json(options?: Record<string, unknown>): BodyParserMiddleware;
  raw(options?: Record<string, unknown>): BodyParserMiddleware;
  text(options?: Record<string, unknown>): BodyParserMiddleware;
  urlencoded(options?: Record<string, unknown>): BodyParserMiddleware;
}

/** body-parser 1.x (the `body-parser-v1` devDependency), the reference of the v4 entry. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const bodyParserV1 = require('body-parser-v1') as V1Library;

/** `@webfw/body-parser/v4`, typed as body-parser 1.x so that one table runs against both. */
export const v4 = bodyParserV4 as unknown as V1Library;

/** One request of a differential table; node's client adds the Content-Length of `body`. */
export interface Exchange {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

/** What a v4 test server answers: the status and the JSON of {@link describeV1} or {@link describeError}. */
export interface V1Answer {
  status: number;
  json: unknown;
}

/**
 * The last step of a v4 test server: answers 200 with what body-parser 1.x users can observe
 * of the request: `req.body` (as {@link describeBody} shows it, plus whether an object body has
 * a prototype) and the `req._body` flag.
 */
const describeV1: Step = (req, res) => {
  const r = req as IncomingMessage & { body?: unknown; _body?: unknown };
  const body = r.body;
  const prototype = body !== null && typeof body === 'object' && !Buffer.isBuffer(body) ? (Object.getPrototypeOf(body) === null ? 'null' : 'object') : 'none';
  const payload = JSON.stringify({ ...describeBody(req), prototype, flag: r._body === undefined ? 'unset' : r._body });
  res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
};

/** Sends `requests` one after the other to a fresh server around `steps` and resolves with the answers. */
export async function answersOf(steps: Array<BodyParserMiddleware | Step>, requests: readonly Exchange[]): Promise<V1Answer[]> {
  return withServe([...steps, describeV1], async (s) => {
    const out: V1Answer[] = [];
    for (const r of requests) {
      const res = await send(s.port, { method: r.method, headers: r.headers, body: r.body });
      out.push({ status: res.status, json: res.json });
    }
    return out;
  });
}

/**
 * Sends the same `requests` through the steps `build` makes with body-parser 1.x and with the
 * v4 entry, expects equal answers and resolves with them (to be checked against the exact
 * expected answers by the caller).
 */
export async function compareV1(
  v4: V1Library,
  build: (lib: V1Library) => Array<BodyParserMiddleware | Step>,
  requests: readonly Exchange[],
): Promise<V1Answer[]> {
  const theirs = await answersOf(build(bodyParserV1), requests);
  const ours = await answersOf(build(v4), requests);
  expect(ours).toEqual(theirs);
  return ours;
}

/** The answer of a v4 test server when `req.body` is `body` (`flag`: the `req._body` it saw, `prototype` of an object body). */
export function parsedV1(body: unknown, flag: unknown = true, prototype: 'object' | 'null' | 'none' = 'object'): V1Answer {
  const kind = body === undefined ? 'undefined' : Buffer.isBuffer(body) ? 'buffer' : Array.isArray(body) ? 'array' : typeof body;
  const shown = Buffer.isBuffer(body) ? body.toString('hex') : body === undefined ? null : body;
  return { status: 200, json: { has: true, kind, body: shown, prototype, flag } };
}

/** The answer of a v4 test server when the parser failed with `error` (as {@link httpError} shows it). */
export function failedV1(error: Record<string, unknown>): V1Answer {
  return { status: error.status as number, json: { error } };
}

export { silenceDeprecations, warningsOf, type Warning } from '@webfw/test-support/deprecations';
