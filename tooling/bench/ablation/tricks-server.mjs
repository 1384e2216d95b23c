/**
 * The app the hot-path tricks are measured on (see tricks.mjs): webfw serving one scenario.
 *   hello   GET /          -> {"hello":"world"} (res.json on an untouched response)
 *   routes  GET /user/42   -> {"id":"42"}, the last of 50 routes (49 others under /api/v1)
 *   echo    POST /echo     -> a 1 KB JSON body parsed by webfw.json() and sent back
 * BENCH_ETAG=off turns the ETag off; BENCH_FRAMEWORK names another core entry (a path);
 * BENCH_MOUNT=router or app puts the scenario's routes in a Router or a sub-app mounted at `/`.
 * Prints `PORT <n>` when listening.
 */
import { isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';

// A pause before anything is built: node's own code per request runs in one of two states set
// by what the process did in its first milliseconds, so every build starts from the same one
// (docs/performance.md, "Counting instructions").
await new Promise((resolve) => setTimeout(resolve, 10));

// BENCH_FRAMEWORK: another build's core entry by path (instructions.mjs compares commits)
const entry = process.env.BENCH_FRAMEWORK;
const webfw = (await import(entry ? (isAbsolute(entry) ? pathToFileURL(entry).href : entry) : '@webfw/core')).default;

const scenario = process.argv[2] ?? 'hello';
const root = webfw();
let app = root;
if (process.env.BENCH_MOUNT === 'router' || process.env.BENCH_MOUNT === 'app') {
  app = process.env.BENCH_MOUNT === 'router' ? webfw.Router() : webfw();
  root.use('/', app);
}
// BENCH_ETAG=off: the same app without express's ETag (what the ETag costs, in instructions)
if (process.env.BENCH_ETAG === 'off') root.set('etag', false);
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
const server = root.listen(0, '127.0.0.1', () => console.log(`PORT ${server.address().port}`));
