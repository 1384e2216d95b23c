/**
 * webfw over HTTP/2: the app started by `app.listen({ http2: true[, tls] })` (its own request
 * classes), or with `BENCH_SERVER=created` on a server the user made: `http2.createServer(app)`
 * (h2c) or `http2.createSecureServer({ key, cert, allowHTTP1: true }, app)` (tls).
 */
import { createSecureServer, createServer } from 'node:http2';
import webfw from '@webfw/core';
import { applyHeadersAblation } from './common.mjs';
import { announcePort, fixtures, hello, scenario, tls } from './h2-common.mjs';

const app = webfw();
applyHeadersAblation(app);
if (scenario === 'static') app.use(webfw.static(fixtures));
else app.get('/', (_req, res) => res.json(hello));
const server =
  process.env.BENCH_SERVER === 'created'
    ? (tls ? createSecureServer({ ...tls, allowHTTP1: true }, app) : createServer(app)).listen(0, '127.0.0.1', () => announcePort(server.address().port))
    : app.listen({ port: 0, host: '127.0.0.1', http2: true, ...(tls && { tls }) }, () => announcePort(server.address().port));
