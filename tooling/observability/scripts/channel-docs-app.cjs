'use strict';
/**
 * The app docs/observability.md's channel subscriber is run against: `node --require
 * <subscriber> channel-docs-app.cjs <framework>` (a path or module id: express 5.3, or the built
 * @webfw/core) serves a Router at /api (a sync and an async route, one that fails) and an error
 * handler, sends one request to each, and exits.
 */
const framework = require(process.argv[2]);

const app = framework();
const api = framework.Router();
api.get('/users/:id', function getUser(req, res) {
  res.json({ id: req.params.id });
});
api.get('/slow', async function slow(req, res) {
  await new Promise((resolve) => setTimeout(resolve, 5));
  res.send('slow');
});
api.get('/boom', function boom() {
  throw new Error('boom');
});
app.use('/api', api);
// eslint-disable-next-line @typescript-eslint/no-unused-vars
app.use(function onError(err, req, res, next) {
  res.status(500).send(err.message);
});

const server = app.listen(0, '127.0.0.1', async () => {
  const base = `http://127.0.0.1:${server.address().port}`;
  for (const path of ['/api/users/1', '/api/slow', '/api/boom']) {
    const answer = await fetch(base + path);
    console.log(`answer ${path} ${answer.status} ${await answer.text()}`);
  }
  server.close();
});
