import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import serveStatic, { type StaticError, type StaticMiddleware } from '@webfw/static';
import { close, listen, parseResponse, rawBytes } from '@webfw/test-support';

/** What `next` received, as the test server reports it back. */
export type NextCall = { kind: 'none' } | { kind: 'next' } | { kind: 'error'; err: StaticError };

/** A server around one static middleware, with a final handler shaped like finalhandler's. */
export interface TestServer {
  server: Server;
  /** The `next` calls made so far, in order. */
  calls: NextCall[];
  close(): Promise<void>;
}

/**
 * Wraps `mw` in a bare `node:http` server. `next()` answers 404 `fell through`; `next(err)`
 * answers `err.status` with `err.headers`, `text/plain`, and `err.message` when `err.expose`,
 * else the status text (as a production error handler does). `mount` simulates a framework
 * mount: `req.originalUrl` keeps the full URL and `req.url` loses the mount prefix.
 */
export async function serve(mw: StaticMiddleware, mount?: string): Promise<TestServer> {
  const calls: NextCall[] = [];
  const server = http.createServer((req: IncomingMessage, res: ServerResponse) => {
    if (mount !== undefined && req.url !== undefined && req.url.startsWith(mount)) {
      (req as IncomingMessage & { originalUrl?: string }).originalUrl = req.url;
      const rest = req.url.slice(mount.length);
      req.url = rest.startsWith('/') ? rest : '/' + rest;
    }
    mw(req, res, (err?: unknown) => {
      let status = 404;
      let body = 'fell through';
      if (err) {
        const e = err as StaticError;
        calls.push({ kind: 'error', err: e });
        status = e.status ?? 500;
        body = e.expose ? e.message : (http.STATUS_CODES[status] ?? 'Error');
        if (e.headers) for (const [k, v] of Object.entries(e.headers)) res.setHeader(k, v);
      } else {
        calls.push({ kind: 'next' });
      }
      res.statusCode = status;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.setHeader('Content-Length', Buffer.byteLength(body));
      res.end(body);
    });
  });
  await listen(server);
  return { server, calls, close: () => close(server) };
}

/** A raw HTTP/1.1 response: status, lower-cased headers, body bytes. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text: string;
}

/** The value of header `name` (lower case) in `res`; throws when `res` does not have it. */
export function header(res: RawResponse, name: string): string {
  const value = res.headers[name];
  if (value === undefined) throw new Error(`no ${name} header in the ${res.status} response`);
  return value;
}

/**
 * Sends one request with the request target written byte for byte (no client-side URL
 * normalization, so `..`, `%2e` and backslashes reach the server as given) and parses the
 * response (Content-Length framed; the connection is closed after it).
 */
export async function raw(server: Server, method: string, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const head = [`${method} ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
  const { status, headers: hdrs, body } = parseResponse(await rawBytes(server, head + '\r\n\r\n', { encoding: 'latin1' }));
  return { status, headers: hdrs, body, text: body.toString('utf8') };
}

/** A temporary directory tree built from `{ 'a/b.txt': 'content' }` (a trailing `/` makes a directory). */
export interface Fixture {
  /** The directory to serve: `<base>/public`. */
  root: string;
  /** The directory holding `root`: files here are outside the served tree. */
  base: string;
  path(rel: string): string;
  remove(): void;
}

/** Creates a fixture tree under the OS temp directory. */
export function fixture(files: Record<string, string | Buffer>): Fixture {
  const base = mkdtempSync(join(tmpdir(), 'webfw-static-'));
  const root = join(base, 'public');
  mkdirSync(root);
  for (const [rel, content] of Object.entries(files)) {
    const p = join(root, rel);
    if (rel.endsWith('/')) {
      mkdirSync(p, { recursive: true });
    } else {
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, content);
    }
  }
  return { root, base, path: (rel) => join(root, rel), remove: () => rmSync(base, { recursive: true, force: true }) };
}

/**
 * Stands for the value `current()` returns when a property is read: for a fixture or server that a
 * `beforeAll` makes, handed to the tests while they are being collected. Throws if read before.
 */
function late<T extends object>(current: () => T | undefined, what: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      const value = current();
      if (value === undefined) throw new Error(`${what} exists only while the tests run`);
      return Reflect.get(value, key) as unknown;
    },
  });
}

/**
 * The fixture tree of `files` for the tests of the enclosing file or `describe`: made before the
 * first test, removed after the last. Read it inside hooks and tests (not while collecting them).
 */
export function useFixture(files: Record<string, string | Buffer>): Fixture {
  let fx: Fixture | undefined;
  beforeAll(() => {
    fx = fixture(files);
  });
  afterAll(() => fx?.remove());
  return late(() => fx, 'the fixture');
}

/**
 * A {@link useFixture} tree of `files` and the two servers the bad-input tests compare around
 * it, for the tests of the enclosing file or `describe`: `strict` (fallthrough false) and
 * `lenient` (the default).
 */
export function useStrictAndLenient(files: Record<string, string | Buffer>): { fx: Fixture; strict: TestServer; lenient: TestServer } {
  const fx = useFixture(files);
  let strict: TestServer | undefined;
  let lenient: TestServer | undefined;
  beforeAll(async () => {
    strict = await serve(serveStatic(fx.root, { fallthrough: false }));
    lenient = await serve(serveStatic(fx.root));
  });
  afterAll(async () => {
    await strict?.close();
    await lenient?.close();
  });
  return { fx, strict: late(() => strict, 'the strict server'), lenient: late(() => lenient, 'the lenient server') };
}

/** The weak ETag send computes for a file of `size` bytes modified at `mtime`. */
export function etagFor(size: number, mtime: Date): string {
  return `W/"${size.toString(16)}-${mtime.getTime().toString(16)}"`;
}

/** Runs `fn` against a fresh server around `mw` and closes it afterwards. */
export async function withServer<T>(mw: StaticMiddleware, fn: (t: TestServer) => Promise<T>, mount?: string): Promise<T> {
  const t = await serve(mw, mount);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/** An expected answer: the request (`'/path'` for GET, or `'HEAD /path'`), the status, and the body text if the test checks it. */
export type Answer = [request: string, status: number, text?: string];

/**
 * Sends the requests one after the other (raw, as {@link raw} does) to a fresh server around
 * `mw`, checks each answer's status and text, and returns the closed server for its `calls`.
 */
export async function expectAnswers(mw: StaticMiddleware, answers: Answer[], mount?: string): Promise<TestServer> {
  const t = await serve(mw, mount);
  try {
    for (const [ask, status, text] of answers) {
      const space = ask.indexOf(' ');
      const res = await raw(t.server, space < 0 ? 'GET' : ask.slice(0, space), ask.slice(space + 1));
      expect({ request: ask, status: res.status, text: text === undefined ? undefined : res.text }).toEqual({ request: ask, status, text });
    }
  } finally {
    await t.close();
  }
  return t;
}

/** The fields of the error passed to `next` in call `i`, as a plain object (or undefined). */
export function errorOf(
  t: Pick<TestServer, 'calls'>,
  i = 0,
): { status: number; statusCode: number; expose: boolean; message: string; code?: string; headers?: Record<string, string> } | undefined {
  const call = t.calls[i];
  if (call === undefined || call.kind !== 'error') return undefined;
  const { status, statusCode, expose, message, code, headers } = call.err;
  return { status, statusCode, expose, message, ...(code !== undefined ? { code } : {}), ...(headers !== undefined ? { headers } : {}) };
}

/** serve-static 1.x (`serve-static-v1`), the reference of the 4.x entry `@webfw/static/v4`. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const serveStaticV1 = require('serve-static-v1') as ((root: string, options?: object) => StaticMiddleware) & { mime: unknown };

/** What a `next` call looked like, as plain data (the error's fields and class name). */
export type NextSeen = { kind: 'next' } | ({ kind: 'error'; name: string } & NonNullable<ReturnType<typeof errorOf>>);

/** One answer as the differential tests compare it: status, headers but Date, body bytes, `next` calls. */
export interface Observed {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  next: NextSeen[];
}

/** One request of a differential table and the answer expected from both implementations. */
export interface V1Case {
  /** `'/path'` for GET, or `'METHOD /path'`. */
  ask: string;
  /** Request headers. */
  headers?: Record<string, string>;
  status: number;
  /** The body as UTF-8 text, when checked. */
  text?: string;
  /** Response headers expected (lower-case names); `undefined` means absent. */
  has?: Record<string, string | undefined>;
  /** What `next` received: nothing (the default), `'next'`, or an error with that status. */
  next?: 'next' | number;
}

/** Sends `c` to the server of `t` and describes the answer (only the `next` calls it caused). */
export async function observe(t: TestServer, c: Pick<V1Case, 'ask' | 'headers'>): Promise<Observed> {
  const before = t.calls.length;
  const space = c.ask.indexOf(' ');
  const res = await raw(t.server, space < 0 ? 'GET' : c.ask.slice(0, space), c.ask.slice(space + 1), c.headers);
  const headers = { ...res.headers };
  delete headers['date'];
  const next = t.calls.slice(before).map((call, i): NextSeen => {
    if (call.kind !== 'error') return { kind: 'next' };
    return { kind: 'error', name: call.err.name, ...errorOf(t, before + i)! };
  });
  return { status: res.status, headers, body: res.body, next };
}

/**
 * Serves `root` with serve-static 1.x and with `mine` (the 4.x entry, both given `options`),
 * sends every case to both (raw, one after the other, mounted at `mount` when given), and
 * expects the same answer from both (status, headers but Date, body bytes, `next` calls) and
 * the answer the case expects. Returns how many requests were compared.
 */
export async function expectSameAsV1(
  mine: (root: string, options?: object) => StaticMiddleware,
  root: string,
  options: object | undefined,
  cases: V1Case[],
  mount?: string,
): Promise<number> {
  const ref = await serve(serveStaticV1(root, options), mount);
  const own = await serve(mine(root, options), mount);
  try {
    for (const c of cases) {
      const ask = c.headers === undefined ? c.ask : `${c.ask} ${JSON.stringify(c.headers)}`;
      const fromRef = await observe(ref, c);
      const fromOwn = await observe(own, c);
      expect({ ask, ...fromOwn }).toEqual({ ask, ...fromRef });
      const has: Record<string, string | undefined> = {};
      for (const name of Object.keys(c.has ?? {})) has[name] = fromOwn.headers[name];
      const next = fromOwn.next.map((n) => (n.kind === 'next' ? 'next' : n.status));
      expect({ ask, status: fromOwn.status, text: c.text === undefined ? undefined : fromOwn.body.toString('utf8'), has, next }).toEqual({
        ask,
        status: c.status,
        text: c.text,
        has: c.has ?? {},
        next: c.next === undefined ? [] : [c.next],
      });
    }
  } finally {
    await ref.close();
    await own.close();
  }
  return cases.length;
}
