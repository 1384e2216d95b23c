/**
 * webfw over HTTPS (HTTP/1.1 over TLS), hello JSON: the app started by `app.listen({ tls })`,
 * or with `BENCH_SERVER=created` on a server the user made, `https.createServer({ key, cert }, app)`.
 * argv[2] is the scenario (`hello`); the key and certificate files are named by BENCH_TLS_KEY /
 * BENCH_TLS_CERT.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import webfw from '@webfw/core';
import { announcePort, hello } from './common.mjs';

const tls = { key: readFileSync(process.env.BENCH_TLS_KEY ?? ''), cert: readFileSync(process.env.BENCH_TLS_CERT ?? '') };
const app = webfw();
app.get('/', (_req, res) => res.json(hello));
const server =
  process.env.BENCH_SERVER === 'created'
    ? createServer(tls, app).listen(0, '127.0.0.1', () => announcePort(server.address().port))
    : app.listen({ port: 0, host: '127.0.0.1', tls }, () => announcePort(server.address().port));
