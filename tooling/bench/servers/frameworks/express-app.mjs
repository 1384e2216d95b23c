/**
 * The app the express and webfw servers both serve, written once the idiomatic express way:
 * `framework` is express or webfw (a drop-in replacement, so the code is the same) and
 * `logger` morgan or @webfw/logger (scenario `logged`).
 */
import { announcePort, fixtures, hello, nullStream, otherRoutes, scenario } from './common.mjs';

/** The app of the scenario on `framework`. */
export function expressApp(framework, logger) {
  const app = framework();
  if (scenario === 'logged') app.use(logger('combined', { stream: nullStream }));
  if (scenario === 'routes') {
    for (const path of otherRoutes) app.get(path, (req, res) => res.json({ path }));
    app.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
  } else if (scenario === 'echo') {
    app.post('/echo', framework.json(), (req, res) => res.json(req.body));
  } else if (scenario === 'static') {
    app.use(framework.static(fixtures));
  } else {
    app.get('/', (req, res) => res.json(hello));
  }
  return app;
}

/** Starts `app` on a free port of 127.0.0.1 and announces the port. */
export function listen(app) {
  const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
}
