/**
 * Router benchmark: @webfw/router side by side with router 2.x (express 5's router) and
 * find-my-way, each over bare node:http, same routes, same requests, one run.
 *
 * (a) 50 mixed routes, requests to `/user/:id` (`GET /user/123`); target: webfw >= 2x router 2.x.
 * (b) 500 routes, requests to the first and to the last; target: webfw last >= 0.8x webfw first.
 *
 * Then the same dispatches in process (no HTTP), to show the routers' own cost per request,
 * which the HTTP numbers include along with node:http's.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, ratio, runCases } from '../lib/harness.mjs';
import { mixed, many } from '../servers/router/routes.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const server = (name) => join(here, '..', 'servers', 'router', `${name}.mjs`);
const get = (path) => ({ method: 'GET', path });

const FIRST = '/api/r0';
const LAST = '/api/r499/42';

/** ns per dispatch of `url` through `dispatch(req, res)` (in process, after warm-up). */
function timeDispatch(dispatch, url) {
  const res = { statusCode: 200, setHeader() {}, end() {} };
  const run = (n) => {
    for (let i = 0; i < n; i++) dispatch({ method: 'GET', url, headers: {} }, res);
  };
  run(20000);
  const n = 200000;
  const start = process.hrtime.bigint();
  run(n);
  return Number(process.hrtime.bigint() - start) / n;
}

async function inProcess() {
  const require = createRequire(join(here, '..', 'package.json'));
  const Webfw = require('@webfw/router');
  const Router2 = require('router');
  const FindMyWay = require('find-my-way');
  const noop = () => {};
  const build = {
    webfw(routes) {
      const r = Webfw();
      for (const [m, p] of routes) r[m](p, (req, res) => res.end(req.params.id ?? 'ok'));
      return (req, res) => r(req, res, noop);
    },
    'router 2.x'(routes) {
      const r = Router2();
      for (const [m, p] of routes) r[m](p, (req, res) => res.end(req.params.id ?? 'ok'));
      return (req, res) => r(req, res, noop);
    },
    'find-my-way'(routes) {
      const r = FindMyWay({ defaultRoute: noop });
      for (const [m, p] of routes) r.on(m.toUpperCase(), p, (_req, res, params) => res.end(params.id ?? 'ok'));
      return (req, res) => r.lookup(req, res);
    },
  };
  console.log('\n## in process, no HTTP: ns per dispatch (lower is better)');
  console.log('| router | (a) /user/123, 50 routes | (b) first of 500 | (b) last of 500 |');
  console.log('|---|---:|---:|---:|');
  const out = {};
  for (const [name, make] of Object.entries(build)) {
    const a = timeDispatch(make(mixed), '/user/123');
    const m = make(many);
    const first = timeDispatch(m, FIRST);
    const last = timeDispatch(m, LAST);
    out[name] = { a, first, last };
    console.log(`| ${name} | ${a.toFixed(0)} | ${first.toFixed(0)} | ${last.toFixed(0)} |`);
  }
  console.log(
    `\nin process: (a) router 2.x / webfw time = ${(out['router 2.x'].a / out.webfw.a).toFixed(2)}x; (b) webfw first/last time = ${(out.webfw.first / out.webfw.last).toFixed(2)}`,
  );
}

export async function run() {
  const a = await runCases([
    { name: 'bare node:http (no routing)', server: server('bare'), request: get('/user/123') },
    { name: '@webfw/router', server: server('webfw'), args: ['mixed'], request: get('/user/123') },
    { name: 'router 2.x', server: server('router2'), args: ['mixed'], request: get('/user/123') },
    { name: 'find-my-way', server: server('find-my-way'), args: ['mixed'], request: get('/user/123') },
  ]);
  printTable('router (a): 50 mixed routes, GET /user/123', a, 'router 2.x');
  const b = await runCases([
    { name: '@webfw/router first', server: server('webfw'), args: ['many'], request: get(FIRST) },
    { name: '@webfw/router last', server: server('webfw'), args: ['many'], request: get(LAST) },
    { name: 'router 2.x first', server: server('router2'), args: ['many'], request: get(FIRST) },
    { name: 'router 2.x last', server: server('router2'), args: ['many'], request: get(LAST) },
    { name: 'find-my-way first', server: server('find-my-way'), args: ['many'], request: get(FIRST) },
    { name: 'find-my-way last', server: server('find-my-way'), args: ['many'], request: get(LAST) },
  ]);
  printTable('router (b): 500 routes, first and last', b, '@webfw/router first');
  console.log('\n### ratios');
  console.log(`(a) @webfw/router / router 2.x = ${ratio(a, '@webfw/router', 'router 2.x').toFixed(2)}x (target >= 2)`);
  console.log(`(a) @webfw/router / find-my-way = ${ratio(a, '@webfw/router', 'find-my-way').toFixed(2)}x`);
  console.log(`(a) @webfw/router / bare node:http = ${ratio(a, '@webfw/router', 'bare node:http (no routing)').toFixed(2)}x`);
  const cpu = (rows, name) => rows.find((r) => r.name === name)?.cpu ?? NaN;
  const bare = cpu(a, 'bare node:http (no routing)');
  console.log(
    `(a) server CPU per request over bare node:http: @webfw/router +${(cpu(a, '@webfw/router') - bare).toFixed(1)} µs, ` +
      `router 2.x +${(cpu(a, 'router 2.x') - bare).toFixed(1)} µs, find-my-way +${(cpu(a, 'find-my-way') - bare).toFixed(1)} µs ` +
      `(throughput can at most reach bare/router 2.x = ${ratio(a, 'bare node:http (no routing)', 'router 2.x').toFixed(2)}x)`,
  );
  console.log(`(b) @webfw/router last / first = ${ratio(b, '@webfw/router last', '@webfw/router first').toFixed(2)}x (target >= 0.8)`);
  console.log(`(b) router 2.x last / first = ${ratio(b, 'router 2.x last', 'router 2.x first').toFixed(2)}x`);
  console.log(`(b) @webfw/router last / router 2.x last = ${ratio(b, '@webfw/router last', 'router 2.x last').toFixed(2)}x`);
  await inProcess();
}
