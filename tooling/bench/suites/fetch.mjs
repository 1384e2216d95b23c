/**
 * Fetch-handler suite: webfw's `app.fetch` on `Bun.serve` and on `Deno.serve`,
 * against hono on the same server, webfw's `app.listen` on the same runtime's `node:http`, and
 * express 5 made a fetch handler by fetch-to-node (the way an express app is put behind a
 * fetch handler today), for (a) GET hello JSON, (b) GET /user/:id among 50 routes and (c) POST
 * echo of a 1 KB JSON body (the frameworks suite's apps: servers/frameworks/express-app.mjs for
 * webfw and express). Each case's answer is checked once before it is measured.
 *
 * Prints, per runtime and scenario, req/s and server CPU per request (medians of alternating
 * rounds), then the ratios with their targets: app.fetch >= 0.8x hono (hello, /user/:id),
 * >= 1.0x app.listen on the same runtime, >= 2x express through fetch-to-node. Each ratio is
 * given twice: by req/s (what the load generator, one core, could push) and by server CPU per
 * request (the requests a server core can answer: the ratio the load generator cannot cap),
 * and the status is read off the CPU one. Then a profile of webfw's app.fetch on Bun (the
 * hottest functions by self time, Bun's --cpu-prof-md), where the time goes.
 *
 * Bun and Deno are the releases the tests use, installed into node_modules/.cache/runtimes
 * when missing. fetch-to-node is one of the bench's devDependencies; BENCH_FETCH_TO_NODE may
 * name its entry file instead. `BENCH_FETCH_RUNTIMES=bun` (or `deno`) runs one runtime,
 * `BENCH_FETCH_SCENARIOS=hello,routes` (ids: hello, routes, echo) some scenarios.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, printTable, runCases, startServer } from '../lib/harness.mjs';
import { bunBinary } from '../lib/bun.mjs';
import { echoBody } from '../servers/frameworks/common.mjs';

const require = createRequire(import.meta.url);
const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..', '..', '..');
const server = (name) => fileURLToPath(new URL(`../servers/fetch/${name}.mjs`, import.meta.url));

const SCENARIOS = [
  { id: 'hello', title: '(a) GET hello JSON', request: { method: 'GET', path: '/' }, expect: JSON.stringify({ hello: 'world' }), honoTarget: true },
  {
    id: 'routes',
    title: '(b) GET /user/:id among 50 routes',
    request: { method: 'GET', path: '/user/42' },
    expect: JSON.stringify({ id: '42' }),
    honoTarget: true,
  },
  {
    id: 'echo',
    title: '(c) POST echo of a 1 KB JSON body',
    request: { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: echoBody },
    expect: JSON.stringify(JSON.parse(echoBody)),
    honoTarget: false,
  },
];

/** The Deno release the tests use (tooling/test-support/runtimes.ts), installed like Bun when missing. */
function denoBinary() {
  const version = /export const DENO_VERSION = '([^']+)'/.exec(readFileSync(join(root, 'tooling', 'test-support', 'runtimes.ts'), 'utf8'))[1];
  const pkg = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  const cache = join(root, 'node_modules', '.cache', 'runtimes', 'deno');
  const binary = join(cache, 'node_modules', ...pkg.split('/'), 'deno');
  const installed = () => existsSync(binary) && spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.includes(`deno ${version} `);
  if (!installed()) {
    console.log(`bench: installing Deno ${version} (${pkg}) into ${cache} with npm install --prefix`);
    mkdirSync(cache, { recursive: true });
    spawnSync('npm', ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`], {
      stdio: 'inherit',
    });
    if (!installed()) throw new Error(`bench: installing ${pkg}@${version} failed`);
  }
  return binary;
}

/** fetch-to-node's entry: BENCH_FETCH_TO_NODE, else the bench's dependency, else undefined. */
function fetchToNode() {
  if (process.env.BENCH_FETCH_TO_NODE) return process.env.BENCH_FETCH_TO_NODE;
  try {
    return require.resolve('fetch-to-node');
  } catch {
    return undefined;
  }
}

/** One request to the case's server: the body it answers. */
function ask(port, request) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: request.method, path: request.path, headers: request.headers, agent: false }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve(`${res.statusCode} ${Buffer.concat(chunks).toString()}`));
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** Whether case `c` answers `scenario` as it should (else why not). */
async function check(c, scenario) {
  const { port, child } = await startServer(c.server, c.args, c.env, [], c.runtime);
  try {
    const answer = await ask(port, scenario.request);
    return answer === `200 ${scenario.expect}` ? undefined : `answers ${answer.slice(0, 60) || 'nothing'}`;
  } finally {
    child.kill('SIGKILL');
  }
}

/** The cases of one runtime and scenario: webfw app.fetch, hono, webfw app.listen, express through fetch-to-node. */
function casesOf(runtime, binary, scenario, ftn) {
  const base = { runtime: binary, args: [scenario.id], request: scenario.request, env: runtime.env };
  const cases = [
    { ...base, key: 'fetch', name: `webfw app.fetch, ${runtime.serve}`, server: server('webfw-fetch') },
    { ...base, key: 'hono', name: `hono, ${runtime.serve}`, server: server('hono-fetch') },
    { ...base, key: 'listen', name: `webfw app.listen, ${runtime.name} node:http`, server: server('webfw-listen') },
  ];
  if (ftn !== undefined)
    cases.push({
      ...base,
      key: 'express',
      name: `express 5 + fetch-to-node, ${runtime.serve}`,
      server: server('express-fetch-to-node'),
      env: { ...runtime.env, BENCH_FETCH_TO_NODE: ftn },
    });
  return cases;
}

/** `a / b` of two rows: by req/s, and by server CPU per request (b's CPU / a's). */
function ratios(a, b) {
  return { rps: a.rps / b.rps, cpu: b.cpu / a.cpu };
}

/** The hottest functions of webfw's app.fetch on Bun for `scenario`, by self time (Bun's --cpu-prof-md). */
async function profile(bun, scenario, seconds = 5) {
  const dir = mkdtempSync(join(tmpdir(), 'webfw-fetch-profile-'));
  try {
    const { port, child } = await startServer(
      server('webfw-fetch'),
      [scenario.id],
      {},
      ['--cpu-prof-md', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=200'],
      bun,
    );
    await load(port, scenario.request, seconds);
    await new Promise((resolve) => {
      child.removeAllListeners('exit');
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    const file = readdirSync(dir).find((f) => f.endsWith('.md'));
    if (file === undefined) return ['(no profile written)'];
    const md = readFileSync(join(dir, file), 'utf8');
    const hot = md.slice(md.indexOf('## Hot Functions (Self Time)'));
    return hot
      .split('\n')
      .filter((line) => /^\| *[\d.]+% /.test(line))
      .slice(0, 15);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the suite and prints its tables, ratios with their targets, and the profile. */
export async function run() {
  const wanted = (process.env.BENCH_FETCH_RUNTIMES ?? 'bun,deno').split(',');
  const scenarios = SCENARIOS.filter((s) => (process.env.BENCH_FETCH_SCENARIOS ?? 'hello,routes,echo').split(',').includes(s.id));
  const ftn = fetchToNode();
  if (ftn === undefined) console.log('\nfetch: fetch-to-node is not installed (a devDependency of tooling/bench): express through fetch-to-node is left out');
  const runtimes = [];
  if (wanted.includes('bun')) runtimes.push({ name: 'Bun', serve: 'Bun.serve', binary: bunBinary(), env: {} });
  if (wanted.includes('deno')) {
    const deno = denoBinary();
    // the harness runs `<runtime> <script> <args>`: deno-run.sh is `deno run -A`
    runtimes.push({
      name: 'Deno',
      serve: 'Deno.serve',
      binary: fileURLToPath(new URL('../servers/fetch/deno-run.sh', import.meta.url)),
      env: { BENCH_DENO: deno },
    });
  }
  const summary = [];
  const allRows = [];
  for (const runtime of runtimes) {
    for (const scenario of scenarios) {
      const cases = casesOf(runtime, runtime.binary, scenario, ftn);
      const wrong = new Map();
      for (const c of cases) {
        const why = await check(c, scenario);
        if (why !== undefined) wrong.set(c.key, why);
      }
      const measured = cases.filter((c) => !wrong.has(c.key));
      const rows = await runCases(measured);
      printTable(`fetch handler on ${runtime.name}: ${scenario.title}`, rows, measured[0].name);
      for (const [key, why] of wrong) console.log(`(${cases.find((c) => c.key === key).name}: not measured, ${why})`);
      const row = (key) => rows[measured.findIndex((c) => c.key === key)];
      const fetchRow = row('fetch');
      const targets = [
        ['hono', 0.8, scenario.honoTarget],
        ['listen', 1.0, true],
        ['express', 2.0, true],
      ];
      for (const [key, target, judged] of targets) {
        const other = wrong.has(key) ? undefined : row(key);
        summary.push({
          runtime: runtime.name,
          scenario: scenario.title,
          versus: cases.find((c) => c.key === key)?.name ?? key,
          target: judged ? target : undefined,
          ratio: other && fetchRow ? ratios(fetchRow, other) : undefined,
          note: wrong.get(key),
        });
      }
      allRows.push(...rows.map((r) => ({ ...r, runtime: runtime.name, scenario: scenario.id })));
    }
  }

  console.log('\n## app.fetch against each: ratios and targets (status by server CPU per request)');
  console.log('| runtime | scenario | app.fetch vs | by req/s | by CPU/req | target | status |');
  console.log('|---|---|---|---:|---:|---:|---|');
  for (const s of summary) {
    const status =
      s.ratio === undefined ? `not measured${s.note ? ` (${s.note})` : ''}` : s.target === undefined ? 'reported' : s.ratio.cpu >= s.target ? 'met' : 'MISSED';
    const fmt = (v) => (v === undefined ? '-' : `${v.toFixed(2)}x`);
    console.log(
      `| ${s.runtime} | ${s.scenario} | ${s.versus} | ${fmt(s.ratio?.rps)} | ${fmt(s.ratio?.cpu)} | ${s.target === undefined ? '-' : `>= ${s.target}x`} | ${status} |`,
    );
  }

  if (runtimes.some((r) => r.name === 'Bun')) {
    for (const scenario of scenarios.filter((s) => s.id !== 'echo')) {
      console.log(`\n## where webfw's app.fetch spends its time on Bun: ${scenario.title} (self time, Bun --cpu-prof-md, 5 s of load)`);
      console.log('| Self% | Self | Total% | Total | Function | Location |\n|---:|---:|---:|---:|---|---|');
      for (const line of await profile(runtimes.find((r) => r.name === 'Bun').binary, scenario)) console.log(line);
    }
  }
  return allRows;
}
