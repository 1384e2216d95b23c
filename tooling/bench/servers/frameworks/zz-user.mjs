import http2 from 'node:http2';
import webfw from '@webfw/core';
import { announcePort, hello } from './h2-common.mjs';
const app = webfw();
app.get('/', (_req, res) => res.json(hello));
const server = process.env.USER_MADE ? http2.createServer(app).listen(0, '127.0.0.1', ready) : app.listen({ port: 0, host: '127.0.0.1', http2: true }, ready);
function ready() { announcePort(server.address().port); }
