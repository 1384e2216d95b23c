/** fastify 5 doing each scenario the idiomatic way (its own logger off, as in its benchmarks). */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { announcePort, fixtures, hello, otherRoutes, scenario } from './common.mjs';

const app = Fastify({ logger: false });
if (scenario === 'routes') {
  for (const path of otherRoutes) app.get(path, async () => ({ path }));
  app.get('/user/:id', async (req) => ({ id: req.params.id }));
} else if (scenario === 'echo') {
  app.post('/echo', async (req) => req.body);
} else if (scenario === 'static') {
  app.register(fastifyStatic, { root: fixtures });
} else {
  app.get('/', async () => hello);
}
await app.listen({ port: 0, host: '127.0.0.1' });
announcePort(app.server.address().port);
