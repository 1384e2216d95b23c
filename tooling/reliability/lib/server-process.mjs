/**
 * What the soaks (soak.mjs, fetch-soak.mjs) need of the server's process: their settings from
 * the environment, the server started pinned to CPU 0, and its RSS, descriptors and CPU time.
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/** The number in environment variable `name` (or `fallback`); throws on anything but a number >= 0. */
export function envNumber(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!(value >= 0)) throw new TypeError(`${name} must be a number >= 0, got "${process.env[name]}"`);
  return value;
}

/** `bytes` in MiB, one decimal. */
export const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** Resolves after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs `taskset args`; whether it succeeded (false where taskset is missing). */
export function taskset(args) {
  try {
    execFileSync('taskset', args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts `command` (argv), pinned to CPU 0 where taskset is there, with `env`; `onStderr`, when
 * given, receives its stderr (else it is inherited). Resolves once it prints `PORT <n>` with
 * `{ child, port, pid, pinned }`; rejects if it exits first (`name` says which server).
 */
export function startServer(command, { name, env, onStderr }) {
  const pinned = taskset(['--version']);
  const [file, ...args] = pinned ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(file, args, { stdio: ['ignore', 'pipe', onStderr ? 'pipe' : 'inherit'], env });
  if (onStderr) child.stderr.on('data', onStderr);
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), pid: child.pid, pinned });
    });
    child.once('exit', (code) => reject(new Error(`${name} exited early (code ${code})`)));
  });
}

/** RSS (bytes), open file descriptors and CPU time (ms) of process `pid`, read from /proc. */
export function probe(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  const ticks = Number(stat[11]) + Number(stat[12]); // utime + stime
  return { rss, fds, cpuMs: (ticks * 1000) / 100 };
}

/** Waits (up to `ms`) until process `pid` holds at most `fds` descriptors, polling /proc; resolves with the count. */
export async function settle(pid, fds, ms = 10_000) {
  const until = Date.now() + ms;
  let now = probe(pid).fds;
  while (now > fds && Date.now() < until) {
    await sleep(100);
    now = probe(pid).fds;
  }
  return now;
}

/** Latency percentiles (ms) of `samples` (ns): how many, p50, p99 and the maximum. */
export function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0n) / 1e6;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: Number(sorted[sorted.length - 1] ?? 0n) / 1e6 };
}
