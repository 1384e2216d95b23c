// Deno: the demo app served by Deno.serve through app.fetch (`deno run -A docs/examples/fetch/deno.mjs`).
/* global Deno */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { createApp } = require('../demo/app.js');

const app = createApp({ log: false });
const port = Number(Deno.env.get('PORT') ?? 3000);
Deno.serve({ port, hostname: '127.0.0.1', onListen: (addr) => console.log(`listening on http://127.0.0.1:${addr.port}`) }, app.fetch);
