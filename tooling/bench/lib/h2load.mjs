/**
 * HTTP/2 load with h2load (Debian's nghttp2-client): installed with apt-get when missing (and
 * said so), run pinned to the load CPU against a server started by the harness (pinned to the
 * server CPU), cases round-robin, the median counting, as the autocannon cases of harness.mjs.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DURATION, LOAD_CPU, ROUNDS, SERVER_CPU, cpuMicros, median, roundOrder, startServer, statusMb } from './harness.mjs';

/** openssl's arguments for a one-day self-signed EC certificate for localhost and 127.0.0.1. */
const SELF_SIGNED_ARGS =
  'req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 1 -subj /CN=localhost -addext subjectAltName=DNS:localhost,IP:127.0.0.1'.split(' ');

/** h2load clients (connections) and concurrent streams per client. */
const CLIENTS = Number(process.env.BENCH_H2_CLIENTS ?? 10);
const STREAMS = Number(process.env.BENCH_H2_STREAMS ?? 10);
/** The h2load load every HTTP/2 case gets: clients (connections) and streams per client. */
export const H2_LOAD = { clients: CLIENTS, streams: STREAMS };

function has(command, args = ['--version']) {
  try {
    execFileSync(command, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Makes sure `h2load` runs: installs Debian's nghttp2-client with apt-get when it is missing. */
export function ensureH2load() {
  if (has('h2load')) return;
  console.log('bench: h2load not found, installing the Debian package nghttp2-client (apt-get install -y nghttp2-client)');
  try {
    execFileSync('apt-get', ['install', '-y', '-q', 'nghttp2-client'], { stdio: 'inherit' });
  } catch {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-q', 'nghttp2-client'], { stdio: 'inherit' });
  }
}

/**
 * A self-signed certificate for 127.0.0.1 made with the openssl CLI (installed with apt-get
 * when missing), written to a temporary directory; returns the key and certificate paths.
 */
export function benchCertificate() {
  if (!has('openssl', ['version'])) {
    console.log('bench: openssl not found, installing the Debian package openssl (apt-get install -y openssl)');
    execFileSync('apt-get', ['install', '-y', '-q', 'openssl'], { stdio: 'inherit' });
  }
  const dir = mkdtempSync(join(tmpdir(), 'webfw-bench-tls-'));
  const key = join(dir, 'key.pem');
  const cert = join(dir, 'cert.pem');
  execFileSync('openssl', [...SELF_SIGNED_ARGS, '-keyout', key, '-out', cert], { stdio: 'ignore' });
  return { key, cert };
}

/**
 * Runs h2load for `seconds` against `url`, pinned to the load CPU; resolves with its figures.
 * `h1`: HTTP/1.1 (over TLS for an https URL; one request at a time per connection).
 */
function h2load(url, seconds, h1 = false) {
  return new Promise((resolve, reject) => {
    const args = [...(h1 ? ['--h1', '-m', '1'] : ['-m', String(STREAMS)]), '-c', String(CLIENTS), '-t', '1', '-D', String(seconds), url];
    const child = spawn('taskset', ['-c', LOAD_CPU, 'h2load', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (out += c));
    child.on('error', reject);
    child.on('exit', () => {
      const rps = /finished in [\d.]+s, ([\d.]+) req\/s/.exec(out);
      const done = /requests: (\d+) total, \d+ started, (\d+) done, (\d+) succeeded, (\d+) failed, (\d+) errored, (\d+) timeout/.exec(out);
      const codes = /status codes: (\d+) 2xx, (\d+) 3xx, (\d+) 4xx, (\d+) 5xx/.exec(out);
      const mean = /time for request:\s+\S+\s+\S+\s+(\S+)/.exec(out);
      const protocol = /Application protocol: (\S+)/.exec(out);
      if (!rps || !done) return reject(new Error(`h2load gave no figures:\n${out}`));
      resolve({
        rps: Number(rps[1]),
        total: Number(done[2]),
        bad: Number(done[4]) + Number(done[5]) + Number(done[6]) + (codes ? Number(codes[2]) + Number(codes[3]) + Number(codes[4]) : 0),
        mean: mean?.[1] ?? 'n/a',
        protocol: protocol?.[1] ?? 'n/a',
      });
    });
  });
}

/**
 * Loads an HTTP/2 case (`{ path, tls, h1 }`) on `port` for `seconds`; resolves with the number
 * of requests that succeeded (the profile mode's loader for these cases, lib/profile.mjs).
 */
export async function loadH2Case(c, port, seconds) {
  ensureH2load();
  const r = await h2load(caseUrl(c, port), seconds, c.h1);
  return r.total;
}

/** The URL an HTTP/2 case (`{ path, tls }`) is loaded at on `port`. */
function caseUrl(c, port) {
  return `${c.tls ? 'https' : 'http'}://127.0.0.1:${port}${c.path}`;
}

/**
 * Runs every HTTP/2 case (`{ name, server, args, env, path, tls, h1 }`; `h1`: HTTP/1.1 instead) ROUNDS times round-robin
 * (alternating direction), each run on a fresh server loaded by h2load (1 s warm-up, then DURATION s); one row per case:
 * median req/s, server CPU µs per request and mean request time, peak RSS, failures.
 */
export async function runH2Cases(cases) {
  ensureH2load();
  const runs = cases.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of roundOrder(cases.length, round)) {
      const c = cases[i];
      const { port, child } = await startServer(c.server, c.args ?? [], c.env ?? {});
      try {
        const url = caseUrl(c, port);
        await h2load(url, 1, c.h1);
        const before = cpuMicros(child.pid);
        const r = await h2load(url, DURATION, c.h1);
        runs[i].push({ ...r, cpu: (cpuMicros(child.pid) - before) / r.total, rss: statusMb(child.pid, 'VmHWM') });
      } finally {
        child.removeAllListeners('exit');
        child.kill('SIGKILL');
      }
    }
  }
  return cases.map((c, i) => ({
    name: c.name,
    rps: median(runs[i].map((r) => r.rps)),
    cpu: median(runs[i].map((r) => r.cpu)),
    mean: runs[i][0].mean,
    protocol: runs[i][0].protocol,
    rss: Math.max(...runs[i].map((r) => r.rss)),
    bad: runs[i].reduce((sum, r) => sum + r.bad, 0),
  }));
}

/** Prints HTTP/2 rows as a table with each row's ratio to the row named `baseline`. */
export function printH2Table(title, rows, baseline) {
  const base = rows.find((r) => r.name === baseline) ?? rows[0];
  console.log(
    `\n## ${title}  (h2load, median of ${ROUNDS} rounds of ${DURATION}s, ${CLIENTS} clients x ${STREAMS} streams, server on CPU ${SERVER_CPU}, load on CPU ${LOAD_CPU})`,
  );
  console.log(`| case | protocol | req/s | x ${base.name} | server CPU µs/req | mean ms (round 1) | peak RSS MB | failed/non-2xx |`);
  console.log('|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.protocol} | ${Math.round(r.rps)} | ${(r.rps / base.rps).toFixed(2)} | ${r.cpu.toFixed(1)} | ${r.mean} | ${r.rss.toFixed(1)} | ${r.bad} |`,
    );
  }
}
