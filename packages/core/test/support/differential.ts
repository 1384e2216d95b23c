/**
 * Differential harness: one app definition `(framework) => app`, built with express 5 and with
 * @webfw/core, the same raw HTTP requests sent to both, the responses compared.
 *
 * Compared: status, body (bytes), and every response header except `Date`, `Connection`,
 * `Keep-Alive` and the value of `X-Powered-By` (its presence is compared). Expires dates inside
 * Set-Cookie / Expires headers are compared with a 2 s tolerance (they derive from the clock).
 */
import { request as httpRequest, type Server } from 'node:http';
import { isDeepStrictEqual } from 'node:util';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import webfw from '@webfw/core';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express');

/** Either framework: `express` or `webfw` (same surface by contract). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Framework = any;
/** An app of either framework. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type App = any;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any;

export const frameworks: Record<'express' | 'webfw', Framework> = { express, webfw };

/** Every property express derives from a request's headers, socket and URL, as a plain object to answer with. */
export function derivedProperties(req: Any): Record<string, unknown> {
  return {
    ip: req.ip,
    ips: req.ips,
    hostname: req.hostname,
    host: req.host,
    protocol: req.protocol,
    secure: req.secure,
    subdomains: req.subdomains,
    path: req.path,
    xhr: req.xhr,
    fresh: req.fresh,
    stale: req.stale,
  };
}

export { gzipSync };

/** A request sent to both apps. */
export interface Req {
  method?: string;
  path: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
}

/** A response as read off the wire. */
export interface Res {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export interface CompareOptions {
  /** Normalize stack traces in the default error page (frames differ between frameworks). */
  stack?: boolean;
  /** Header names (lower case) not compared, with the reason in a comment at the call site. */
  ignoreHeaders?: string[];
  /** Use http.createServer(app) (foreign server) instead of app.listen. */
  foreignServer?: boolean;
  /** The two frameworks compared (default: express 5 and @webfw/core). */
  frameworks?: Record<'express' | 'webfw', Framework>;
  /** Also compare the depd warnings (`deprecation` events) each request caused, in order. */
  deprecations?: boolean;
}

let comparisons = 0;
/** Number of request/response pairs compared so far in this file. */
export function comparisonCount(): number {
  return comparisons;
}

function listenApp(app: App, foreign: boolean): Promise<Server> {
  return new Promise((resolve, reject) => {
    if (foreign) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const server: Server = require('node:http').createServer(app);
      server.listen(0, '127.0.0.1', () => resolve(server));
      server.on('error', reject);
    } else {
      const server: Server = app.listen(0, '127.0.0.1', () => resolve(server));
      server.on('error', reject);
    }
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/** Sends one raw request (the path is written as given, nothing is normalized). */
export function send(server: Server, req: Req): Promise<Res> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | string[]> = { ...(req.headers ?? {}) };
    const lower = Object.keys(headers).map((k) => k.toLowerCase());
    // the port differs between the two servers: send the same Host to both
    if (!lower.includes('host')) headers.Host = 'localhost:3000';
    if (req.body !== undefined && !lower.includes('content-length') && !lower.includes('transfer-encoding')) {
      headers['Content-Length'] = String(Buffer.byteLength(req.body));
    }
    const r = httpRequest({ host: '127.0.0.1', port, method: req.method ?? 'GET', path: req.path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h: Record<string, string | string[]> = {};
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h[k] = v;
        resolve({ status: res.statusCode ?? 0, headers: h, body: Buffer.concat(chunks).toString('latin1') });
      });
      res.on('error', reject);
    });
    r.on('error', reject);
    if (req.body !== undefined) r.write(req.body);
    r.end();
  });
}

const DATE_RE = /(expires=)([^;]+)/gi;

function normalizeStack(body: string): string {
  // express/finalhandler: "<pre>Error: boom<br> &nbsp; &nbsp;at frame<br> ...</pre>"
  return body.replace(/<br> &nbsp; &nbsp;at [^<]*/g, '');
}

interface Normalized {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
  dates: number[];
  /** The depd warnings (`<namespace>: <message>`) the request caused (with `deprecations`). */
  warnings?: string[];
}

function normalize(res: Res, opts: CompareOptions): Normalized {
  const headers: Record<string, string | string[]> = {};
  const dates: number[] = [];
  const ignore = new Set(['date', 'connection', 'keep-alive', ...(opts.ignoreHeaders ?? [])]);
  for (const [k, v] of Object.entries(res.headers)) {
    if (ignore.has(k)) continue;
    if (k === 'x-powered-by') {
      headers[k] = '<present>';
      continue;
    }
    const fix = (s: string): string =>
      s.replace(DATE_RE, (_m, p: string, d: string) => {
        const t = Date.parse(d);
        if (t > 86400000) {
          dates.push(t);
          return `${p}<date>`;
        }
        return `${p}${d}`;
      });
    if (k === 'expires' && typeof v === 'string') {
      const t = Date.parse(v);
      if (t > 86400000) {
        dates.push(t);
        headers[k] = '<date>';
        continue;
      }
    }
    headers[k] = Array.isArray(v) ? v.map(fix) : fix(v);
  }
  let body = res.body;
  if (opts.stack) {
    body = normalizeStack(body);
    delete headers['content-length'];
  }
  return { status: res.status, headers, body, dates };
}

/** One request with the normalized answer of each framework. */
export interface Pair {
  req: Req;
  express: Normalized;
  webfw: Normalized;
}

/**
 * Runs `build` with both frameworks, sends every request to both, returns the pairs: one per
 * request, in order (typed as a tuple when `reqs` is an array literal).
 */
export async function run<R extends Req[]>(build: (fw: Framework) => App, reqs: [...R], opts: CompareOptions = {}): Promise<{ [K in keyof R]: Pair }> {
  const pair = opts.frameworks ?? frameworks;
  const eApp = build(pair.express);
  const wApp = build(pair.webfw);
  let warnings: string[] = [];
  const onDeprecation = (err: Error & { namespace?: string }): void => {
    warnings.push(`${String(err.namespace)}: ${err.message}`);
  };
  const eServer = await listenApp(eApp, opts.foreignServer ?? false);
  const wServer = await listenApp(wApp, opts.foreignServer ?? false);
  if (opts.deprecations) process.on('deprecation', onDeprecation);
  try {
    const out: Pair[] = [];
    for (const req of reqs) {
      warnings = [];
      const e = normalize(await send(eServer, req), opts);
      if (opts.deprecations) e.warnings = warnings;
      warnings = [];
      const w = normalize(await send(wServer, req), opts);
      if (opts.deprecations) w.warnings = warnings;
      out.push({ req, express: e, webfw: w });
      if (process.env.DIFF_DUMP) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require('node:fs').appendFileSync(process.env.DIFF_DUMP, `${label(req)} => ${e.status} ${JSON.stringify(e.headers)} ${e.body.slice(0, 120)}\n`);
      }
    }
    // one pair pushed per request above
    return out as { [K in keyof R]: Pair };
  } finally {
    if (opts.deprecations) process.off('deprecation', onDeprecation);
    await closeServer(eServer);
    await closeServer(wServer);
  }
}

function label(req: Req): string {
  return `${req.method ?? 'GET'} ${req.path}${req.headers ? ' ' + JSON.stringify(req.headers) : ''}`;
}

/**
 * Asserts each webfw response equals express's response (status, headers, body) to each of
 * `reqs` (a string: GET that path). All pairs are compared before failing, and the failure lists
 * every mismatching request.
 */
export async function compare(build: (fw: Framework) => App, reqs: Array<Req | string>, opts: CompareOptions = {}): Promise<void> {
  const pairs = await run(
    build,
    reqs.map((req) => (typeof req === 'string' ? get(req) : req)),
    opts,
  );
  const got: unknown[] = [];
  const want: unknown[] = [];
  for (const { req, express: e, webfw: w } of pairs) {
    comparisons++;
    const datesOk = w.dates.length === e.dates.length && w.dates.every((d, i) => Math.abs(d - e.dates[i]!) <= 2000);
    const a = { req: label(req), status: w.status, headers: w.headers, body: w.body, datesOk, warnings: w.warnings };
    const b = { req: label(req), status: e.status, headers: e.headers, body: e.body, datesOk: true, warnings: e.warnings };
    if (!isDeepStrictEqual(a, b)) {
      got.push(a);
      want.push(b);
    }
  }
  expect(got).toEqual(want);
}

/** Shorthand for a GET request. */
export const get = (path: string, headers?: Record<string, string | string[]>): Req => ({ path, headers });

/**
 * Middleware that reads `req[property]` first (so a value derived from the old URL could be kept)
 * and then rewrites `req.url` to `url`: what a later read of the property must follow.
 */
export function rewriteUrlAfterReading(property: string, url: string): (req: Any, res: Any, next: Any) => void {
  return (req, _res, next) => {
    void req[property];
    req.url = url;
    next();
  };
}

/**
 * The `build` of most differential tests: a new app of the framework, set up by `setup` (which
 * also gets the framework, for its middleware and routers).
 */
export function buildApp(setup: (app: App, fw: Framework) => void): (fw: Framework) => App {
  return (fw) => {
    const app = fw();
    setup(app, fw);
    return app;
  };
}

/** A fixture tree for static/sendFile tests, created once per test file. */
export function makeFixtures(): string {
  // base/public is the served root; base/webfw-diff-outside.txt is the traversal target
  const base = mkdtempSync(join(tmpdir(), 'webfw-diff-'));
  const root = join(base, 'public');
  afterAll(() => rmSync(base, { recursive: true, force: true }));
  const files: Record<string, string> = {
    'index.html': '<p>index</p>',
    'hello.txt': 'hello world',
    'a b.txt': 'space',
    '.secret': 'dotfile',
    'data.json': '{"a":1}',
    'dir/index.html': '<p>dir index</p>',
    'dir/x.txt': 'x',
    'empty/.keep': '',
    '.hidden-dir/f.txt': 'in hidden dir',
    'nodot/page.html': 'page',
    'ümlaut.txt': 'umlaut',
    'big.txt': 'abcdefghij'.repeat(10000),
  };
  for (const [name, content] of Object.entries(files)) {
    const full = join(root, name);
    mkdirSync(join(full, '..'), { recursive: true });
    writeFileSync(full, content);
    utimesSync(full, new Date('2024-01-01T00:00:00Z'), new Date('2024-01-01T00:00:00Z'));
  }
  mkdirSync(join(root, 'noindex'));
  writeFileSync(join(root, '..', 'webfw-diff-outside.txt'), 'outside');
  return root;
}

// Both final handlers log errors to stderr outside the 'test' env; keep the output readable.
beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterAll(() => {
  jest.restoreAllMocks();
});
