/** hono on @hono/node-server doing each scenario the idiomatic way. */
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { relative } from 'node:path';
import { announcePort, fixtures, hello, otherRoutes, scenario } from './common.mjs';

const app = new Hono();
if (scenario === 'routes') {
  for (const path of otherRoutes) app.get(path, (c) => c.json({ path }));
  app.get('/user/:id', (c) => c.json({ id: c.req.param('id') }));
} else if (scenario === 'echo') {
  app.post('/echo', async (c) => c.json(await c.req.json()));
} else if (scenario === 'static') {
  app.use('/*', serveStatic({ root: relative(process.cwd(), fixtures) }));
} else {
  app.get('/', (c) => c.json(hello));
}
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => announcePort(info.port));
