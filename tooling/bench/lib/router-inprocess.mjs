/**
 * Routers alone, in process: @webfw/router, router 2.x (express 5's router) and find-my-way
 * (fastify's) dispatching mock requests in a tight loop, no HTTP. Every measured case runs in
 * batches, the batches of all cases alternated round after round (so a burst of background
 * load hits every case alike); the median batch counts. Figures are ns per dispatch.
 *
 * Cases:
 * - `GET /user/123` among the 50 routes of `servers/router/routes.mjs` (`mixed`), `/user/:id`
 *   late in the table;
 * - 1,000 routes `/r<N>/:id`: the first (`/r0/7`) and the last (`/r999/7`) hit.
 * Run as a script (`node lib/router-inprocess.mjs`), it prints the figures as JSON: the
 * targets suite measures them so, in a fresh process whose heap a load generator has not grown.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { mixed } from '../servers/router/routes.mjs';
import { median, roundOrder } from './harness.mjs';

const require = createRequire(import.meta.url);

/** 1,000 routes `/r<N>/:id`, N from 0 to 999, in order. */
export const thousand = Array.from({ length: 1000 }, (_, i) => ['get', `/r${i}/:id`]);

const noop = () => {};

/** Each router built over a route table, as `dispatch(req, res)`; every handler ends the response with `:id` or `ok`. */
const builders = {
  webfw(routes) {
    const r = require('@webfw/router')();
    for (const [m, p] of routes) r[m](p, (req, res) => res.end(req.params.id ?? 'ok'));
    return (req, res) => r(req, res, noop);
  },
  'router 2.x'(routes) {
    const r = require('router')();
    for (const [m, p] of routes) r[m](p, (req, res) => res.end(req.params.id ?? 'ok'));
    return (req, res) => r(req, res, noop);
  },
  'find-my-way'(routes) {
    const r = require('find-my-way')({ defaultRoute: noop });
    for (const [m, p] of routes) r.on(m.toUpperCase(), p, (_req, res, params) => res.end(params.id ?? 'ok'));
    return (req, res) => r.lookup(req, res);
  },
};

/**
 * The in-process cases, `{ router, request, dispatch, url }`: each router on `/user/123` among
 * 50 routes and on the first and last of 1,000 routes.
 */
function cases() {
  const out = [];
  for (const [router, build] of Object.entries(builders)) {
    out.push({ router, request: 'user', dispatch: build(mixed), url: '/user/123' });
    const big = build(thousand);
    out.push({ router, request: 'first', dispatch: big, url: '/r0/7' });
    out.push({ router, request: 'last', dispatch: big, url: '/r999/7' });
  }
  return out;
}

/** ns per dispatch of one batch of `n` requests to `c.url` (a fresh mock request each, one shared mock response). */
function batch(c, n) {
  const res = {
    statusCode: 200,
    body: '',
    setHeader: noop,
    getHeader: noop,
    end(body) {
      this.body = body;
    },
  };
  const { dispatch, url } = c;
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) dispatch({ method: 'GET', url, headers: {} }, res);
  const ns = Number(process.hrtime.bigint() - start) / n;
  if (res.body !== '7' && res.body !== '123') throw new Error(`${c.router} ${c.url}: answered ${res.body}`);
  return ns;
}

/** Time one batch of a case takes (its dispatch count is set from the warm-up's speed). */
const BATCH_NS = 10e6;

/**
 * Runs every case `rounds` times (batches of about 10 ms, at least 200 dispatches, after a
 * warm-up; the cases alternated round after round) and returns
 * `{ [router]: { user, first, last } }` in ns per dispatch (medians of the batches).
 */
export function measureRouters({ rounds = 31 } = {}) {
  const all = cases();
  const sizes = all.map((c) => {
    batch(c, 2000);
    return Math.min(100000, Math.max(200, Math.round(BATCH_NS / batch(c, 2000))));
  });
  const times = all.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const i of roundOrder(all.length, round)) times[i].push(batch(all[i], sizes[i]));
  }
  const out = {};
  all.forEach((c, i) => {
    (out[c.router] ??= {})[c.request] = median(times[i]);
  });
  return out;
}

/** Prints the in-process figures as a table; returns them. */
export function printRouters(figures) {
  console.log('\n## routers in process, no HTTP: ns per dispatch (median batch; lower is better)');
  console.log('| router | /user/123 among 50 routes | first of 1,000 `/rN/:id` | last of 1,000 | last / first |');
  console.log('|---|---:|---:|---:|---:|');
  for (const [name, f] of Object.entries(figures)) {
    console.log(`| ${name} | ${f.user.toFixed(0)} | ${f.first.toFixed(0)} | ${f.last.toFixed(0)} | ${(f.last / f.first).toFixed(2)} |`);
  }
  return figures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(JSON.stringify(measureRouters()));
