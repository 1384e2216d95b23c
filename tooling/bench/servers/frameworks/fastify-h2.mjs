/** fastify 5 in its HTTP/2 mode (`http2: true`, with `https` and `allowHTTP1` over TLS), logger off. */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { announcePort, fixtures, hello, scenario, tls } from './h2-common.mjs';

const app = Fastify({ logger: false, http2: true, ...(tls && { https: { allowHTTP1: true, ...tls } }) });
if (scenario === 'static') app.register(fastifyStatic, { root: fixtures });
else app.get('/', async () => hello);
await app.listen({ port: 0, host: '127.0.0.1' });
announcePort(app.server.address().port);
