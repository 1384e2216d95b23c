/**
 * `npm run soak`: a bounded soak of a webfw app (tooling/reliability/soak-server.cjs, the built
 * packages) with the server pinned to CPU 0 and this load generator to CPU 1.
 *
 * 1. Load: SOAK_REQUESTS (default 1,000,000) keep-alive requests over SOAK_CONNECTIONS (32)
 *    connections, a mix of JSON answers, JSON and urlencoded bodies, a route param, static
 *    files and a 404; every answer's status is checked. The server's RSS and open file
 *    descriptors are printed every 10 %, with the throughput and CPU per request.
 * 2. Hostile clients for SOAK_HOSTILE_SECONDS (20): SOAK_SLOW_CLIENTS (200) connections that
 *    trickle request heads or bodies a byte a second for the whole phase, joined halfway by 8
 *    clients that abandon a 1 MiB static download after its first bytes, or an upload halfway,
 *    over and over as fast as they can; one normal client's latency is measured alone, with the
 *    slow clients, and with both.
 *
 * It fails (exit code 1) when an answer is wrong, or when the server grew: heap after a full
 * GC at the end of the load more than SOAK_MAX_HEAP_GROWTH_MB (8) above its value after the
 * warm-up (the first 10 % of requests), RSS more than SOAK_MAX_RSS_GROWTH_MB (32) above it,
 * more file descriptors than after the warm-up, or, once the hostile clients are gone, file
 * descriptors not back to the idle count or the heap more than the same margin above it.
 */
import net from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, stats } from './lib/http1-client.mjs';
import { envNumber as env, MB, percentiles, probe, settle, sleep, startServer, taskset } from './lib/server-process.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const REQUESTS = env('SOAK_REQUESTS', 1_000_000);
const CONNECTIONS = env('SOAK_CONNECTIONS', 32);
const HOSTILE_SECONDS = env('SOAK_HOSTILE_SECONDS', 20);
const SLOW_CLIENTS = env('SOAK_SLOW_CLIENTS', 200);
const MAX_HEAP_GROWTH = env('SOAK_MAX_HEAP_GROWTH_MB', 8) * 1024 * 1024;
const MAX_RSS_GROWTH = env('SOAK_MAX_RSS_GROWTH_MB', 32) * 1024 * 1024;

const failures = [];

/* ----- requests over keep-alive connections ----- */

const body = JSON.stringify({ name: 'soak', items: [1, 2, 3], nested: { a: 'b'.repeat(100) } });
const form = 'name=soak&list=1&list=2&text=' + 'c'.repeat(80);
const raw = (text) => Buffer.from(text, 'latin1');
/** The mix of phase 1: request bytes and the status each must get. */
const MIX = [
  { req: raw('GET /json HTTP/1.1\r\nHost: soak\r\n\r\n'), status: 200 },
  { req: raw(`POST /echo HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`), status: 200 },
  {
    req: raw(`POST /form HTTP/1.1\r\nHost: soak\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${form.length}\r\n\r\n${form}`),
    status: 200,
  },
  { req: raw('GET /static/1kb.txt HTTP/1.1\r\nHost: soak\r\n\r\n'), status: 200 },
  { req: raw('GET /user/12345 HTTP/1.1\r\nHost: soak\r\n\r\n'), status: 200 },
  { req: raw('GET /static/missing.txt HTTP/1.1\r\nHost: soak\r\n\r\n'), status: 404 },
];

/** Waits until the server's descriptor count stayed the same for 300 ms (the clients that just left are closed); resolves with it. */
async function quiesce(pid) {
  let last = probe(pid).fds;
  for (let same = 0; same < 3;) {
    await sleep(100);
    const now = probe(pid).fds;
    same = now === last ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** One normal client asking GET /json for `ms` milliseconds; resolves with its latency percentiles. */
async function normalClient(port, ms) {
  const samples = [];
  const until = Date.now() + ms;
  await client(
    port,
    () => (Date.now() < until ? MIX[0] : null),
    (ns) => samples.push(ns),
    failures,
  );
  return percentiles(samples);
}

/* ----- hostile clients ----- */

/** Opens `count` connections that send a request head, or a head and a body, one byte a second. */
function slowClients(port, count) {
  const sockets = [];
  const timers = [];
  for (let i = 0; i < count; i++) {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const text =
      i % 2 === 0
        ? 'GET /json HTTP/1.1\r\nHost: soak\r\nX-Slow: ' + 'z'.repeat(10_000)
        : 'POST /echo HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"a":"' + 'z'.repeat(100_000);
    let at = 0;
    socket.on('connect', () => {
      const head = i % 2 === 0 ? 20 : text.indexOf('\r\n\r\n') + 4;
      socket.write(text.slice(0, head));
      at = head;
      timers.push(
        setInterval(() => {
          if (at < text.length && !socket.destroyed) socket.write(text[at++]);
        }, 1000),
      );
    });
    sockets.push(socket);
  }
  return {
    open: () => sockets.filter((s) => !s.destroyed).length,
    stop: () => {
      for (const t of timers) clearInterval(t);
      for (const s of sockets) s.destroy();
    },
  };
}

/** Clients that abandon a 1 MiB download after its first bytes, or an upload halfway, `parallel` at a time until stopped. */
function abandoningClients(port, parallel) {
  let running = true;
  let count = 0;
  const one = (download) =>
    new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      const finish = () => {
        socket.destroy();
        resolve();
      };
      socket.on('error', finish);
      socket.on('close', finish);
      socket.on('connect', () => {
        if (download) socket.write('GET /static/big.bin HTTP/1.1\r\nHost: soak\r\n\r\n');
        else {
          socket.write('POST /echo HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{"a":"' + 'q'.repeat(20_000));
          setImmediate(finish);
        }
      });
      if (download) socket.once('data', finish);
    });
  const loops = Array.from({ length: parallel }, async (_, i) => {
    while (running) {
      await one(i % 2 === 0);
      count++;
    }
  });
  return {
    count: () => count,
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

/* ----- the run ----- */

/** Runs `count` requests of the mix over CONNECTIONS fresh keep-alive connections, printing a line every `every` answers. */
async function load(server, count, every, counter) {
  let issued = 0;
  let done = 0;
  let last = { at: process.hrtime.bigint(), done: 0, cpuMs: probe(server.pid).cpuMs };
  let nextMark = every;
  const mark = () => {
    const now = process.hrtime.bigint();
    const p = probe(server.pid);
    const rate = (done - last.done) / (Number(now - last.at) / 1e9);
    const cpuUs = ((p.cpuMs - last.cpuMs) * 1000) / Math.max(1, done - last.done);
    last = { at: now, done, cpuMs: p.cpuMs };
    console.log(
      `  ${String(counter.total + done).padStart(9)} requests  ${rate.toFixed(0).padStart(6)} req/s  ${cpuUs.toFixed(1).padStart(5)} µs CPU/req  RSS ${MB(p.rss).padStart(6)} MB  fds ${p.fds}`,
    );
  };
  await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, c) =>
      client(
        server.port,
        () => (issued < count ? MIX[(issued++ + c) % MIX.length] : null),
        () => {
          done++;
          if (done === nextMark) {
            nextMark += every;
            mark();
          }
        },
        failures,
      ),
    ),
  ).catch((err) => failures.push(`load: ${err.message}`));
  counter.total += done;
  if (done !== count) failures.push(`only ${done} of ${count} requests were answered`);
}

function grow(label, before, after, limit) {
  const growth = after - before;
  const ok = growth <= limit;
  console.log(`  ${label}: ${MB(before)} MB -> ${MB(after)} MB (${growth >= 0 ? '+' : ''}${MB(growth)} MB, limit +${MB(limit)} MB) ${ok ? 'ok' : 'GREW'}`);
  if (!ok) failures.push(`${label} grew by ${MB(growth)} MB (limit ${MB(limit)} MB)`);
}

const ms = (x) => `${x.toFixed(2)} ms`;

async function main() {
  const server = await startServer([process.execPath, '--expose-gc', join(here, 'soak-server.cjs')], {
    name: 'soak server',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const pinned = server.pinned && taskset(['-a', '-cp', '1', String(process.pid)]);
  console.log(pinned ? 'soak: server pinned to CPU 0, load generator to CPU 1' : 'soak: taskset unavailable, running unpinned');
  try {
    // 1. load: warm-up, baseline, the rest, end figures (each measured with no client connected)
    console.log(`soak: ${REQUESTS} keep-alive requests over ${CONNECTIONS} connections (json, json body, urlencoded body, param, static, 404)`);
    const every = Math.max(1, Math.floor(REQUESTS / 10));
    const counter = { total: 0 };
    const warmup = Math.min(REQUESTS, every);
    await load(server, warmup, every, counter);
    const idleFds = await quiesce(server.pid);
    const base = await stats(server.port);
    const t1 = process.hrtime.bigint();
    const cpu1 = probe(server.pid).cpuMs;
    await load(server, REQUESTS - warmup, every, counter);
    const seconds = Number(process.hrtime.bigint() - t1) / 1e9;
    const cpuUs = ((probe(server.pid).cpuMs - cpu1) * 1000) / Math.max(1, REQUESTS - warmup);
    const endFds = await settle(server.pid, idleFds);
    const end = await stats(server.port);
    console.log(
      `soak: after warm-up ${(REQUESTS - warmup).toLocaleString('en')} requests in ${seconds.toFixed(1)} s: ${((REQUESTS - warmup) / seconds).toFixed(0)} req/s, ${cpuUs.toFixed(1)} µs server CPU per request`,
    );
    console.log(`soak: growth from the end of the warm-up (${warmup.toLocaleString('en')} requests) to the end, no client connected:`);
    grow('heap after GC', base.heapUsed, end.heapUsed, MAX_HEAP_GROWTH);
    grow('RSS', base.rss, end.rss, MAX_RSS_GROWTH);
    console.log(`  file descriptors: ${idleFds} -> ${endFds} ${endFds <= idleFds ? 'ok' : 'GREW'}`);
    if (endFds > idleFds) failures.push(`file descriptors grew from ${idleFds} to ${endFds}`);

    // 2. hostile clients, and what a normal client sees meanwhile
    if (HOSTILE_SECONDS > 0) {
      console.log(
        `soak: hostile clients for ${HOSTILE_SECONDS} s: ${SLOW_CLIENTS} slow (heads and bodies, a byte a second), 8 abandoning (1 MiB downloads, uploads)`,
      );
      const quiet = await normalClient(server.port, Math.min(3000, (HOSTILE_SECONDS * 1000) / 2));
      const slow = slowClients(server.port, SLOW_CLIENTS);
      await sleep(500);
      const withSlow = await normalClient(server.port, (HOSTILE_SECONDS * 1000) / 2);
      const abandoning = abandoningClients(server.port, 8);
      const withBoth = await normalClient(server.port, (HOSTILE_SECONDS * 1000) / 2);
      const p = probe(server.pid);
      console.log(
        `  meanwhile: ${slow.open()} slow connections still open, ${abandoning.count()} abandoned exchanges; server RSS ${MB(p.rss)} MB, fds ${p.fds}`,
      );
      slow.stop();
      await abandoning.stop();
      const line = (label, l) =>
        console.log(`  normal client GET /json, ${label.padEnd(28)} p50 ${ms(l.p50)}  p99 ${ms(l.p99)}  max ${ms(l.max)}  (${l.n} requests)`);
      line('alone:', quiet);
      line('with the slow clients:', withSlow);
      line('with slow and abandoning:', withBoth);
      const afterFds = await settle(server.pid, idleFds);
      const after = await stats(server.port);
      console.log('soak: after the hostile clients left:');
      grow('heap after GC', end.heapUsed, after.heapUsed, MAX_HEAP_GROWTH);
      console.log(`  file descriptors: ${idleFds} -> ${afterFds} ${afterFds <= idleFds ? 'ok' : 'GREW'}`);
      if (afterFds > idleFds) failures.push(`file descriptors not released after the hostile clients: ${afterFds} (idle ${idleFds})`);
    }
  } finally {
    server.child.kill();
  }
  if (failures.length > 0) {
    console.log(
      `soak: FAILED\n${[...new Set(failures)]
        .slice(0, 20)
        .map((f) => `  - ${f}`)
        .join('\n')}`,
    );
    process.exitCode = 1;
  } else console.log('soak: passed');
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
