/** express 5 doing each scenario the idiomatic way. */
import express from 'express';
import morgan from 'morgan';
import { announcePort, fixtures, hello, nullStream, otherRoutes, scenario } from './common.mjs';

const app = express();
if (scenario === 'logged') app.use(morgan('combined', { stream: nullStream }));
if (scenario === 'routes') {
  for (const path of otherRoutes) app.get(path, (req, res) => res.json({ path }));
  app.get('/user/:id', (req, res) => res.json({ id: req.params.id }));
} else if (scenario === 'echo') {
  app.post('/echo', express.json(), (req, res) => res.json(req.body));
} else if (scenario === 'static') {
  app.use(express.static(fixtures));
} else {
  app.get('/', (req, res) => res.json(hello));
}
const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
