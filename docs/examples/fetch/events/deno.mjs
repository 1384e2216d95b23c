// The events app through app.fetch on Deno.serve.
/* global Deno */
import { createRequire } from 'node:module';

const { createEventsApp } = createRequire(import.meta.url)('./app.cjs');
const port = Number(Deno.env.get('PORT') || 0);
Deno.serve({ port, hostname: '127.0.0.1', onListen: (addr) => console.log(`listening on http://127.0.0.1:${addr.port}`) }, createEventsApp().fetch);
