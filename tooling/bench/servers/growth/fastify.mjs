/**
 * fastify 5 on the growth series, the idiomatic way: routes with `app.get`, middleware as
 * `onRequest` hooks (fastify's per-request step before the handler), @fastify/static.
 */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { announcePort, BODY_LIMIT, hello, kind, size, staticRoot } from './common.mjs';

const app = Fastify({ logger: false, bodyLimit: BODY_LIMIT });
if (kind === 'routes') {
  for (let i = 0; i < size; i++) app.get(`/r${i}/:id`, async (req) => ({ id: req.params.id }));
} else if (kind === 'json') {
  app.post('/echo', async (req) => req.body);
} else if (kind === 'static') {
  app.register(fastifyStatic, { root: staticRoot });
} else {
  if (kind === 'middleware') for (let i = 0; i < size; i++) app.addHook('onRequest', (req, reply, done) => done());
  app.get('/', async () => hello);
}
await app.listen({ port: 0, host: '127.0.0.1' });
announcePort(app.server.address().port);
