/**
 * Targets suite: the cases the targets compare, in one run, and every target with its status.
 * `npm run bench -- quick` runs this suite alone with shorter loads; the full bench runs it with
 * the usual ones.
 *
 * Over HTTP (the frameworks suite's servers, cases round-robin, medians of ROUNDS rounds):
 *   (a) GET hello JSON and (b) GET /user/:id among 50 routes: webfw >= 1.05x fastify and
 *       >= 0.95x bare node:http;
 *   (g) the same route in a sub-app mounted at `/` (`app.use('/', sub)`) >= 0.9x the route in
 *       a mounted Router, and in a sub-app two levels deep >= 0.85x;
 *   (h) the express 4 entry (`@webfw/core/v4`) >= 0.95x the 5.x entry on (a), (b) and (c).
 * Over HTTP/2 and TLS (h2load, lib/h2load.mjs, hello JSON):
 *   (i) servers the user made, `http2.createServer(app)`, `http2.createSecureServer(options,
 *       app)` and `https.createServer(options, app)`, >= 0.95x `app.listen` with the same protocol;
 *   (j) HTTP/2 over TLS (`app.listen`) >= 1.05x fastify's HTTP/2 mode.
 * Figures kept beside them, not targets (meeting them would need dropping express
 * behaviour): (c) POST echo of 1 KB JSON against fastify, (e) the combined logger's
 * cost, and, in process (lib/router-inprocess.mjs), @webfw/router against router 2.x on
 * `/user/:id` among 50 routes and the last of 1,000 `/rN/:id` routes against the first.
 * Figures that explain a gap: fastify against node:http on (a) and (b), node:http2 against
 * fastify on (j), and webfw without the two headers express sends and the others do not
 * (ETag and X-Powered-By: `BENCH_HEADERS=bare` in the servers) on (a), (b) and (j).
 * Throughput ratios decide; the same ratios in server CPU per request are printed beside them.
 * With BENCH_PROFILE=1 each target's cases are also CPU-profiled and the profiles printed ((a),
 * (b), (c), (e), (g), (h) and (j), the HTTP/2 ones under h2load; lib/profile.mjs: µs per request
 * by part of the stack; BENCH_PROFILE_ROUNDS rounds, 3 by default, the median profile counts).
 * With BENCH_WRITE_DOCS=1 the tables go into docs/performance.md (between its markers).
 *
 * Every run records its targets under node_modules/.cache/bench/targets-node<major>.json (the
 * node, the commit, the date, the rounds); a run writing the docs adds, beside its own figures,
 * one column per other major recorded there (`BENCH_NODE=22 npm run bench -- quick`, then 26,
 * before the Node 24 run that writes the docs).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATION, ROUNDS, printTable, runCases } from '../lib/harness.mjs';
import { H2_LOAD, benchCertificate, loadH2Case, printH2Table, runH2Cases } from '../lib/h2load.mjs';
import { profileRounds } from '../lib/profile.mjs';
import { printRouters } from '../lib/router-inprocess.mjs';
import { writeDocSection } from '../lib/doc-section.mjs';
import { echoBody } from '../servers/frameworks/common.mjs';

const server = (name) => fileURLToPath(new URL(`../servers/frameworks/${name}.mjs`, import.meta.url));

const hello = { method: 'GET', path: '/' };
const user = { method: 'GET', path: '/user/42' };
const echo = { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: echoBody };

/** The HTTP cases, all in one round-robin so every ratio compares figures of the same rounds. */
const CASES = [
  { name: '(a) node', server: server('node'), args: ['hello'], request: hello },
  { name: '(a) fastify', server: server('fastify'), args: ['hello'], request: hello },
  { name: '(a) webfw', server: server('webfw'), args: ['hello'], request: hello },
  { name: '(b) node', server: server('node'), args: ['routes'], request: user },
  { name: '(b) fastify', server: server('fastify'), args: ['routes'], request: user },
  { name: '(b) webfw', server: server('webfw'), args: ['routes'], request: user },
  { name: '(c) node', server: server('node'), args: ['echo'], request: echo },
  { name: '(c) fastify', server: server('fastify'), args: ['echo'], request: echo },
  { name: '(c) webfw', server: server('webfw'), args: ['echo'], request: echo },
  // not a target: what the ETag costs under load (the same app with `app.set('etag', false)`)
  { name: '(c) webfw, etag off', server: server('webfw'), args: ['echo'], env: { BENCH_ETAG: 'off' }, request: echo },
  // not targets: the same apps without the two headers express adds and bare node:http does not send
  { name: '(a) webfw, no ETag or X-Powered-By', server: server('webfw'), args: ['hello'], env: { BENCH_HEADERS: 'bare' }, request: hello },
  { name: '(b) webfw, no ETag or X-Powered-By', server: server('webfw'), args: ['routes'], env: { BENCH_HEADERS: 'bare' }, request: user },
  { name: '(e) webfw + combined logger', server: server('webfw'), args: ['logged'], request: hello },
  { name: '(g) webfw, route in a Router', server: server('webfw'), args: ['routes'], env: { BENCH_MOUNT: 'router' }, request: user },
  { name: '(g) webfw, route in a sub-app', server: server('webfw'), args: ['routes'], env: { BENCH_MOUNT: 'app' }, request: user },
  { name: '(g) webfw, route two sub-apps deep', server: server('webfw'), args: ['routes'], env: { BENCH_MOUNT: 'app2' }, request: user },
  { name: '(h) webfw /v4, hello', server: server('webfw'), args: ['hello'], env: { BENCH_ENTRY: 'v4' }, request: hello },
  { name: '(h) webfw /v4, /user/:id', server: server('webfw'), args: ['routes'], env: { BENCH_ENTRY: 'v4' }, request: user },
  { name: '(h) webfw /v4, echo', server: server('webfw'), args: ['echo'], env: { BENCH_ENTRY: 'v4' }, request: echo },
];

/** The HTTP/2 and TLS cases (h2load): hello JSON on `app.listen` and on servers the user made. */
function tlsCases() {
  const { key, cert } = benchCertificate();
  const env = { BENCH_TLS_KEY: key, BENCH_TLS_CERT: cert };
  const h2 = server('webfw-h2');
  return [
    { name: '(i) webfw h2c, app.listen', server: h2, args: ['hello', 'h2c'], env, path: '/' },
    { name: '(i) webfw h2c, http2.createServer(app)', server: h2, args: ['hello', 'h2c'], env: { ...env, BENCH_SERVER: 'created' }, path: '/' },
    { name: '(i) webfw h2 TLS, app.listen', server: h2, args: ['hello', 'tls'], env, path: '/', tls: true },
    {
      name: '(i) webfw h2 TLS, http2.createSecureServer(options, app)',
      server: h2,
      args: ['hello', 'tls'],
      env: { ...env, BENCH_SERVER: 'created' },
      path: '/',
      tls: true,
    },
    { name: '(i) webfw HTTPS/1.1, app.listen', server: server('webfw-https'), args: ['hello'], env, path: '/', tls: true, h1: true },
    {
      name: '(i) webfw HTTPS/1.1, https.createServer(options, app)',
      server: server('webfw-https'),
      args: ['hello'],
      env: { ...env, BENCH_SERVER: 'created' },
      path: '/',
      tls: true,
      h1: true,
    },
    { name: '(j) fastify h2 TLS', server: server('fastify-h2'), args: ['hello', 'tls'], env, path: '/', tls: true },
    // not targets: bare node:http2 (compat API), and webfw without the two headers fastify does not send
    { name: '(j) node:http2 h2 TLS', server: server('node-h2'), args: ['hello', 'tls'], env, path: '/', tls: true },
    { name: '(j) webfw h2 TLS, no ETag or X-Powered-By', server: h2, args: ['hello', 'tls'], env: { ...env, BENCH_HEADERS: 'bare' }, path: '/', tls: true },
  ];
}

/**
 * The targets as rows `{ check, value, cpu, target, met }` from the HTTP rows, the routers'
 * in-process figures and (when given) the HTTP/2 and TLS rows. `cpu` is the same ratio computed from server CPU per request. A figure
 * that is no longer a target has `met` undefined.
 */
export function evaluate(rows, routers, tlsRows = []) {
  const row = (name) => rows.find((r) => r.name === name) ?? tlsRows.find((r) => r.name === name);
  const faster = (a, b) => ({ value: row(a).rps / row(b).rps, cpu: row(b).cpu / row(a).cpu });
  const out = [];
  const atLeast = (check, { value, cpu }, target) => out.push({ check, value, cpu, target: `>= ${target}`, met: value >= target });
  // a figure printed beside the targets: one that is no target, or one that explains a target's gap
  const figure = (check, { value, cpu }, note = 'no target') => out.push({ check, value, cpu, target: note, met: undefined });
  for (const k of ['a', 'b']) {
    atLeast(`(${k}) webfw / fastify`, faster(`(${k}) webfw`, `(${k}) fastify`), 1.05);
    atLeast(`(${k}) webfw / node:http`, faster(`(${k}) webfw`, `(${k}) node`), 0.95);
    figure(`(${k}) fastify / node:http`, faster(`(${k}) fastify`, `(${k}) node`), `beside (${k})`);
    figure(`(${k}) webfw without ETag and X-Powered-By / node:http`, faster(`(${k}) webfw, no ETag or X-Powered-By`, `(${k}) node`), `beside (${k})`);
  }
  figure('(c) webfw / fastify', faster('(c) webfw', '(c) fastify'));
  const logged = row('(e) webfw + combined logger');
  const plain = row('(a) webfw');
  figure("(e) logger's cost: 1 - logged / (a) webfw", { value: 1 - logged.rps / plain.rps, cpu: 1 - plain.cpu / logged.cpu });
  atLeast('(g) route in a sub-app / in a Router', faster('(g) webfw, route in a sub-app', '(g) webfw, route in a Router'), 0.9);
  atLeast('(g) route two sub-apps deep / in a Router', faster('(g) webfw, route two sub-apps deep', '(g) webfw, route in a Router'), 0.85);
  atLeast('(h) /v4 / 5.x entry, hello', faster('(h) webfw /v4, hello', '(a) webfw'), 0.95);
  atLeast('(h) /v4 / 5.x entry, /user/:id', faster('(h) webfw /v4, /user/:id', '(b) webfw'), 0.95);
  atLeast('(h) /v4 / 5.x entry, echo', faster('(h) webfw /v4, echo', '(c) webfw'), 0.95);
  if (tlsRows.length !== 0) {
    atLeast('(i) http2.createServer(app) / app.listen, h2c', faster('(i) webfw h2c, http2.createServer(app)', '(i) webfw h2c, app.listen'), 0.95);
    atLeast(
      '(i) http2.createSecureServer(options, app) / app.listen, h2 TLS',
      faster('(i) webfw h2 TLS, http2.createSecureServer(options, app)', '(i) webfw h2 TLS, app.listen'),
      0.95,
    );
    atLeast(
      '(i) https.createServer(options, app) / app.listen, HTTPS/1.1',
      faster('(i) webfw HTTPS/1.1, https.createServer(options, app)', '(i) webfw HTTPS/1.1, app.listen'),
      0.95,
    );
    atLeast('(j) HTTP/2 over TLS: webfw / fastify', faster('(i) webfw h2 TLS, app.listen', '(j) fastify h2 TLS'), 1.05);
    figure(
      '(j) HTTP/2 over TLS: webfw without ETag and X-Powered-By / fastify',
      faster('(j) webfw h2 TLS, no ETag or X-Powered-By', '(j) fastify h2 TLS'),
      'beside (j)',
    );
    figure('(j) HTTP/2 over TLS: node:http2 / fastify', faster('(j) node:http2 h2 TLS', '(j) fastify h2 TLS'), 'beside (j)');
  }
  const w = routers.webfw;
  const r2 = routers['router 2.x'];
  figure('router in process: router 2.x / webfw time, /user/:id of 50', { value: r2.user / w.user });
  figure('router in process: webfw last / first of 1,000 `/rN/:id`', { value: w.last / w.first });
  return out;
}

/** The targets as a markdown table. */
export function targetsTable(checks) {
  const lines = ['| target | throughput ratio | same ratio in CPU per request | target | status |', '|---|---:|---:|---|---|'];
  for (const c of checks) {
    lines.push(
      `| ${c.check} | ${c.value.toFixed(2)} | ${c.cpu === undefined ? '' : c.cpu.toFixed(2)} | ${c.target} | ${c.met === undefined ? 'figure' : c.met ? 'met' : 'missed'} |`,
    );
  }
  return lines.join('\n');
}

/**
 * The profiled groups: a title and the cases (by name) each profile table compares; the
 * HTTP/2 ones are loaded by h2load.
 */
const PROFILED = [
  ['(a) GET hello JSON', ['(a) node', '(a) fastify', '(a) webfw', '(a) webfw, no ETag or X-Powered-By']],
  ['(b) GET /user/:id among 50 routes', ['(b) node', '(b) fastify', '(b) webfw', '(b) webfw, no ETag or X-Powered-By']],
  ['(c) POST echo of 1 KB JSON', ['(c) node', '(c) fastify', '(c) webfw', '(c) webfw, etag off']],
  ['(e) hello behind the combined logger', ['(a) webfw', '(e) webfw + combined logger']],
  [
    '(g) the route in a Router, in a sub-app, two sub-apps deep',
    ['(g) webfw, route in a Router', '(g) webfw, route in a sub-app', '(g) webfw, route two sub-apps deep'],
  ],
  ['(h) the 5.x entry and the express 4 entry, /user/:id among 50 routes', ['(b) webfw', '(h) webfw /v4, /user/:id']],
  [
    '(j) hello JSON over HTTP/2 and TLS',
    ['(j) node:http2 h2 TLS', '(j) fastify h2 TLS', '(i) webfw h2 TLS, app.listen', '(j) webfw h2 TLS, no ETag or X-Powered-By'],
  ],
];

/** Profiles the cases of each group (`h2` the HTTP/2 cases, loaded by h2load) and prints each group's table. */
async function profiles(h2) {
  const find = (name) => {
    const http = CASES.find((c) => c.name === name);
    if (http !== undefined) return http;
    const c = h2.find((x) => x.name === name);
    return { ...c, loadFor: (port, seconds) => loadH2Case(c, port, seconds) };
  };
  for (const [title, names] of PROFILED) console.log(`\n## CPU profile: ${title}\n${await profileRounds(names.map(find))}`);
}

const RECORDS = fileURLToPath(new URL('../../../node_modules/.cache/bench/', import.meta.url));

/** The commit of this tree (with `+` when it has uncommitted changes), or `unknown`. */
function treeCommit() {
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], { encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { encoding: 'utf8' }).trim() !== '';
    return dirty ? `${sha}+` : sha;
  } catch {
    return 'unknown';
  }
}

/** The file this run's record goes to: one per node major (see the head of this file). */
const OWN_RECORD = `targets-node${process.versions.node.split('.')[0]}.json`;

/** Records this run's targets for its node major (see the head of this file); returns the record. */
function recordRun(checks) {
  const record = {
    node: process.version,
    commit: treeCommit(),
    date: new Date().toISOString().slice(0, 10),
    rounds: `${ROUNDS} x ${DURATION} s`,
    checks: checks.map(({ check, value, met }) => ({ check, value, met })),
  };
  mkdirSync(RECORDS, { recursive: true });
  writeFileSync(join(RECORDS, OWN_RECORD), JSON.stringify(record, null, 2) + '\n');
  return record;
}

/** The records of the other node majors' runs, oldest major first. */
function otherRecords() {
  let files = [];
  try {
    files = readdirSync(RECORDS).filter((f) => /^targets-node\d+\.json$/.test(f) && f !== OWN_RECORD);
  } catch {
    // none recorded yet
  }
  return files.map((f) => JSON.parse(readFileSync(join(RECORDS, f), 'utf8'))).sort((a, b) => parseInt(a.node.slice(1)) - parseInt(b.node.slice(1)));
}

/**
 * The targets on several node majors as one markdown table: a row per target of `checks` (this
 * run's), a column for this run and one per record of `others` (`{ node, commit, date, rounds,
 * checks }`), each cell the ratio and its status (a target a record lacks: blank).
 */
export function majorsTable(checks, own, others) {
  const cell = (c) => (c === undefined ? '' : `${c.value.toFixed(2)}${c.met === undefined ? '' : c.met ? ' met' : ' **missed**'}`);
  const lines = [
    `| target | target value | Node ${own.node} | ${others.map((o) => `Node ${o.node}`).join(' | ')} |`,
    `|---|---|---:|${others.map(() => '---:').join('|')}|`,
  ];
  for (const c of checks) {
    if (c.met === undefined) continue;
    lines.push(`| ${c.check} | ${c.target} | ${cell(c)} | ${others.map((o) => cell(o.checks.find((x) => x.check === c.check))).join(' | ')} |`);
  }
  lines.push('', [own, ...others].map((r) => `Node ${r.node}: commit ${r.commit}, ${r.date}, ${r.rounds}.`).join(' '));
  return lines.join('\n');
}

/** Rewrites the targets part of docs/performance.md (between its markers). */
function writeDocs(routers, checks, record) {
  const lines = [
    'Generated by `npm run bench -- targets` with `BENCH_WRITE_DOCS=1` (tooling/bench/suites/targets.mjs).',
    `Servers pinned to CPU 0, autocannon to CPU 1 with 50 connections; the ${CASES.length} cases run ${ROUNDS} times round-robin for ${DURATION} s`,
    `after a 1 s warm-up, the median counts. Machine: ${process.arch}, Node ${process.version}, NODE_ENV=production.`,
    `HTTP/2 and TLS cases under h2load (${H2_LOAD.clients} clients x ${H2_LOAD.streams} streams; HTTPS/1.1 with \`h2load --h1\`). The cases' own figures are printed by the run.`,
    '',
    'Routers alone, in process (mock request and response, batches of about 10 ms alternated',
    'over 31 rounds, the median batch; ns per dispatch):',
    '',
    '| router | `/user/123` among 50 routes | first of 1,000 `/rN/:id` | last of 1,000 | last / first |',
    '|---|---:|---:|---:|---:|',
    ...Object.entries(routers).map(
      ([name, f]) => `| ${name} | ${f.user.toFixed(0)} | ${f.first.toFixed(0)} | ${f.last.toFixed(0)} | ${(f.last / f.first).toFixed(2)} |`,
    ),
    '',
    targetsTable(checks),
  ];
  const others = otherRecords();
  if (others.length !== 0) {
    lines.push(
      '',
      '### The targets on each Node version',
      '',
      'The same targets on the other Node majors, each column from the last run of this suite on that major on the same machine (`BENCH_NODE=<major> npm run bench -- quick`):',
      '',
      majorsTable(checks, record, others),
    );
  }
  writeDocSection('targets', lines);
}

export async function run() {
  const rows = await runCases(CASES);
  printTable('targets: the cases', rows, '(a) node');
  const h2 = tlsCases();
  const tlsRows = await runH2Cases(h2);
  printH2Table('targets: HTTP/2 and TLS (hello JSON)', tlsRows, '(i) webfw h2c, app.listen');
  console.log(
    `\nbusy (server / load generator): ${rows.map((r) => `${r.name} ${Math.round(r.serverBusy * 100)}% / ${Math.round(r.clientBusy * 100)}%`).join(', ')}`,
  );
  // in a fresh process (pinned to the load generator's CPU, as this one is)
  const script = fileURLToPath(new URL('../lib/router-inprocess.mjs', import.meta.url));
  const routers = printRouters(JSON.parse(execFileSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })));
  const checks = evaluate(rows, routers, tlsRows);
  console.log(`\n## targets\n${targetsTable(checks)}`);
  const record = recordRun(checks);
  if (process.env.BENCH_PROFILE === '1') await profiles(h2);
  if (process.env.BENCH_WRITE_DOCS === '1') writeDocs(routers, checks, record);
  return checks;
}
