/** hono's hello JSON app served by Bun.serve (run by Bun): what the fetch handler is compared with. */
/* global Bun */
import { Hono } from 'hono';
import { announcePort, hello } from '../frameworks/common.mjs';

const app = new Hono();
app.get('/', (c) => c.json(hello));
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: app.fetch });
announcePort(server.port);
