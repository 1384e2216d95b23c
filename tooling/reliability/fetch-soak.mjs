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
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync } from 'node:fs';
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const env = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value >= 0)) throw new TypeError(`${name} must be a number >= 0, got "${process.env[name]}"`);
  return value;
};
const REQUESTS = env('FETCH_SOAK_REQUESTS', 1_000_000);
const CONNECTIONS = env('FETCH_SOAK_CONNECTIONS', 32);
const ABORTS = env('FETCH_SOAK_ABORTS', 500);
const OVERSIZE = env('FETCH_SOAK_OVERSIZE_MB', 120) * 1024 * 1024;
const MAX_BODY_RSS = env('FETCH_SOAK_MAX_BODY_RSS_MB', 120) * 1024 * 1024;
const SLOW_READERS = env('FETCH_SOAK_SLOW_READERS', 10_000);
const SLOW_SECONDS = env('FETCH_SOAK_SLOW_SECONDS', 5);
const MAX_HEAP_GROWTH = env('FETCH_SOAK_MAX_HEAP_GROWTH_MB', 8) * 1024 * 1024;
const MAX_RSS_GROWTH = env('FETCH_SOAK_MAX_RSS_GROWTH_MB', 32) * 1024 * 1024;

const MB = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let failures = [];

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

function hasTaskset() {
  try {
    execFileSync('taskset', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Starts the server under `runtime`, pinned to CPU 0; resolves with its port and process. */
function startServer(runtime, binary) {
  const script = join(here, 'fetch-soak-server.mjs');
  const command = runtime === 'bun' ? [binary, script] : [binary, 'run', '-A', '--quiet', '--v8-flags=--expose-gc', script];
  const pinned = hasTaskset();
  const [file, ...args] = pinned ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(file, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  });
  // the server's own complaints are shown (Deno's one-line notice about its legacy signal is not news)
  child.stderr.on('data', (d) => {
    const text = String(d)
      .split('\n')
      .filter((line) => line.trim() !== '' && !line.includes('legacy behavior'))
      .join('\n');
    if (text) process.stderr.write(`${runtime}: ${text}\n`);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]), pid: child.pid, pinned });
    });
    child.once('exit', (code) => reject(new Error(`${runtime} server exited early (code ${code})`)));
  });
}

/** RSS (bytes), open descriptors and CPU time (ms) of process `pid`, from /proc. */
function probe(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) * 1024;
  const fds = readdirSync(`/proc/${pid}/fd`).length;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { rss, fds, cpuMs: ((Number(stat[11]) + Number(stat[12])) * 1000) / 100 };
}

/* ----- HTTP/1.1 clients ----- */

/** Reads one answer off `buf`: its status and length in bytes, or null when it is not all there (Content-Length or chunked). */
function parseAnswer(buf) {
  const headEnd = buf.indexOf('\r\n\r\n');
  if (headEnd === -1) return null;
  const head = buf.subarray(0, headEnd).toString('latin1');
  const status = Number(head.slice(9, 12));
  const length = /\r\ncontent-length: *(\d+)/i.exec(head);
  if (length !== null) {
    const end = headEnd + 4 + Number(length[1]);
    return buf.length < end ? null : { status, end };
  }
  if (!/\r\ntransfer-encoding: *chunked/i.test(head)) return { status, end: headEnd + 4 };
  let at = headEnd + 4;
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol === -1) return null;
    const size = parseInt(buf.toString('latin1', at, eol), 16);
    if (size === 0) return buf.length < eol + 4 ? null : { status, end: eol + 4 };
    at = eol + 2 + size + 2;
    if (buf.length < at) return null;
  }
}

/**
 * A keep-alive client: `next()` gives the request to send (null to stop); each status is
 * checked and `done(latencyNs)` told. Resolves when stopped.
 */
function client(port, next, done) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    let buf = Buffer.alloc(0);
    let current = null;
    let sentAt = 0n;
    const send = () => {
      current = next();
      if (current === null) {
        socket.end();
        resolve();
        return;
      }
      sentAt = process.hrtime.bigint();
      socket.write(current.req);
    };
    socket.on('connect', send);
    socket.on('data', (chunk) => {
      buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
      for (;;) {
        const answer = parseAnswer(buf);
        if (answer === null) return;
        buf = buf.subarray(answer.end);
        if (answer.status !== current.status)
          failures.push(`expected ${current.status}, got ${answer.status} for ${current.req.toString('latin1').split('\r\n')[0]}`);
        done(process.hrtime.bigint() - sentAt);
        send();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => (current === null ? resolve() : reject(new Error('the server closed a keep-alive connection'))));
  });
}

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

/** One request on its own connection: its status and body, or null when the connection failed. */
function once(port, req) {
  return new Promise((resolve) => {
    const chunks = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(req));
    socket.on('data', (d) => {
      chunks.push(d);
      const buf = Buffer.concat(chunks);
      const answer = parseAnswer(buf);
      if (answer !== null) {
        socket.destroy();
        const headEnd = buf.indexOf('\r\n\r\n');
        resolve({ status: answer.status, body: buf.toString('utf8', headEnd + 4, answer.end) });
      }
    });
    socket.on('error', () => resolve(null));
    socket.on('close', () => resolve(null));
  });
}

/** The server's own figures (`/__stats`): heap after a full GC, RSS, descriptors, unhandled rejections, rejected fetches. */
async function stats(port) {
  const answer = await once(port, Buffer.from('GET /__stats HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n\r\n'));
  if (answer === null) throw new Error('the server did not answer /__stats');
  return JSON.parse(answer.body);
}

/** Waits (up to `ms`) until the server holds at most `fds` descriptors; resolves with the count. */
async function settle(pid, fds, ms = 10_000) {
  const until = Date.now() + ms;
  let now = probe(pid).fds;
  while (now > fds && Date.now() < until) {
    await sleep(100);
    now = probe(pid).fds;
  }
  return now;
}

/** Latency percentiles (ms) of `samples` (ns). */
function percentiles(samples) {
  const sorted = [...samples].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const at = (p) => Number(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0n) / 1e6;
  return `p50 ${at(0.5).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms  (${sorted.length} requests)`;
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
  const server = await startServer(runtime, binary);
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
    const load = () => Promise.all(Array.from({ length: CONNECTIONS }, () => client(port, next, onAnswer)));
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
      ).catch((err) => failures.push(`${runtime}: the normal client beside the slow readers: ${err.message}`));
      clearInterval(rssSampler);
      const open = sockets.filter((s) => !s.destroyed).length;
      const during = probe(pid);
      const held = (await stats(port)).waiting;
      console.log(
        `fetch soak: ${SLOW_READERS} slow readers (256 KiB streamed to each, nothing read for ${SLOW_SECONDS} s; all connected in ${connectSeconds.toFixed(1)} s)`,
      );
      console.log(
        `  meanwhile: ${open} still open, ${held} of their streams waiting for 'drain', server fds ${during.fds}, RSS peak ${MB(peakRss)} MB (+${Math.round(Math.max(0, peakRss - idle.rss) / 1024 / SLOW_READERS)} KiB a reader); normal client GET /json: ${percentiles(samples)}`,
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
