/**
 * The app the hot-path tricks are measured on (see tricks.mjs): webfw serving one scenario.
 *   hello   GET /          -> {"hello":"world"} (res.json on an untouched response)
 *   routes  GET /user/42   -> {"id":"42"}, the last of 50 routes (49 others under /api/v1)
 *   miss    GET /nope      -> 404 from the final handler (the walk reaches the end of the stack)
 *   echo    POST /echo     -> a 1 KB JSON body parsed by webfw.json() and sent back
 * BENCH_ETAG=off turns the ETag off. Prints `PORT <n>` when listening.
 */
import webfw from '@webfw/core';

const scenario = process.argv[2] ?? 'hello';
const app = webfw();
// BENCH_ETAG=off: the same app without express's ETag (what the ETag costs, in instructions)
if (process.env.BENCH_ETAG === 'off') app.set('etag', false);
if (scenario === 'routes') {
  for (let i = 0; i < 49; i++) {
    const path = i % 2 === 0 ? `/api/v1/resource${i}` : `/api/v1/resource${i}/:param`;
    app.get(path, (req, res) => res.json({ path }));
  }
  app.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
} else if (scenario === 'echo') {
  app.post('/echo', webfw.json(), (req, res) => res.json(req.body));
} else {
  app.get('/', (req, res) => res.json({ hello: 'world' }));
}
const server = app.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
