/** hono doing each scenario the idiomatic way, served by Bun.serve / Deno.serve: what app.fetch is compared with. */
import { Hono } from 'hono';
import { hello, otherRoutes, scenario, serveFetch } from './serve.mjs';

const app = new Hono();
if (scenario === 'routes') {
  for (const path of otherRoutes) app.get(path, (c) => c.json({ path }));
  app.get('/user/:id', (c) => c.json({ id: c.req.param('id') }));
} else if (scenario === 'echo') {
  app.post('/echo', async (c) => c.json(await c.req.json()));
} else {
  app.get('/', (c) => c.json(hello));
}
serveFetch(app.fetch);
