/** webfw over HTTP/2: the app started by `app.listen({ http2: true[, tls] })` (its own request classes). */
import webfw from '@webfw/core';
import { announcePort, fixtures, hello, scenario, tls } from './h2-common.mjs';

const app = webfw();
if (scenario === 'static') app.use(webfw.static(fixtures));
else app.get('/', (_req, res) => res.json(hello));
const server = app.listen({ port: 0, host: '127.0.0.1', http2: true, ...(tls && { tls }) }, () => announcePort(server.address().port));
