/**
 * The app the express and webfw servers both serve, written once the idiomatic express way:
 * `framework` is express or webfw (a drop-in replacement, so the code is the same) and
 * `logger` morgan or @webfw/logger (scenario `logged`).
 */
import { announcePort, fixtures, hello, nullStream, otherRoutes, scenario } from './common.mjs';

/**
 * Where the scenario's routes live (`BENCH_MOUNT`): on the app itself (unset), in a Router
 * mounted at `/` (`router`), or in a sub-app mounted at `/` (`app`), `app2` and `app3` for a
 * sub-app two and three levels deep: `app.use('/', sub)`, as apps built of one app per area are.
 */
export const mount = process.env.BENCH_MOUNT ?? '';

/** The app of the scenario on `framework`. */
export function expressApp(framework, logger) {
  const app = framework();
  if (scenario === 'logged') app.use(logger('combined', { stream: nullStream }));
  const depth = mount.startsWith('app') ? Number(mount.slice(3) || 1) : 0;
  let target = app;
  if (mount === 'router') {
    target = framework.Router();
    app.use('/', target);
  }
  for (let level = 0; level < depth; level++) {
    const sub = framework();
    target.use('/', sub);
    target = sub;
  }
  if (scenario === 'routes') {
    for (const path of otherRoutes) target.get(path, (req, res) => res.json({ path }));
    target.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
  } else if (scenario === 'echo') {
    target.post('/echo', framework.json(), (req, res) => res.json(req.body));
  } else if (scenario === 'static') {
    target.use(framework.static(fixtures));
  } else {
    target.get('/', (req, res) => res.json(hello));
  }
  return app;
}

/** Starts `app` on a free port of 127.0.0.1 and announces the port. */
export function listen(app) {
  const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
}
