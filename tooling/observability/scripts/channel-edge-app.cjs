'use strict';
/**
 * A harder app than test-app.cjs for the channel subscriber: a mounted sub-app, nested routers
 * with merged params, sync throws and async rejections, an error passed by a middleware before
 * any route, a route's own error handler, next('route'), router.param (passing and failing), an
 * async middleware, the root path, an array path, an error handler that recovers, and errors
 * reaching express's final handler; and spans a middleware and a route callback start themselves
 * (children of the layer's span when the context is carried). `edgeRequests(v4)`: what the test asks it. `v4`: for
 * express 4 (no async rejection: express 4 leaves it unhandled and the process exits).
 */
const { trace } = require('@opentelemetry/api');

const tracer = trace.getTracer('edge-app');

function edgeApp(express, v4 = false) {
  const app = express();
  // (express's final handler without the stack trace, which names the agent's wrappers)
  app.set('env', 'production');
  app.use(function first(req, res, next) {
    next();
  });
  const sub = express();
  sub.use(function subMiddleware(req, res, next) {
    next();
  });
  sub.get('/hello', function subHello(req, res) {
    res.send('sub');
  });
  sub.get('/fail', function subFail(req, res, next) {
    next(new Error('sub fail'));
  });
  app.use('/sub', sub);
  const outer = express.Router();
  const inner = express.Router({ mergeParams: true });
  inner.get('/:id', function innerGet(req, res) {
    res.json(req.params);
  });
  outer.use('/inner/:k', inner);
  app.use('/outer', outer);
  if (!v4) {
    app.get('/async-throw', async function asyncThrow() {
      await null;
      throw new Error('async');
    });
  }
  app.get('/sync-throw', function syncThrow() {
    throw new Error('sync');
  });
  app.use('/mw-error', function mwError(req, res, next) {
    next(new Error('mw'));
  });
  app.get(
    '/route-caught',
    function failInRoute(req, res, next) {
      next(new Error('caught'));
    },
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    function routeError(err, req, res, next) {
      res.status(418).send('caught in route');
    },
  );
  app.get(
    '/skip',
    function skip(req, res, next) {
      next('route');
    },
    function never(req, res) {
      res.send('never');
    },
  );
  app.get('/skip', function second(req, res) {
    res.send('second');
  });
  app.param('pid', function loadPid(req, res, next, id) {
    if (id === 'bad') next(new Error('bad param'));
    else next();
  });
  app.get('/p/:pid', function pid(req, res) {
    res.send(req.params.pid);
  });
  app.use('/async-mw', async function asyncMiddleware(req, res, next) {
    await null;
    next();
  });
  app.get('/async-mw', function afterAsync(req, res) {
    res.send('ok');
  });
  app.use('/own-spans', async function startsSpans(req, res, next) {
    await null;
    tracer.startSpan('middleware work').end();
    next();
  });
  app.get('/own-spans', function ownSpans(req, res) {
    tracer.startActiveSpan('handler work', (span) => {
      span.end();
      res.send('own spans');
    });
  });
  app.get('/', function root(req, res) {
    res.send('root');
  });
  app.get(['/a1', '/a2'], function arrayPath(req, res) {
    res.send('array');
  });
  app.get('/recover', function toRecover(req, res, next) {
    next(new Error('recover'));
  });
  app.get('/final', function toFinal(req, res, next) {
    next(new Error('final'));
  });
  app.use(function recovers(err, req, res, next) {
    if (err.message === 'recover') next();
    else next(err);
  });
  app.use(function afterRecovery(req, res, next) {
    next();
  });
  app.use(function notFound(req, res) {
    res.status(404).send('not found');
  });
  app.use(function onError(err, req, res, next) {
    if (err.message === 'final') return next(err);
    res.status(500).send(err.message);
  });
  return app;
}

const PATHS = [
  '/sub/hello',
  '/sub/fail',
  '/outer/inner/k1/5',
  '/async-throw',
  '/sync-throw',
  '/mw-error',
  '/route-caught',
  '/skip',
  '/p/1',
  '/p/bad',
  '/async-mw',
  '/own-spans',
  '/',
  '/a2',
  '/recover',
  '/final',
  '/nope',
];

/** The requests of the edge app (GET each path; without /async-throw for express 4). */
function edgeRequests(v4 = false) {
  return PATHS.filter((p) => !v4 || p !== '/async-throw').map((p) => ['GET', p]);
}

module.exports = { edgeApp, edgeRequests };
