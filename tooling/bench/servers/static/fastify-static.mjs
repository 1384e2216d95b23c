// @fastify/static: a fastify plugin, so it runs inside a minimal fastify app (no logger).
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root: process.env.STATIC_ROOT, prefix: '/' });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`PORT ${app.server.address().port}`);
