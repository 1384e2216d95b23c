/**
 * Frameworks suite: bare node:http, express 5, fastify, hono (node-server), koa and webfw on
 * (a) GET hello JSON (webfw also on `http.createServer(app)`), (b) GET /user/:id among 50
 * routes, (c) POST echo of a 1 KB JSON body, (d) a 1 KB static file, (e) (a) behind the
 * combined logger, and over HTTP/2 (h2load) (f) hello JSON and (g) the static file. Prints
 * req/s, p99, peak RSS and each one's ratio to bare node:http, checks webfw's ratios, measures
 * webfw's RSS after 100,000 and 200,000 requests. With BENCH_PROFILE=1 it also profiles webfw
 * and what each check compares it with, and prints the profiles (lib/profile.mjs: µs of CPU per
 * request by part of the stack); with BENCH_WRITE_DOCS=1 it rewrites the part of
 * docs/performance.md for the Node major it runs on, and that major's chart, from the figures.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DURATION, ROUNDS, printTable, ratio, rssAfter, runCases } from '../lib/harness.mjs';
import { renderChart } from '../lib/chart.mjs';
import { DOCS, writeDocSection } from '../lib/doc-section.mjs';
import { profileRounds } from '../lib/profile.mjs';
import { benchCertificate, printH2Table, runH2Cases } from '../lib/h2load.mjs';
import { echoBody } from '../servers/frameworks/common.mjs';

const require = createRequire(import.meta.url);
const server = (name) => fileURLToPath(new URL(`../servers/frameworks/${name}.mjs`, import.meta.url));

const scenarios = [
  { key: 'a', id: 'hello', title: '(a) GET hello JSON', request: { method: 'GET', path: '/' } },
  { key: 'b', id: 'routes', title: '(b) GET /user/:id among 50 routes', request: { method: 'GET', path: '/user/42' } },
  {
    key: 'c',
    id: 'echo',
    title: '(c) POST echo of a 1 KB JSON body',
    request: { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: echoBody },
  },
  { key: 'd', id: 'static', title: '(d) GET a 1 KB static file', request: { method: 'GET', path: '/1kb.txt' } },
  { key: 'e', id: 'logged', title: '(e) (a) behind the combined logger', request: { method: 'GET', path: '/' } },
];

function coreAvailable() {
  try {
    require.resolve('@webfw/core');
    return true;
  } catch {
    return false;
  }
}

/** Whether a check's `value` meets `target` (a negative target is an upper bound: `<= -target`). */
function meets(value, target) {
  return target < 0 ? value <= -target : value >= target;
}

export async function run() {
  const frameworks = ['node', 'express', 'fastify', 'hono', 'koa'];
  if (coreAvailable()) frameworks.push('webfw');
  else console.log('@webfw/core is not built yet: webfw is left out of this run');
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const results = {};
  for (const s of scenarios) {
    if (only && !only.includes(s.key)) continue;
    // (e) runs each framework's hello with and without the logger side by side (bare node has
    // no logger), so the logger's cost is a ratio of two figures measured in the same rounds.
    const cases =
      s.id === 'logged'
        ? frameworks
            .filter((f) => f === 'express' || f === 'webfw')
            .flatMap((f) => [
              { name: f, server: server(f), args: [s.id], request: s.request },
              { name: `${f} (no logger)`, server: server(f), args: ['hello'], request: s.request },
            ])
        : frameworks.map((f) => ({ name: f, server: server(f), args: [s.id], request: s.request }));
    // webfw on a server the user made (`http.createServer(app)`), beside app.listen's
    if (s.key === 'a' && frameworks.includes('webfw'))
      cases.push({ name: 'webfw (http.createServer)', server: server('webfw-created'), args: [s.id], request: s.request });
    const rows = await runCases(cases);
    printTable(s.title, rows, 'node');
    results[s.key] = rows;
  }
  if (frameworks.includes('webfw')) await runHttp2(only, results);
  const checks = [];
  const webfwVs = (key, other) => ratio(results[key] ?? [], 'webfw', other);
  if (results.a) checks.push(['(a) webfw / node', webfwVs('a', 'node'), 0.85], ['(a) webfw / fastify', webfwVs('a', 'fastify'), 1.0]);
  if (results.b) checks.push(['(b) webfw / node', webfwVs('b', 'node'), 0.85], ['(b) webfw / fastify', webfwVs('b', 'fastify'), 1.0]);
  if (results.c) checks.push(['(c) webfw / fastify', webfwVs('c', 'fastify'), 1.0]);
  if (results.d) checks.push(['(d) webfw / express', webfwVs('d', 'express'), 1.5]);
  for (const key of ['f', 'g']) {
    for (const transport of ['h2c', 'tls']) {
      if (results[key]) checks.push([`(${key}) ${transport}: webfw / fastify`, ratio(results[key], `webfw ${transport}`, `fastify ${transport}`), 1.0]);
    }
  }
  if (results.e) {
    const plain = results.e.find((r) => r.name === 'webfw (no logger)')?.rps;
    const logged = results.e.find((r) => r.name === 'webfw')?.rps;
    checks.push(['(e) webfw logger cost (1 - logged/plain)', 1 - logged / plain, -0.1]);
  }
  console.log('\n## targets');
  for (const [name, value, target] of checks) {
    if (!Number.isFinite(value)) {
      console.log(`n/a    ${name}: webfw not measured`);
      continue;
    }
    const ok = meets(value, target);
    console.log(
      `${ok ? 'met   ' : 'MISSED'} ${name}: ${Number.isFinite(value) ? value.toFixed(2) : 'n/a'} (target ${target < 0 ? '<= ' + -target : '>= ' + target})`,
    );
  }
  let memory;
  if (frameworks.includes('webfw') && !only) {
    memory = await rssAfter({ server: server('webfw'), args: ['hello'], request: scenarios[0].request }, 100000);
    console.log(
      `\nwebfw RSS after 100,000 requests ${memory.first.toFixed(1)} MB, after 200,000 ${memory.second.toFixed(1)} MB (${(memory.growth * 100).toFixed(1)}%, target within 10%)`,
    );
  }
  if (frameworks.includes('webfw') && process.env.BENCH_PROFILE === '1') await profileScenarios(only);
  if (process.env.BENCH_WRITE_DOCS === '1') writeDocs(frameworks, results, memory);
  return results;
}

/** The HTTP/2 scenarios: h2load against bare node:http2 (compat API), fastify's HTTP/2 mode and webfw, over h2c and TLS. */
const http2Scenarios = [
  { key: 'f', id: 'hello', title: '(f) HTTP/2: GET hello JSON', path: '/' },
  { key: 'g', id: 'static', title: '(g) HTTP/2: GET a 1 KB static file', path: '/1kb.txt' },
];

/** Runs the HTTP/2 scenarios (all, or those named in BENCH_SCENARIOS) into `results`. */
async function runHttp2(only, results) {
  const wanted = http2Scenarios.filter((s) => !only || only.includes(s.key));
  if (wanted.length === 0) return;
  const { key, cert } = benchCertificate();
  for (const s of wanted) {
    const cases = ['h2c', 'tls'].flatMap((transport) =>
      ['node', 'fastify', 'webfw'].map((f) => ({
        name: `${f} ${transport}`,
        server: server(`${f}-h2`),
        args: [s.id, transport],
        env: { BENCH_TLS_KEY: key, BENCH_TLS_CERT: cert },
        path: s.path,
        tls: transport === 'tls',
      })),
    );
    const rows = await runH2Cases(cases);
    printH2Table(s.title, rows, 'node h2c');
    results[s.key] = rows;
  }
}

/**
 * For each scenario with a target against another server, which cases the profile mode
 * compares, and what the comparison shows.
 */
const profiled = [
  {
    key: 'a',
    cases: [
      ['node', 'hello'],
      ['fastify', 'hello'],
      ['webfw', 'hello'],
    ],
  },
  {
    key: 'b',
    cases: [
      ['node', 'routes'],
      ['fastify', 'routes'],
      ['webfw', 'routes'],
    ],
  },
  {
    key: 'c',
    cases: [
      ['node', 'echo'],
      ['fastify', 'echo'],
      ['webfw', 'echo'],
      ['webfw', 'echo', 'webfw (etag off)', { BENCH_ETAG: 'off' }],
    ],
  },
  {
    key: 'e',
    cases: [
      ['webfw', 'hello', 'webfw (no logger)'],
      ['webfw', 'logged'],
    ],
  },
];

/**
 * Profile mode (BENCH_PROFILE=1): CPU profiles of webfw and what its checks compare it with,
 * under the same load, printed as tables of µs per request by part of the stack (see
 * lib/profile.mjs; the median of BENCH_PROFILE_ROUNDS rounds).
 */
async function profileScenarios(only) {
  for (const p of profiled) {
    if (only && !only.includes(p.key)) continue;
    const s = scenarios.find((x) => x.key === p.key);
    const cases = p.cases.map(([framework, args, name, env]) => ({
      name: name ?? framework,
      server: server(framework),
      args: [args],
      env,
      request: s.request,
    }));
    console.log(`\n## CPU profile: ${s.title}\n${await profileRounds(cases)}`);
  }
}

/** `n` with thousands separated by commas. */
const grouped = (n) => Math.round(n).toLocaleString('en-US');

/**
 * Rewrites this Node major's part of docs/performance.md (between its own markers,
 * `frameworks (Node <major>)`) and its chart, docs/performance-node<major>.svg, from this run's figures: a table of
 * requests per second with each one's ratio to the scenario's baseline, and one of server CPU per
 * request. The checks, p99 and peak RSS are printed by the run.
 */
function writeDocs(frameworks, results, memory) {
  const major = process.versions.node.split('.')[0];
  const chart = `performance-node${major}.svg`;
  const commit = execFileSync('git', ['rev-parse', '--short=8', 'HEAD'], { encoding: 'utf8' }).trim();
  const columns = frameworks.map((f) => (f === 'node' ? 'node:http' : f));
  const row = (title, cells) => `| ${title} | ${cells.join(' | ')} |`;
  const header = [
    row('scenario', columns),
    row(
      '---',
      columns.map(() => '---:'),
    ),
  ];
  const rps = [...header];
  const cpu = [...header];
  for (const s of scenarios) {
    const rows = results[s.key];
    if (!rows) continue;
    // (e) has no bare node:http: its rows are each framework with its logger, against express's
    const base = rows.find((r) => r.name === 'node') ?? rows[0];
    const of = (f) => rows.find((r) => r.name === f);
    rps.push(
      row(
        s.title,
        frameworks.map((f) => (of(f) ? `${grouped(of(f).rps)} (${(of(f).rps / base.rps).toFixed(2)})` : '')),
      ),
    );
    cpu.push(
      row(
        s.title,
        frameworks.map((f) => (of(f) ? of(f).cpu.toFixed(1) : '')),
      ),
    );
  }
  const lines = [
    `Node ${process.version}, ${process.arch}, commit ${commit}, ${new Date().toISOString().slice(0, 10)}: \`BENCH_NODE=${major} BENCH_WRITE_DOCS=1 npm run bench -- frameworks\`.`,
    `Each server alone pinned to CPU 0, autocannon pinned to CPU 1 with 50 connections; every case ${ROUNDS} times round-robin for ${DURATION} s after a 1 s warm-up, the median; NODE_ENV=production.`,
    '',
    `![requests per second relative to bare node:http, Node ${major}](${chart})`,
    '',
    'Requests per second, and in brackets the ratio to bare node:http in the same run ((e): to express with morgan):',
    '',
    ...rps,
    '',
    'Server CPU per request, in µs:',
    '',
    ...cpu,
  ];
  if (memory) lines.push('', `webfw's RSS after 100,000 requests: ${memory.first.toFixed(1)} MB; after 200,000: ${memory.second.toFixed(1)} MB.`);
  writeDocSection(`frameworks (Node ${major})`, lines);
  // the chart shows ratios to bare node:http: (e), measured against express only, stays in the table
  const charted = scenarios.filter((s) => results[s.key]?.some((r) => r.name === 'node'));
  writeFileSync(
    `${DOCS}${chart}`,
    renderChart(
      charted.map((s) => ({ title: s.title, rows: results[s.key] })),
      frameworks,
    ),
  );
}
