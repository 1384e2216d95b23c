'use strict';
/** The app every agent traces: a json parser, a middleware, a Router at /api, a 404 and an error handler. */
module.exports = function testApp(express) {
  const app = express();
  app.use(express.json());
  app.use(function stamp(req, res, next) {
    res.set('x-stamp', '1');
    next();
  });
  const api = express.Router();
  api.get('/users/:id', function getUser(req, res) {
    res.json({ id: req.params.id });
  });
  api.post('/echo', function echo(req, res) {
    res.json(req.body);
  });
  api.get('/boom', function boom(req, res, next) {
    next(new Error('boom'));
  });
  app.use('/api', api);
  app.use(function notFound(req, res) {
    res.status(404).json({ error: 'not found' });
  });
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use(function onError(err, req, res, next) {
    res.status(500).json({ error: err.message });
  });
  return app;
};
