/**
 * The growth app of express and webfw, written once the idiomatic express way: `framework` is
 * express or webfw (a drop-in replacement, so the code is the same).
 */
import { announcePort, BODY_LIMIT, hello, kind, size, staticRoot } from './common.mjs';

/** Builds the app of the series and starts it on a free port of 127.0.0.1. */
export function serve(framework) {
  const app = framework();
  if (kind === 'routes') {
    for (let i = 0; i < size; i++) app.get(`/r${i}/:id`, (req, res) => res.json({ id: req.params.id }));
  } else if (kind === 'json') {
    app.post('/echo', framework.json({ limit: BODY_LIMIT }), (req, res) => res.json(req.body));
  } else if (kind === 'static') {
    app.use(framework.static(staticRoot));
  } else if (kind === 'subapps') {
    // the route `size` sub-apps deep, each mounted at `/` (`app.use('/', sub)`)
    let target = app;
    for (let level = 0; level < size; level++) {
      const sub = framework();
      target.use('/', sub);
      target = sub;
    }
    target.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
  } else {
    if (kind === 'middleware') for (let i = 0; i < size; i++) app.use((req, res, next) => next());
    app.get('/', (req, res) => res.json(hello));
  }
  const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
}
