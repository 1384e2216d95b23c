/**
 * The app of the fetch soak (fetch-soak.mjs) served through `app.fetch` by `Bun.serve` (run by
 * Bun) or `Deno.serve` (run by Deno, `deno run -A --v8-flags=--expose-gc`): soak-server.cjs's
 * routes (JSON answers, JSON and urlencoded bodies, a route param, static files, a 404), an
 * upload read to its end (`POST /upload`) and 256 KiB streamed with backpressure (`/stream`), from the built packages (dist), as an application
 * would. `/__stats` answers the heap after a full GC, RSS, open file descriptors, and the
 * unhandled rejections and rejected `app.fetch` calls seen so far. Prints `PORT <n>` once
 * listening.
 */
/* global Bun, Deno */
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const webfw = require('../../packages/core/dist/index.cjs');

const files = mkdtempSync(join(tmpdir(), 'webfw-fetch-soak-'));
writeFileSync(join(files, '1kb.txt'), 'x'.repeat(1024));
writeFileSync(join(files, 'big.bin'), Buffer.alloc(1024 * 1024, 7));

let unhandled = 0;
let rejected = 0;
process.on('unhandledRejection', (err) => {
  unhandled++;
  console.error('unhandled rejection:', err);
});

/** A full garbage collection, where the runtime offers one. */
function collect() {
  if (typeof Bun !== 'undefined') Bun.gc(true);
  else if (typeof globalThis.gc === 'function') {
    globalThis.gc();
    globalThis.gc();
  }
}

const app = webfw();
app.set('env', 'production');
app.set('etag', false);
app.get('/json', (_req, res) => res.json({ hello: 'world', n: 1 }));
app.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
app.post('/echo', webfw.json({ limit: '100kb' }), (req, res) => res.json(req.body));
app.post('/form', webfw.urlencoded({ extended: false }), (req, res) => res.json(req.body));
app.post('/upload', (req, res) => {
  let length = 0;
  req.on('data', (chunk) => (length += chunk.length));
  req.on('end', () => res.json({ length }));
});
// 256 KiB written in 4 KiB pieces, each when the last was taken ('drain'): a slow reader holds it up
// (`waiting`: the streams now held up by their reader)
const piece = Buffer.alloc(4096, 's');
let waiting = 0;
app.get('/stream', (_req, res) => {
  res.type('application/octet-stream');
  let left = 64;
  let held = false;
  const more = () => {
    if (held) waiting--;
    held = false;
    while (left > 0) {
      left--;
      if (left === 0) return void res.end(piece);
      if (!res.write(piece)) {
        held = true;
        waiting++;
        return void res.once('drain', more);
      }
    }
  };
  res.once('close', () => {
    if (held) waiting--;
    held = false;
  });
  more();
});
app.use('/static', webfw.static(files));
app.get('/__stats', (_req, res) => {
  collect();
  const m = process.memoryUsage();
  res.json({ heapUsed: m.heapUsed, rss: m.rss, fds: readdirSync('/proc/self/fd').length, unhandled, rejected, waiting });
});
// client errors (aborted uploads, bodies past the limit) answer their status quietly, as an app's error handler would
app.use((err, _req, res, _next) => res.status(err.status ?? 500).end());

/** `app.fetch`, counting the calls that reject (none should: a client gone gets its 499). */
const fetch = (request, info) =>
  app.fetch(request, info).catch((err) => {
    rejected++;
    throw err;
  });

if (typeof Bun !== 'undefined') {
  const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch });
  process.stdout.write(`PORT ${server.port}\n`);
} else {
  Deno.serve({ port: 0, hostname: '127.0.0.1', onListen: ({ port }) => console.log(`PORT ${port}`) }, fetch);
}
