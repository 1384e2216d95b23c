/** webfw doing each scenario exactly as the express server does: only the import differs. */
import webfw from '@webfw/core';
import logger from '@webfw/logger';
import { announcePort, fixtures, hello, nullStream, otherRoutes, scenario } from './common.mjs';

const app = webfw();
// the profile mode's ablation of (c): the same app without express's ETag
if (process.env.BENCH_ETAG === 'off') app.set('etag', false);
if (scenario === 'logged') app.use(logger('combined', { stream: nullStream }));
if (scenario === 'routes') {
  for (const path of otherRoutes) app.get(path, (req, res) => res.json({ path }));
  app.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
} else if (scenario === 'echo') {
  app.post('/echo', webfw.json(), (req, res) => res.json(req.body));
} else if (scenario === 'static') {
  app.use(webfw.static(fixtures));
} else {
  app.get('/', (req, res) => res.json(hello));
}
const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
