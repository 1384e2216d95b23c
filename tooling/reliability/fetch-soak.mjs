/**
 * The fetch soak: a webfw app served through `app.fetch` by `Bun.serve` and by `Deno.serve`
 * (fetch-soak-server.mjs, the built packages), each in turn pinned to CPU 0, this load
 * generator on CPU 1. `node tooling/reliability/fetch-soak.mjs [bun] [deno]` (both by
 * default); each runtime is the one the tests use (tooling/test-support/runtimes.ts), installed
 * into node_modules/.cache/runtimes when missing.
 *
 * For each runtime:
 * 1. Load: FETCH_SOAK_REQUESTS (default 1,000,000) keep-alive requests over
 *    FETCH_SOAK_CONNECTIONS (32) connections, a mix of JSON answers, JSON and urlencoded
 *    bodies, a route param, a static file and a 404; every status is checked; RSS and open
 *    descriptors printed every 10 %.
 * 2. Aborts: FETCH_SOAK_ABORTS (500) clients cut an upload halfway (1 MiB declared) and as many
 *    cut a 1 MiB download after its first bytes, 50 at a time.
 * 3. A body far past the limit: 120 MiB (FETCH_SOAK_OVERSIZE_MB; Bun.serve itself cuts a body
 *    past 128 MiB, its `maxRequestBodySize`) sent whole to a JSON parser limited to 100 kB,
 *    once with its Content-Length and once chunked: 413 each, the server's RSS sampled
 *    meanwhile (from a full collection before each): it may rise by FETCH_SOAK_MAX_BODY_RSS_MB
 *    (120, one body) at most: the pieces read and dropped until a collection, never a body.
 * 4. Slow readers: FETCH_SOAK_SLOW_READERS (10,000) connections ask for 256 KiB the app writes
 *    with backpressure (`/stream`) and read nothing for FETCH_SOAK_SLOW_SECONDS (5) while one normal client measures its latency.
 *
 * It fails (exit code 1) on a wrong status, a dropped keep-alive connection, an unhandled
 * rejection or a rejected `app.fetch` in the server, or growth: the heap after a full GC at the
 * end of the load more than FETCH_SOAK_MAX_HEAP_GROWTH_MB (8) above its value after the
 * warm-up (the first 10 %), RSS more than FETCH_SOAK_MAX_RSS_GROWTH_MB (32) above it, more
 * descriptors than after the warm-up; after each hostile phase, descriptors not back to the
 * idle count within 10 s or the heap more than the same margin above the idle heap; an
 * oversized body answered otherwise than 413, or RSS past its margin meanwhile.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, once, parseAnswer, stats } from './lib/http1-client.mjs';
import { envNumber as env, MB, percentiles, probe, settle, sleep, startServer } from './lib/server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const REQUESTS = env('FETCH_SOAK_REQUESTS', 1_000_000);
const CONNECTIONS = env('FETCH_SOAK_CONNECTIONS', 32);
const ABORTS = env('FETCH_SOAK_ABORTS', 500);
const OVERSIZE = env('FETCH_SOAK_OVERSIZE_MB', 120) * 1024 * 1024;
const MAX_BODY_RSS = env('FETCH_SOAK_MAX_BODY_RSS_MB', 120) * 1024 * 1024;
const SLOW_READERS = env('FETCH_SOAK_SLOW_READERS', 10_000);
const SLOW_SECONDS = env('FETCH_SOAK_SLOW_SECONDS', 5);
const MAX_HEAP_GROWTH = env('FETCH_SOAK_MAX_HEAP_GROWTH_MB', 8) * 1024 * 1024;
const MAX_RSS_GROWTH = env('FETCH_SOAK_MAX_RSS_GROWTH_MB', 32) * 1024 * 1024;

const failures = [];

/* ----- the runtimes ----- */

/** The version tooling/test-support/runtimes.ts pins for `name` (`BUN_VERSION`, `DENO_VERSION`). */
function pinnedVersion(name) {
  const source = readFileSync(join(root, 'tooling', 'test-support', 'runtimes.ts'), 'utf8');
  return new RegExp(`export const ${name}_VERSION = '([^']+)'`).exec(source)[1];
}

/** The binary of `runtime` (bun, deno) where the tests keep it, installed there first when missing. */
function runtimeBinary(runtime) {
  const version = pinnedVersion(runtime.toUpperCase());
  const pkg =
    runtime === 'bun'
      ? `@oven/bun-${process.platform}-${process.arch}`
      : `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  const cache = join(root, 'node_modules', '.cache', 'runtimes', runtime);
  const binary = join(cache, 'node_modules', ...pkg.split('/'), ...(runtime === 'bun' ? ['bin', 'bun'] : ['deno']));
  const installed = () => existsSync(binary) && spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.includes(version);
  if (!installed()) {
    console.log(`fetch soak: installing ${runtime} ${version} (${pkg}) into ${cache} with npm install --prefix`);
    mkdirSync(cache, { recursive: true });
    spawnSync('npm', ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${version}`], {
      stdio: 'inherit',
    });
    if (!installed()) throw new Error(`installing ${pkg}@${version} failed`);
  }
  return { binary, version };
}

/** Starts the server under `runtime`, pinned to CPU 0; resolves with its port and process. */
function startFetchServer(runtime, binary) {
  const script = join(here, 'fetch-soak-server.mjs');
  const command = runtime === 'bun' ? [binary, script] : [binary, 'run', '-A', '--quiet', '--v8-flags=--expose-gc', script];
  return startServer(command, {
    name: `${runtime} server`,
    env: { ...process.env, NODE_ENV: 'production', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    // the server's own complaints are shown (Deno's one-line notice about its legacy signal is not news)
    onStderr: (d) => {
      const text = String(d)
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.includes('legacy behavior'))
        .join('\n');
      if (text) process.stderr.write(`${runtime}: ${text}\n`);
    },
  });
}

/* ----- HTTP/1.1 clients ----- */

const get = (path) => Buffer.from(`GET ${path} HTTP/1.1\r\nHost: soak\r\n\r\n`);
const post = (path, type, body) =>
  Buffer.from(`POST ${path} HTTP/1.1\r\nHost: soak\r\nContent-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
const MIX = [
  { req: get('/json'), status: 200 },
  { req: post('/echo', 'application/json', JSON.stringify({ a: 1, list: [1, 2, 3], text: 'x'.repeat(200) })), status: 200 },
  { req: post('/form', 'application/x-www-form-urlencoded', 'a=1&b=two&c=three'), status: 200 },
  { req: get('/user/12345'), status: 200 },
  { req: get('/static/1kb.txt'), status: 200 },
  { req: get('/nope'), status: 404 },
];

/** Latency percentiles of `samples` (ns), as printed. */
function latency(samples) {
  const { n, p50, p99 } = percentiles(samples);
  return `p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  (${n} requests)`;
}

/* ----- hostile clients ----- */

/** A client that sends half of a declared 1 MiB upload and hangs up. */
function abortUpload(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`POST /upload HTTP/1.1\r\nHost: soak\r\nContent-Type: application/octet-stream\r\nContent-Length: ${1024 * 1024}\r\n\r\n`);
      socket.write(Buffer.alloc(512 * 1024, 1), () => setTimeout(() => socket.destroy(), 5));
    });
    socket.on('error', () => {});
    socket.on('close', resolve);
  });
}

/** A client that asks for the 1 MiB file and hangs up on its first bytes. */
function abortDownload(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(get('/static/big.bin')));
    socket.once('data', () => socket.destroy());
    socket.on('error', () => {});
    socket.on('close', resolve);
  });
}

/** Runs `count` of `hostile` clients, `batch` at a time. */
async function inBatches(count, batch, hostile) {
  for (let done = 0; done < count; done += batch) await Promise.all(Array.from({ length: Math.min(batch, count - done) }, hostile));
}

/**
 * Sends all of `size` bytes of a JSON text to the 100 kB parser (`chunked`: without a
 * Content-Length), whatever the server answers meanwhile; resolves with the status of its
 * answer (0 for none) once all was sent.
 */
function oversized(port, size, chunked) {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = Buffer.alloc(0);
    let status = 0;
    let sent = false;
    const finish = () => {
      socket.destroy();
      resolve(status);
    };
    socket.on('data', (d) => {
      answer = Buffer.concat([answer, d]);
      const parsed = parseAnswer(answer);
      if (parsed !== null) {
        status = parsed.status;
        if (sent) finish();
      }
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve(status));
    socket.on('connect', async () => {
      socket.write(
        `POST /echo HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n`,
      );
      const piece = Buffer.alloc(64 * 1024, 'x');
      piece[0] = '['.charCodeAt(0);
      for (let n = 0; n < size && !socket.destroyed; n += piece.length) {
        const data = chunked ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')]) : piece;
        if (!socket.write(data)) await new Promise((r) => socket.once('drain', r));
        piece[0] = 'x'.charCodeAt(0);
      }
      if (chunked && !socket.destroyed) socket.write('0\r\n\r\n');
      sent = true;
      // (the answer came before the body was all sent, as it may: done; else wait for it)
      if (status !== 0) finish();
      else setTimeout(finish, 5000);
    });
  });
}

/** `count` connections that ask for the 256 KiB stream and read nothing; resolves with their sockets once all asked. */
async function slowReaders(port, count) {
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.write(get('/stream'));
      socket.pause();
    });
    socket.on('error', () => {});
    sockets.push(socket);
    // (a hundred at a time: the listen backlog is finite)
    if (i % 100 === 99) await sleep(10);
  }
  await sleep(200);
  return sockets;
}

/* ----- one runtime ----- */

async function soak(runtime) {
  const { binary, version } = runtimeBinary(runtime);
  const server = await startFetchServer(runtime, binary);
  const { port, pid } = server;
  console.log(
    `\nfetch soak: ${runtime} ${version}, app.fetch on ${runtime === 'bun' ? 'Bun.serve' : 'Deno.serve'}${server.pinned ? ', server pinned to CPU 0, load generator to CPU 1' : ''}`,
  );
  try {
    if (server.pinned) execFileSync('taskset', ['-pc', '1', String(process.pid)], { stdio: 'ignore' });
    /* 1. load */
    console.log(`fetch soak: ${REQUESTS} keep-alive requests over ${CONNECTIONS} connections (json, json body, urlencoded body, param, static, 404)`);
    const warmup = Math.floor(REQUESTS / 10);
    let issued = 0;
    let answered = 0;
    // the clients stop at `limit`: the warm-up's figures are taken with no request in flight
    let limit = warmup;
    let last = { at: Date.now(), answered: 0, cpuMs: probe(pid).cpuMs };
    const onAnswer = () => {
      answered++;
      if (answered % Math.max(1, Math.floor(REQUESTS / 10)) === 0) {
        const p = probe(pid);
        const now = Date.now();
        const rate = ((answered - last.answered) * 1000) / Math.max(1, now - last.at);
        const cpu = ((p.cpuMs - last.cpuMs) * 1000) / Math.max(1, answered - last.answered);
        console.log(
          `  ${String(answered).padStart(9)} requests  ${String(Math.round(rate)).padStart(6)} req/s  ${cpu.toFixed(1).padStart(6)} µs CPU/req  RSS ${MB(p.rss).padStart(7)} MB  fds ${p.fds}`,
        );
        last = { at: now, answered, cpuMs: p.cpuMs };
      }
    };
    const next = () => (issued >= limit ? null : MIX[issued++ % MIX.length]);
    const load = () => Promise.all(Array.from({ length: CONNECTIONS }, () => client(port, next, onAnswer, failures)));
    await load();
    const atWarmup = await stats(port);
    limit = REQUESTS;
    const loadStart = { at: Date.now(), cpuMs: probe(pid).cpuMs };
    await load();
    const elapsed = (Date.now() - loadStart.at) / 1000;
    const cpuPerRequest = ((probe(pid).cpuMs - loadStart.cpuMs) * 1000) / Math.max(1, REQUESTS - warmup);
    console.log(
      `fetch soak: after warm-up ${(REQUESTS - warmup).toLocaleString('en')} requests in ${elapsed.toFixed(1)} s: ${Math.round((REQUESTS - warmup) / elapsed)} req/s, ${cpuPerRequest.toFixed(1)} µs server CPU per request`,
    );
    const atEnd = await stats(port);
    const fdsIdle = await settle(pid, atWarmup.fds, 2000);
    console.log(`fetch soak: growth from the end of the warm-up (${warmup.toLocaleString('en')} requests) to the end, no client connected:`);
    const heapGrowth = atEnd.heapUsed - atWarmup.heapUsed;
    const rssGrowth = atEnd.rss - atWarmup.rss;
    console.log(
      `  heap after GC: ${MB(atWarmup.heapUsed)} MB -> ${MB(atEnd.heapUsed)} MB (${heapGrowth >= 0 ? '+' : ''}${MB(heapGrowth)} MB, limit +${MB(MAX_HEAP_GROWTH)} MB) ${heapGrowth <= MAX_HEAP_GROWTH ? 'ok' : 'GREW'}`,
    );
    console.log(
      `  RSS: ${MB(atWarmup.rss)} MB -> ${MB(atEnd.rss)} MB (${rssGrowth >= 0 ? '+' : ''}${MB(rssGrowth)} MB, limit +${MB(MAX_RSS_GROWTH)} MB) ${rssGrowth <= MAX_RSS_GROWTH ? 'ok' : 'GREW'}`,
    );
    console.log(`  file descriptors: ${atWarmup.fds} -> ${fdsIdle} ${fdsIdle <= atWarmup.fds ? 'ok' : 'GREW'}`);
    if (heapGrowth > MAX_HEAP_GROWTH) failures.push(`${runtime}: heap grew by ${MB(heapGrowth)} MB over the load`);
    if (rssGrowth > MAX_RSS_GROWTH) failures.push(`${runtime}: RSS grew by ${MB(rssGrowth)} MB over the load`);
    if (fdsIdle > atWarmup.fds) failures.push(`${runtime}: ${fdsIdle - atWarmup.fds} descriptors more than after the warm-up`);
    const idle = { heapUsed: atEnd.heapUsed, rss: atEnd.rss, fds: fdsIdle };

    /** After a hostile phase: descriptors back to idle, the heap within the margin, the server answering. */
    const afterwards = async (phase) => {
      const fds = await settle(pid, idle.fds);
      const after = await stats(port);
      const heapGrowth = after.heapUsed - idle.heapUsed;
      const answer = await once(port, get('/json'));
      const ok = fds <= idle.fds && heapGrowth <= MAX_HEAP_GROWTH && answer?.status === 200;
      console.log(
        `  afterwards: fds ${fds} (idle ${idle.fds}), heap after GC ${MB(after.heapUsed)} MB (${heapGrowth >= 0 ? '+' : ''}${MB(heapGrowth)} MB), GET /json ${answer?.status ?? 'no answer'} ${ok ? 'ok' : 'FAILED'}`,
      );
      if (!ok) failures.push(`${runtime}: after ${phase}: fds ${fds} (idle ${idle.fds}), heap +${MB(heapGrowth)} MB, GET /json ${answer?.status}`);
    };

    /* 2. aborts */
    let t = Date.now();
    await inBatches(ABORTS, 50, () => abortUpload(port));
    await inBatches(ABORTS, 50, () => abortDownload(port));
    console.log(`fetch soak: ${ABORTS} uploads cut halfway and ${ABORTS} downloads cut on their first bytes, in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    await afterwards('the aborts');

    /* 3. a body far past the limit */
    t = Date.now();
    const statuses = [];
    const peaks = [];
    for (const chunked of [false, true]) {
      // (a full collection first: each body's peak is its own)
      await stats(port);
      const before = probe(pid).rss;
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, probe(pid).rss)), 5);
      statuses.push(await oversized(port, OVERSIZE, chunked));
      clearInterval(sampler);
      peaks.push(peak - before);
    }
    const held = Math.max(...peaks);
    const oversizeOk = statuses[0] === 413 && statuses[1] === 413 && held <= MAX_BODY_RSS;
    console.log(
      `fetch soak: ${MB(OVERSIZE)} MB bodies to a 100 kB JSON limit, with a Content-Length and chunked: ${statuses.join(' and ')} in ${((Date.now() - t) / 1000).toFixed(1)} s; RSS meanwhile +${MB(Math.max(0, peaks[0]))} and +${MB(Math.max(0, peaks[1]))} MB at most (limit +${MB(MAX_BODY_RSS)} MB) ${oversizeOk ? 'ok' : 'FAILED'}`,
    );
    if (!oversizeOk) failures.push(`${runtime}: oversized bodies answered ${statuses.join(', ')}, RSS +${MB(held)} MB`);
    await afterwards('the oversized bodies');

    /* 4. slow readers */
    if (SLOW_READERS > 0) {
      t = Date.now();
      const sockets = await slowReaders(port, SLOW_READERS);
      // (until the server has taken them all, 30 s at most)
      for (const until = Date.now() + 30_000; probe(pid).fds < idle.fds + SLOW_READERS && Date.now() < until;) await sleep(50);
      const connectSeconds = (Date.now() - t) / 1000;
      const samples = [];
      const until = Date.now() + SLOW_SECONDS * 1000;
      let peakRss = probe(pid).rss;
      const rssSampler = setInterval(() => (peakRss = Math.max(peakRss, probe(pid).rss)), 100);
      await client(
        port,
        () => (Date.now() < until ? MIX[0] : null),
        (ns) => samples.push(ns),
        failures,
      ).catch((err) => failures.push(`${runtime}: the normal client beside the slow readers: ${err.message}`));
      clearInterval(rssSampler);
      const open = sockets.filter((s) => !s.destroyed).length;
      const during = probe(pid);
      const held = (await stats(port)).waiting;
      console.log(
        `fetch soak: ${SLOW_READERS} slow readers (256 KiB streamed to each, nothing read for ${SLOW_SECONDS} s; all connected in ${connectSeconds.toFixed(1)} s)`,
      );
      console.log(
        `  meanwhile: ${open} still open, ${held} of their streams waiting for 'drain', server fds ${during.fds}, RSS peak ${MB(peakRss)} MB (+${Math.round(Math.max(0, peakRss - idle.rss) / 1024 / SLOW_READERS)} KiB a reader); normal client GET /json: ${latency(samples)}`,
      );
      for (const socket of sockets) socket.destroy();
      await afterwards('the slow readers');
    }

    const final = await stats(port);
    console.log(
      `fetch soak: unhandled rejections ${final.unhandled}, rejected app.fetch calls ${final.rejected} ${final.unhandled === 0 && final.rejected === 0 ? 'ok' : 'FAILED'}`,
    );
    if (final.unhandled !== 0 || final.rejected !== 0)
      failures.push(`${runtime}: ${final.unhandled} unhandled rejections, ${final.rejected} rejected app.fetch calls`);
  } finally {
    server.child.removeAllListeners('exit');
    server.child.kill('SIGKILL');
  }
}

const runtimes = process.argv.slice(2).length ? process.argv.slice(2) : ['bun', 'deno'];
for (const runtime of runtimes) {
  if (runtime !== 'bun' && runtime !== 'deno') throw new Error(`unknown runtime ${runtime} (bun, deno)`);
  try {
    await soak(runtime);
  } catch (err) {
    failures.push(`${runtime}: ${err.stack ?? err}`);
  }
}
if (failures.length) {
  console.log(
    `\nfetch soak: FAILED\n${failures
      .slice(0, 20)
      .map((f) => `  ${f}`)
      .join('\n')}${failures.length > 20 ? `\n  ... ${failures.length - 20} more` : ''}`,
  );
  process.exit(1);
}
console.log('\nfetch soak: passed');
