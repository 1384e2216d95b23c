/**
 * Side-by-side benchmark harness. Each case is a server script that listens on port 0 and
 * prints `PORT <n>` on its first stdout line. The server runs pinned to CPU 0 (`taskset -c 0`)
 * and the load generator (autocannon, in this process) pinned to CPU 1, one case at a time,
 * all cases of a suite in one run so their ratios are comparable.
 */
import { spawn, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const SERVER_CPU = process.env.BENCH_SERVER_CPU ?? '0';
const LOAD_CPU = process.env.BENCH_LOAD_CPU ?? '1';
/** Seconds each case is loaded for (after a one second warm-up). */
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

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

/** Starts `script` pinned to the server CPU; resolves with its port and the child process. */
export function startServer(script, args = [], env = {}) {
  return new Promise((resolve, reject) => {
    let child;
    try {
      execFileSync('taskset', ['--version'], { stdio: 'ignore' });
      child = spawn('taskset', ['-c', SERVER_CPU, process.execPath, script, ...args], { env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    } catch {
      child = spawn(process.execPath, [script, ...args], { env: { ...process.env, NODE_ENV: 'production', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    }
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

/** Peak resident set size (VmHWM) of a process in MB, or NaN where /proc is unavailable. */
function peakRssMb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /VmHWM:\s+(\d+) kB/.exec(status);
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** The node process under taskset: taskset execs node, so the pid is the same. */
function load(port, request, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: `http://127.0.0.1:${port}${request.path ?? '/'}`,
        method: request.method ?? 'GET',
        headers: request.headers,
        body: request.body,
        connections: CONNECTIONS,
        pipelining: 1,
        duration: seconds,
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

/**
 * Runs every case of a suite against its own fresh server and returns one row per case:
 * requests per second, p99 latency, peak RSS and non-2xx count.
 */
export async function runCases(cases) {
  pinSelf();
  const rows = [];
  for (const c of cases) {
    const { port, child } = await startServer(c.server, c.args ?? [], c.env ?? {});
    try {
      await load(port, c.request, 1);
      const r = await load(port, c.request, DURATION);
      const bad = r.non2xx + r.errors + r.timeouts;
      rows.push({ name: c.name, rps: r.requests.average, p99: r.latency.p99, rss: peakRssMb(child.pid), bad, expect: c.expectStatus });
    } finally {
      child.removeAllListeners('exit');
      child.kill('SIGKILL');
    }
  }
  return rows;
}

/**
 * Prints a suite's rows as a table with each row's ratio to the row named `baseline`
 * (the first row when omitted).
 */
export function printTable(title, rows, baseline) {
  const base = rows.find((r) => r.name === baseline) ?? rows[0];
  console.log(`\n## ${title}  (${DURATION}s each, ${CONNECTIONS} connections, server on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU})`);
  console.log(`| case | req/s | p99 ms | peak RSS MB | x ${base.name} | errors/non-2xx |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.name} | ${Math.round(r.rps)} | ${r.p99} | ${r.rss.toFixed(1)} | ${(r.rps / base.rps).toFixed(2)} | ${r.bad} |`);
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
