// The events app through app.fetch on Bun.serve.
/* global Bun */
import { createRequire } from 'node:module';

const { createEventsApp } = createRequire(import.meta.url)('./app.cjs');
const server = Bun.serve({ port: Number(process.env.PORT || 0), hostname: '127.0.0.1', fetch: createEventsApp().fetch });
console.log(`listening on http://127.0.0.1:${server.port}`);
