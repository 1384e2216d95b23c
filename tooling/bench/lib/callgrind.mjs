/**
 * Instructions per request, counted by valgrind's callgrind: repeatable for the same binary,
 * code and inputs, where throughput moves between runs (docs/performance.md, "Counting
 * instructions", has the figures).
 *
 * The server runs under callgrind with node `--predictable` (V8 compiles and collects garbage on
 * the main thread, with no time-based heuristics). `warmup` requests, `requests` more not
 * counted, then the main thread's user-space instructions over `requests` more, sent over one
 * connection by autocannon (one request per event-loop turn, so the count does not depend on how
 * requests batch under load).
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const bench = fileURLToPath(new URL('..', import.meta.url));
const autocannon = join(bench, 'node_modules', '.bin', 'autocannon');

function run(cmd, args, cwd = bench) {
  return execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

/**
 * Instructions per request of the main thread of `server` (a script that prints `PORT <n>`),
 * started as `node --predictable server ...args` with `env` added, loaded at `path` with
 * `requests` requests after `warmup` and `requests` more (default 5000 after 30000 and 5000). `node` picks the binary
 * (default: this one) and `nodeFlags` adds flags to it; `request` may give a method, headers
 * and a body. `keep` names a file to keep the main thread's callgrind dump in.
 *
 * The warm-up is long because V8 is still compiling after a few thousand requests, enough to
 * swing a comparison between two builds.
 */
export async function instructionsPerRequest({
  server,
  args = [],
  env = {},
  path = '/',
  request = {},
  requests = 5000,
  warmup = 30000,
  node = process.execPath,
  nodeFlags = [],
  keep,
}) {
  const out = join(tmpdir(), `webfw-callgrind-${process.pid}-${Date.now()}`);
  const preload = join(tmpdir(), `webfw-exit-on-sigint-${process.pid}.cjs`);
  writeFileSync(preload, "process.on('SIGINT', () => process.exit(0));\n");
  const child = spawn(
    'valgrind',
    [
      '--tool=callgrind',
      `--callgrind-out-file=${out}`,
      '--dump-instr=no',
      '--separate-threads=yes',
      node,
      '--predictable',
      ...nodeFlags,
      '--require',
      preload,
      server,
      ...args,
    ],
    { cwd: bench, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production', ...env } },
  );
  const port = await new Promise((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (d) => {
      text += d;
      const m = /PORT (\d+)/.exec(text);
      if (m) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`${server} exited (${code}) before listening`)));
  });
  const load = (amount) => {
    const flags = ['-c', '1', '-a', String(amount), '-m', request.method ?? 'GET'];
    for (const [name, value] of Object.entries(request.headers ?? {})) flags.push('-H', `${name}=${value}`);
    if (request.body !== undefined) flags.push('-b', request.body);
    run(autocannon, [...flags, `http://127.0.0.1:${port}${path}`]);
  };
  load(warmup);
  // the first `requests` after the warm-up still carry one-off work: run and not counted
  run('callgrind_control', ['-z', String(child.pid)]);
  load(requests);
  run('callgrind_control', ['-z', String(child.pid)]);
  load(requests);
  run('callgrind_control', ['-d', String(child.pid)]);
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGINT');
  await exited;
  // the main thread only: V8's compiler and GC helper threads run when they run
  const file = `${out}.1-01`;
  if (!existsSync(file)) throw new Error(`no callgrind dump ${file}`);
  const totals = run('callgrind_annotate', [file])
    .split('\n')
    .find((l) => l.includes('PROGRAM TOTALS'));
  if (keep) copyFileSync(file, keep);
  for (const f of readdirSync(dirname(out))) if (f.startsWith(basename(out))) rmSync(join(dirname(out), f), { force: true });
  return Math.round(Number(totals.trim().split(/\s+/)[0].replace(/,/g, '')) / requests);
}
