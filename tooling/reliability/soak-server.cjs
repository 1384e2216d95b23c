/**
 * The app `npm run soak` loads (started by soak.mjs, pinned to one CPU): JSON answers, JSON
 * and urlencoded body parsing, a route with a param, static files (a small one, a 1 MiB one
 * that clients abandon mid-response), and `/__stats` with the heap after a full GC. Uses the
 * built packages (dist), as an application would. Prints `PORT <n>` once listening.
 */
'use strict';
const { mkdtempSync, readdirSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const webfw = require('../../packages/core/dist/index.cjs');

const files = mkdtempSync(join(tmpdir(), 'webfw-soak-'));
writeFileSync(join(files, '1kb.txt'), 'x'.repeat(1024));
writeFileSync(join(files, 'big.bin'), Buffer.alloc(1024 * 1024, 7));

const app = webfw();
app.set('env', 'production');
app.set('etag', false);
app.get('/json', (_req, res) => res.json({ hello: 'world', n: 1 }));
app.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
app.post('/echo', webfw.json(), (req, res) => res.json(req.body));
app.post('/form', webfw.urlencoded({ extended: false }), (req, res) => res.json(req.body));
app.use('/static', webfw.static(files));
app.get('/__stats', (_req, res) => {
  if (typeof global.gc === 'function') {
    global.gc();
    global.gc();
  }
  const m = process.memoryUsage();
  res.json({ heapUsed: m.heapUsed, rss: m.rss, external: m.external, fds: readdirSync('/proc/self/fd').length });
});

// client errors (aborted uploads, bad bodies) answer their status quietly, as an app's error handler would
app.use((err, _req, res, _next) => res.status(err.status ?? 500).end());

const server = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(`PORT ${server.address().port}\n`);
});
