/**
 * The ecosystem harness: one app definition, built once with express 5 and once with webfw,
 * both listening on 127.0.0.1 port 0; every request is sent to both (node:http, no keep-alive)
 * and the two answers are compared: status, every header, body bytes.
 *
 * Not compared: `Date` (the clock) and the value of `X-Powered-By` (webfw's one allowed
 * difference: its presence is compared, and each side's value checked). Values that vary per
 * run (session ids, CSRF tokens, `X-Response-Time`, cookie expiry dates...) are named per
 * request as `vary` rules: each rule's pattern must match on both sides (so the value is
 * present and well-formed) and the matched text is replaced by a placeholder before comparing.
 *
 * Each side keeps its own cookie jar, so flows across requests (login, then read the session)
 * carry each app's own cookies; a request may be a function of the side's previous answer
 * (e.g. to echo a CSRF token that app handed out).
 */
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type RequestHandler } from 'express';
import webfw from '@webfw/core';
import { fetchListener, type FetchHandler } from '@webfw/test-support/fetch';

/**
 * What an app definition is handed: `express` or `webfw`. webfw is drop-in compatible by
 * contract, so the definition is written (and typed) the way an express user writes it.
 */
export type Factory = typeof express;
/** An app as the definition returns it. */
export type App = ReturnType<Factory>;
/** The two frameworks compared. */
export type Side = 'express' | 'webfw';

const FACTORIES: ReadonlyArray<readonly [Side, Factory]> = [
  ['express', express],
  ['webfw', webfw as unknown as Factory],
];

/** The `X-Powered-By` value each side must send while the app leaves it on. */
export const POWERED_BY: Readonly<Record<Side, string>> = { express: 'Express', webfw: 'webfw' };

/** One request, sent byte for byte the same to both apps. */
export interface Outgoing {
  method?: string;
  /** Request target as written on the request line (nothing is normalized). */
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Send the side's cookie jar as `Cookie` (default true; a `Cookie` header given here wins). */
  cookies?: boolean;
}

/** One answer as read off the wire. */
export interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The body decoded as UTF-8. */
  readonly text: string;
  /** The body parsed as JSON. */
  json<T = unknown>(): T;
}

/** A value that differs per run: where it is, and its shape. */
export interface Vary {
  /** A header name (lower case) or `body`. */
  in: string;
  /** The varying part; must match at least once on each side (made global if it is not). */
  pattern: RegExp;
  /** Placeholder it is replaced by before comparing (default `<varies>`). */
  as?: string;
}

/** How one exchange is sent and compared. */
export interface SendOptions {
  vary?: Vary[];
  /** Remove stack frames from the body (they name each framework's internals); at least one must be there. */
  stack?: boolean;
  /** Milliseconds to wait for each side's answer (default 5000). */
  timeout?: number;
}

/** The state of one side handed to a request written as a function. */
export interface SideState {
  side: Side;
  /** That side's previous answer (undefined before the first). */
  last: Reply | undefined;
}

/** A request, or a function of the side that builds it (to echo a token that side handed out). */
export type RequestSpec = Outgoing | ((state: SideState) => Outgoing);

/** Both answers to one exchange, already compared. */
export interface Exchange {
  express: Reply;
  webfw: Reply;
}

interface Running {
  side: Side;
  app: App;
  server: Server;
  jar: Map<string, string>;
  last: Reply | undefined;
}

const open = new Set<Pair>();

/** The same app running twice: once on express 5, once on webfw. */
export class Pair {
  readonly #sides: Running[];

  /** @internal Use {@link build}. */
  constructor(sides: Running[]) {
    this.#sides = sides;
  }

  /** The app of one side (to reach its settings or locals from a test). */
  app(side: Side): App {
    return this.#side(side).app;
  }

  /** The cookie jar of one side (name -> value). */
  cookies(side: Side): ReadonlyMap<string, string> {
    return this.#side(side).jar;
  }

  /**
   * Sends the request to both apps at once, waits for both answers and asserts they are the
   * same (status, headers but `Date`, `X-Powered-By` presence, body bytes) once the `vary`
   * rules and `stack` are applied. Rejects naming the side that did not answer in time.
   */
  async send(spec: RequestSpec, options: SendOptions = {}): Promise<Exchange> {
    const settled = await Promise.allSettled(
      this.#sides.map((s) => {
        const out = typeof spec === 'function' ? spec({ side: s.side, last: s.last }) : spec;
        return roundTrip(s, out, options.timeout ?? 5000);
      }),
    );
    const failures = settled.flatMap((r, i) => (r.status === 'rejected' ? [`${this.#sides[i]!.side}: ${String((r.reason as Error).message)}`] : []));
    if (failures.length > 0) throw new Error(failures.join('\n'));
    const replies = settled.map((r) => (r as PromiseFulfilledResult<Reply>).value);
    replies.forEach((reply, i) => {
      const s = this.#sides[i]!;
      s.last = reply;
      keepCookies(s.jar, reply.headers['set-cookie']);
      const powered = reply.headers['x-powered-by'];
      if (powered !== undefined) expect(`${s.side}: ${String(powered)}`).toBe(`${s.side}: ${POWERED_BY[s.side]}`);
    });
    const [ex, wf] = replies;
    if (!ex || !wf) throw new Error(`expected an answer from each side, got ${replies.length}`);
    const reference = comparable(ex, 'express', options);
    expect(comparable(wf, 'webfw', options)).toEqual(reference);
    return { express: ex, webfw: wf };
  }

  /** Stops both servers (open sockets included). */
  async close(): Promise<void> {
    open.delete(this);
    await Promise.all(this.#sides.map((s) => stop(s.server)));
  }

  #side(side: Side): Running {
    const found = this.#sides.find((s) => s.side === side);
    if (!found) throw new Error(`no side ${side}`);
    return found;
  }
}

/** How the webfw side is served: `app.listen` (the default), or its `app.fetch` handler on node:http. */
let webfwTransport: 'listen' | 'fetch' = 'listen';

/** Serves the webfw side of every later `build` through `transport` (middleware.fetch.test.ts: `fetch`). */
export function serveWebfwThrough(transport: 'listen' | 'fetch'): void {
  webfwTransport = transport;
}

/**
 * Builds the app twice, calling `define(express)` and `define(webfw)`, and starts both on
 * 127.0.0.1 port 0 through `app.listen` (as users run them; the webfw side through its
 * `app.fetch` handler after `serveWebfwThrough('fetch')`).
 */
export async function build(define: (factory: Factory, side: Side) => App): Promise<Pair> {
  const sides: Running[] = [];
  for (const [side, factory] of FACTORIES) {
    const app = define(factory, side);
    const server = await new Promise<Server>((resolve, reject) => {
      if (side === 'webfw' && webfwTransport === 'fetch') {
        const s = createServer(fetchListener((app as unknown as { fetch: FetchHandler }).fetch));
        s.once('error', reject).listen(0, '127.0.0.1', () => resolve(s));
        return;
      }
      const s: Server = app.listen(0, '127.0.0.1', (err?: Error) => (err ? reject(err) : resolve(s)));
    });
    sides.push({ side, app, server, jar: new Map(), last: undefined });
  }
  const pair = new Pair(sides);
  open.add(pair);
  return pair;
}

/**
 * The smallest app to try a middleware on: `middleware()` used app-wide (a fresh one per app;
 * none when omitted), then `GET /` answered with `res.send(body)`. For `build`.
 */
export function answering(body: string, middleware?: () => RequestHandler): (factory: Factory) => App {
  return (fw) => {
    const app = fw();
    if (middleware) app.use(middleware());
    app.get('/', (_req, res) => {
      res.send(body);
    });
    return app;
  };
}

/** Closes every pair still open (for `afterEach`). */
export async function closeAll(): Promise<void> {
  await Promise.all([...open].map((p) => p.close()));
}

/** Starts a plain node:http server on 127.0.0.1 port 0 (an upstream for proxies). */
export function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Stops a server, closing its open sockets. */
export function stop(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function roundTrip(s: Running, out: Outgoing, timeout: number): Promise<Reply> {
  const { port } = s.server.address() as AddressInfo;
  const headers: Record<string, string | string[]> = { ...(out.headers ?? {}) };
  const names = new Set(Object.keys(headers).map((k) => k.toLowerCase()));
  // the two servers have different ports: both are sent the same Host
  if (!names.has('host')) headers.Host = 'localhost:3000';
  if (out.body !== undefined && !names.has('content-length') && !names.has('transfer-encoding')) {
    headers['Content-Length'] = String(Buffer.byteLength(out.body));
  }
  if (out.cookies !== false && !names.has('cookie') && s.jar.size > 0) {
    headers.Cookie = [...s.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  const method = out.method ?? 'GET';
  return new Promise<Reply>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path: out.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        clearTimeout(timer);
        resolve(makeReply(res.statusCode ?? 0, res.headers, Buffer.concat(chunks)));
      });
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer to ${method} ${out.path} within ${timeout} ms`));
    }, timeout);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    if (out.body !== undefined) req.write(out.body);
    req.end();
  });
}

function makeReply(status: number, headers: IncomingHttpHeaders, body: Buffer): Reply {
  return {
    status,
    headers,
    body,
    get text() {
      return body.toString('utf8');
    },
    json<T>(): T {
      return JSON.parse(body.toString('utf8')) as T;
    },
  };
}

function keepCookies(jar: Map<string, string>, setCookie: string[] | undefined): void {
  for (const line of setCookie ?? []) {
    const [pair = '', ...attrs] = line.split(';');
    const eq = pair.indexOf('=');
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const expired = attrs.some((a) => {
      const [k = '', v = ''] = a.trim().split('=');
      if (k.toLowerCase() === 'max-age') return Number(v) <= 0;
      if (k.toLowerCase() === 'expires') return Date.parse(v) <= Date.now();
      return false;
    });
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
}

const FRAME_LINE = /^ *at .*$\n?/gm; // text/plain and JSON-decoded stacks
const FRAME_HTML = /<br> &nbsp; &nbsp;at [^<]*/g; // finalhandler's page
const FRAME_LI = /<li> &nbsp; &nbsp;at [^<]*<\/li>/g; // errorhandler's page
const FRAME_JSON = /\\n {4}at (?:[^"\\]|\\.)*?(?=\\n|")/g; // stacks inside JSON strings

function applyRule(side: Side, where: string, value: string, rule: Vary): string {
  const pattern = rule.pattern.global ? rule.pattern : new RegExp(rule.pattern.source, `${rule.pattern.flags}g`);
  pattern.lastIndex = 0;
  if (!pattern.test(value)) throw new Error(`${side}: ${where} ${JSON.stringify(value)} does not match ${String(rule.pattern)}`);
  pattern.lastIndex = 0;
  return value.replace(pattern, rule.as ?? '<varies>');
}

function comparable(reply: Reply, side: Side, options: SendOptions): { status: number; headers: Record<string, string | string[]>; body: string } {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.headers)) {
    if (value === undefined || name === 'date') continue;
    headers[name] = name === 'x-powered-by' ? '<present>' : value;
  }
  let body = reply.body.toString('latin1');
  for (const rule of options.vary ?? []) {
    if (rule.in === 'body') {
      body = applyRule(side, 'body', body, rule);
      continue;
    }
    const value = headers[rule.in];
    if (value === undefined) throw new Error(`${side}: header ${rule.in} missing (expected ${String(rule.pattern)})`);
    if (Array.isArray(value)) {
      // a rule on a list header (Set-Cookie) applies to the entries it matches; one must match
      const matched = value.some((v) => new RegExp(rule.pattern.source, rule.pattern.flags.replace('g', '')).test(v));
      if (!matched) throw new Error(`${side}: header ${rule.in} ${JSON.stringify(value)} does not match ${String(rule.pattern)}`);
      headers[rule.in] = value.map((v) =>
        v.replace(new RegExp(rule.pattern.source, rule.pattern.flags.includes('g') ? rule.pattern.flags : `${rule.pattern.flags}g`), rule.as ?? '<varies>'),
      );
    } else {
      headers[rule.in] = applyRule(side, `header ${rule.in}`, value, rule);
    }
  }
  if (options.stack) {
    const before = body;
    body = body.replace(FRAME_HTML, '').replace(FRAME_LI, '').replace(FRAME_JSON, '').replace(FRAME_LINE, '');
    if (body === before) throw new Error(`${side}: expected a stack trace in the body: ${JSON.stringify(before.slice(0, 300))}`);
    // the body length follows the frames: its presence is compared, the body itself is
    if (headers['content-length'] !== undefined) headers['content-length'] = '<present>';
  }
  return { status: reply.status, headers, body };
}
