/**
 * What every framework server of the frameworks suite serves, so they do the same work:
 * scenario `hello` (GET / -> {"hello":"world"}), `routes` (50 routes, GET /user/:id ->
 * {"id":...}), `echo` (POST /echo, JSON body parsed and sent back), `static` (GET /1kb.txt)
 * and `logged` (`hello` behind a combined-format logger writing to a null stream).
 */
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';

export const scenario = process.argv[2] ?? 'hello';
export const fixtures = fileURLToPath(new URL('../../fixtures', import.meta.url));
export const hello = { hello: 'world' };

/** The body of scenario (c), POST echo: about 1 KB of JSON (padded with spaces to 1024 bytes). */
export const echoBody = JSON.stringify({
  id: 12345,
  name: 'webfw benchmark payload',
  tags: Array.from({ length: 12 }, (_, i) => `tag-${i}`),
  items: Array.from({ length: 10 }, (_, i) => ({ sku: `SKU-${1000 + i}`, qty: i + 1, price: 9.99 + i, note: 'lorem ipsum dolor' })),
}).padEnd(1024, ' ');

/** 49 other routes registered before `/user/:id`, as a realistic app would have. */
export const otherRoutes = [];
for (let i = 0; i < 49; i++) otherRoutes.push(i % 2 === 0 ? `/api/v1/resource${i}` : `/api/v1/resource${i}/:param`);

/** Discards what it is given: the loggers' stream. */
export const nullStream = new Writable({
  write(_chunk, _enc, cb) {
    cb();
  },
});

/**
 * The targets' ablation (`BENCH_HEADERS=bare`): `app` without the two headers express sends
 * and bare node:http and fastify do not (ETag and X-Powered-By), to measure what they cost.
 */
export function applyHeadersAblation(app) {
  if (process.env.BENCH_HEADERS !== 'bare') return;
  app.set('etag', false);
  app.disable('x-powered-by');
}

/** Prints the port the harness waits for. */
export function announcePort(port) {
  console.log(`PORT ${port}`);
}

/**
 * Registers on the hono app `app` the routes of the scenario, the idiomatic hono way (`routes`,
 * `echo`, and hello for any other); the hono servers (on node, and on Bun and Deno beside
 * app.fetch) share them.
 */
export function honoRoutes(app) {
  if (scenario === 'routes') {
    for (const path of otherRoutes) app.get(path, (c) => c.json({ path }));
    app.get('/user/:id', (c) => c.json({ id: c.req.param('id') }));
  } else if (scenario === 'echo') {
    app.post('/echo', async (c) => c.json(await c.req.json()));
  } else {
    app.get('/', (c) => c.json(hello));
  }
}
