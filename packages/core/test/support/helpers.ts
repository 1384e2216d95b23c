import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import supertest from 'supertest';
import type { Response as TestResponse } from 'supertest';
import { close, parseResponse, rawBytes, request, withServer } from '@webfw/test-support';

/** A raw HTTP response: status line parts, lower-cased headers and body. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `text` (a complete HTTP/1.x request, written as is) to the server and parses the
 * response once the server ends the connection (body as latin1, one char per byte); used for
 * requests a client library will not send (no Host, odd targets).
 */
export async function rawRequest(server: Server, text: string): Promise<RawResponse> {
  const res = parseResponse(await rawBytes(server, text));
  return { status: res.status, headers: res.headers, body: res.body.toString('latin1') };
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
 * accepts every token), and resolves with status, headers (repeated ones joined with `, `)
 * and body; the server is closed.
 */
export function call(handler: RequestListener, options: CallOptions = {}): Promise<RawResponse> {
  return withServer(handler, async (server) => {
    const res = await request(server, options);
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
    return { status: res.status, headers, body: res.body.toString('utf8') };
  });
}

/** What supertest serves: an app, a request listener or a server. */
export type Target = Parameters<typeof supertest>[0];

/** A request `expectResponse` sends: a path to GET, or a method, a path and request headers. */
export type Ask = string | { method?: 'get' | 'head' | 'post' | 'put' | 'delete' | 'options'; path: string; headers?: Record<string, string> };

/**
 * What a response must be: its status; its body as text (`body`) and/or parsed as JSON (`json`,
 * whatever its Content-Type) when given; and each header named in `headers` (lower case)
 * exactly as given, `undefined` meaning the header is absent.
 */
export interface Expected {
  status: number;
  body?: string;
  json?: unknown;
  headers?: Record<string, string | string[] | undefined>;
}

/**
 * Sends `ask` to `app` over HTTP (supertest) and asserts the response is `expected`, all parts
 * compared at once so a failure shows every difference; resolves with the response for any
 * further assertion.
 */
export async function expectResponse(app: Target, ask: Ask, expected: Expected): Promise<TestResponse> {
  const { method = 'get', path, headers = {} } = typeof ask === 'string' ? { path: ask } : ask;
  const res = await supertest(app)[method](path).set(headers);
  const text = res.text ?? (Buffer.isBuffer(res.body) ? res.body.toString('utf8') : '');
  const actual: Expected = { status: res.status };
  if ('body' in expected) actual.body = text;
  // parsed from the text: an error sent after a file transfer typed the response keeps that type
  if ('json' in expected) actual.json = JSON.parse(text);
  if (expected.headers) actual.headers = Object.fromEntries(Object.keys(expected.headers).map((name) => [name, res.headers[name]]));
  expect(actual).toEqual(expected);
  return res;
}

/**
 * Middleware hooking `res.writeHead` the way on-headers style modules do: `hook` runs with the
 * response inside writeHead, after the handler computed the headers and before the head goes
 * out, and may read and change them.
 */
export function onWriteHead(hook: (res: ServerResponse) => void): (req: IncomingMessage, res: ServerResponse, next: () => void) => void {
  return (_req, res, next) => {
    const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
    res.writeHead = function hooked(this: ServerResponse, ...args: unknown[]): ServerResponse {
      hook(this);
      return writeHead.apply(this, args);
    } as ServerResponse['writeHead'];
    next();
  };
}

/** Middleware (or a param callback) that counts its calls in `calls` and calls next. */
export function counting(): { calls: number; middleware: (req: unknown, res: unknown, next: () => void) => void } {
  const counter = {
    calls: 0,
    middleware: (_req: unknown, _res: unknown, next: () => void): void => {
      counter.calls++;
      next();
    },
  };
  return counter;
}

/**
 * A slot for the server a test starts itself (`app.listen`): registers an afterEach that closes
 * the server in the slot, when still listening, and empties the slot.
 */
export function serverSlot(): { server?: Server } {
  const slot: { server?: Server } = {};
  afterEach(async () => {
    if (slot.server?.listening) await close(slot.server);
    slot.server = undefined;
  });
  return slot;
}
