// Bun: the demo app served by Bun.serve through app.fetch (`bun docs/examples/fetch/bun.mjs`).
/* global Bun */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createApp } = require('../demo/app.js');

const app = createApp({ log: false });
const server = Bun.serve({ port: Number(process.env.PORT ?? 3000), hostname: '127.0.0.1', fetch: app.fetch });
console.log(`listening on http://127.0.0.1:${server.port}`);
