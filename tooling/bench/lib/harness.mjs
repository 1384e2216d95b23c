/**
 * Side-by-side benchmark harness. Each case is a server script that listens on port 0 and
 * prints `PORT <n>` on its first stdout line. The server runs pinned to CPU 0 (`taskset -c 0`)
 * and the load generator (autocannon, in this process) pinned to CPU 1, one case at a time,
 * all cases of a suite in one run so their ratios are comparable.
 */
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

/** The CPU servers are pinned to, and the one the load generator is pinned to. */
export const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
export const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? '1';
/** Seconds each case is loaded for (after a one second warm-up). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Rounds over all cases (round-robin, so background noise hits every case alike); the median counts. */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

let pinned = false;
/** Pins the current (load generator) process to the load CPU once; no-op without taskset. */
function pinSelf() {
  if (pinned) return;
  pinned = true;
  try {
    execFileSync('taskset', ['-pc', LOAD_CPU, String(process.pid)], { stdio: 'ignore' });
  } catch {
    /* taskset missing: run unpinned */
  }
}

/** Whether `taskset` is there to pin processes to a CPU. */
function hasTaskset() {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `script` pinned to the server CPU, with `nodeArgs` (flags such as `--require`) before
 * it, run by `runtime` (this node by default; Bun's binary for the fetch suite); resolves with
 * its port and the child process.
 */
export function startServer(script, args = [], env = {}, nodeArgs = [], runtime = process.execPath) {
  return new Promise((resolve, reject) => {
    const command = [runtime, ...nodeArgs, script, ...args];
    const [file, ...rest] = hasTaskset() ? ['taskset', '-c', SERVER_CPU, ...command] : command;
    const child = spawn(file, rest, { env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let buf = '';
    const onData = (chunk) => {
      buf += chunk;
      const m = /PORT (\d+)/.exec(buf);
      if (m) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve({ port: Number(m[1]), child });
      }
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', onData);
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code} before listening`)));
  });
}

/**
 * A memory figure of a process from /proc/<pid>/status in MB (`VmHWM`: peak resident set
 * size, `VmRSS`: current), or NaN where /proc is unavailable.
 */
export function statusMb(pid, field) {
  try {
    const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used so far, in microseconds; NaN without /proc. */
export function cpuMicros(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * (1e6 / 100);
  } catch {
    return NaN;
  }
}

/**
 * Loads the server on `port` with `request` (autocannon, `connections` or 50 (BENCH_CONNECTIONS)
 * connections, no pipelining) until `until` is reached: `{ duration: seconds }` or
 * `{ amount: requests }`; resolves with autocannon's result.
 */
function loadUntil(port, request, until, connections = CONNECTIONS) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${request.path ?? '/'}`,
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        connections,
        pipelining: 1,
        ...until,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Loads the server on `port` with `request` for `seconds` over `connections` (default 50);
 * resolves with autocannon's result.
 */
export function load(port, request, seconds, connections) {
  return loadUntil(port, request, { duration: seconds }, connections);
}

/** Starts the server of case `c`, runs `fn(port, child)` against it and kills it afterwards. */
async function withCaseServer(c, fn) {
  const { port, child } = await startServer(c.server, c.args ?? [], c.env ?? {}, [], c.runtime);
  try {
    return await fn(port, child);
  } finally {
    child.removeAllListeners('exit');
    child.kill('SIGKILL');
  }
}

/**
 * Loads one case on a fresh server and returns its measurements: `c.connections` (default 50)
 * connections for `c.duration` (default DURATION) seconds after a one second warm-up.
 * `throughput` is response bytes per second (headers and bodies, as autocannon counts them).
 */
function measure(c) {
  return withCaseServer(c, async (port, child) => {
    await load(port, c.request, 1, c.connections);
    const cpuBefore = cpuMicros(child.pid);
    const clientBefore = process.cpuUsage();
    const started = process.hrtime.bigint();
    const r = await load(port, c.request, c.duration ?? DURATION, c.connections);
    const client = process.cpuUsage(clientBefore);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e3;
    const cpuPerRequest = r.requests.total > 0 ? (cpuMicros(child.pid) - cpuBefore) / r.requests.total : NaN;
    return {
      rps: r.requests.average,
      throughput: r.throughput.average,
      p99: r.latency.p99,
      rss: statusMb(child.pid, 'VmHWM'),
      cpu: cpuPerRequest,
      // share of its CPU the server used, and the load generator (this process) used
      serverBusy: (cpuMicros(child.pid) - cpuBefore) / elapsed,
      clientBusy: (client.user + client.system) / elapsed,
      bad: r.non2xx + r.errors + r.timeouts,
    };
  });
}

/** The median of `values` (the upper one of an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The order in which round `round` runs `count` cases: forward in even rounds, backward in odd
 * ones, so that no case always runs right after the same neighbour (or first, on a cooler CPU).
 */
export function roundOrder(count, round) {
  const order = Array.from({ length: count }, (_, i) => i);
  return round % 2 === 0 ? order : order.reverse();
}

/**
 * Runs every case of a suite ROUNDS times, round-robin (alternating direction, see `roundOrder`),
 * each run against its own fresh server,
 * and returns one row per case: median requests per second and p99 latency, peak RSS and the
 * total of errors and non-2xx answers.
 */
export async function runCases(cases) {
  pinSelf();
  const runs = cases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of roundOrder(cases.length, round)) runs[i].push(await measure(cases[i]));
  }
  return cases.map((c, i) => ({
    name: c.name,
    rps: median(runs[i].map((r) => r.rps)),
    throughput: median(runs[i].map((r) => r.throughput)),
    p99: median(runs[i].map((r) => r.p99)),
    rss: Math.max(...runs[i].map((r) => r.rss)),
    cpu: median(runs[i].map((r) => r.cpu)),
    serverBusy: median(runs[i].map((r) => r.serverBusy)),
    clientBusy: median(runs[i].map((r) => r.clientBusy)),
    bad: runs[i].reduce((sum, r) => sum + r.bad, 0),
    /** Each round's measurements, in round order (rounds alternate direction: see roundOrder). */
    rounds: runs[i],
  }));
}

/**
 * Prints a suite's rows as a table with each row's ratio to the row named `baseline`
 * (the first row when omitted).
 */
export function printTable(title, rows, baseline) {
  const base = rows.find((r) => r.name === baseline) ?? rows[0];
  console.log(`\n## ${title}  (median of ${ROUNDS} rounds of ${DURATION}s, ${CONNECTIONS} connections, server on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU})`);
  console.log(`| case | req/s | x ${base.name} | server CPU µs/req | p99 ms | peak RSS MB | errors/non-2xx |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${(r.rps / base.rps).toFixed(2)} | ${r.cpu.toFixed(1)} | ${r.p99} | ${r.rss.toFixed(1)} | ${r.bad} |`);
  }
  return base;
}

/** The ratio of two rows' throughput, looked up by name. */
export function ratio(rows, a, b) {
  const ra = rows.find((r) => r.name === a);
  const rb = rows.find((r) => r.name === b);
  return ra && rb ? ra.rps / rb.rps : NaN;
}

/** Prints the listening port in the form `startServer` waits for. */
export function announce(server) {
  server.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
}

/**
 * Memory check: sends `count` requests, reads the server's RSS, sends `count` more and reads
 * it again. Returns both readings in MB; a server that keeps nothing per request stays flat.
 */
export function rssAfter(c, count) {
  pinSelf();
  return withCaseServer(c, async (port, child) => {
    await loadUntil(port, c.request, { amount: count });
    const first = statusMb(child.pid, 'VmRSS');
    await loadUntil(port, c.request, { amount: count });
    const second = statusMb(child.pid, 'VmRSS');
    return { first, second, growth: second / first - 1 };
  });
}

/**
 * Serves a connect-style middleware `(req, res, next)` on bare node:http and announces the
 * port: a request it passes on is answered 404 (500 when it passes an error).
 */
export function serveMiddleware(middleware) {
  const server = http.createServer((req, res) =>
    middleware(req, res, (err) => {
      res.statusCode = err ? 500 : 404;
      res.end();
    }),
  );
  announce(server);
}
