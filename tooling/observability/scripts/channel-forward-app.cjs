'use strict';
/**
 * Error handlers that pass on the error they received (`next(err)`), for the channel
 * subscriber: the router does not publish that error again, yet instrumentation-express marks
 * every layer whose `next` then gets it (a mounted app, a route). Unlike the edge app
 * (scripts/channel-edge-app.cjs), no error handler sits at the top: a forwarded error reaches
 * express's final handler, whose answer is all that is left to see of it.
 *
 * - `/sub/...`: a sub-app whose last error handler forwards (an error with status 404 too),
 *   recovers (`next()`, ending in a 404, or in a later middleware's error), replaces the
 *   error or answers; a sub-app inside it with its own forwarding error handler; a route with
 *   a forwarding error handler of its own; a throw.
 * - `/router/...`: a Router whose error handler forwards (at once, and on a later turn).
 * - `/route`, `/route-answers`: a route's own error handler forwarding or answering.
 * - `/caught/...`: a sub-app forwarding to an error handler of the app that answers.
 * `forwardRequests()`: what the test asks it.
 */
function forwardApp(express) {
  const app = express();
  // (express's final handler without the stack trace, which names the agent's wrappers)
  app.set('env', 'production');

  const inner = express();
  inner.get('/fail', function innerFail(req, res, next) {
    next(new Error('inner fail'));
  });
  inner.use(function innerForwards(err, req, res, next) {
    next(err);
  });

  const sub = express();
  sub.use(function subMiddleware(req, res, next) {
    next();
  });
  sub.get('/fail', function subFail(req, res, next) {
    next(new Error('sub fail'));
  });
  sub.get('/throw', function subThrow() {
    throw new Error('sub throw');
  });
  sub.get('/answer', function subAnswer(req, res, next) {
    next(new Error('answered in sub'));
  });
  sub.get('/recover', function subRecover(req, res, next) {
    next(new Error('recovered in sub'));
  });
  sub.get('/recover-then-fail', function subRecoverThenFail(req, res, next) {
    next(new Error('recovered in sub'));
  });
  sub.get('/replace', function subReplace(req, res, next) {
    next(new Error('replaced in sub'));
  });
  sub.get('/missing', function subMissing(req, res, next) {
    const error = new Error('missing');
    error.status = 404;
    next(error);
  });
  sub.get(
    '/route',
    function subRouteFail(req, res, next) {
      next(new Error('sub route'));
    },
    function subRouteForwards(err, req, res, next) {
      next(err);
    },
  );
  sub.use('/inner', inner);
  sub.use(function subForwards(err, req, res, next) {
    if (err.message === 'answered in sub') res.status(500).send('answered in sub');
    else if (err.message === 'recovered in sub') next();
    else if (err.message === 'replaced in sub') next(new Error('the replacement'));
    else next(err);
  });
  sub.use(function afterSubRecovery(req, res, next) {
    next(req.path === '/recover-then-fail' ? new Error('failed after recovery') : undefined);
  });
  app.use('/sub', sub);

  const router = express.Router();
  router.get('/fail', function routerFail(req, res, next) {
    const error = new Error('router fail');
    error.status = 409;
    next(error);
  });
  router.get('/later', function routerLater(req, res, next) {
    next(new Error('forwarded later'));
  });
  router.use(function routerForwards(err, req, res, next) {
    if (err.message !== 'forwarded later') return next(err);
    setTimeout(() => next(err), 5);
  });
  app.use('/router', router);

  app.get(
    '/route',
    function routeFail(req, res, next) {
      next(new Error('route'));
    },
    function routeForwards(err, req, res, next) {
      next(err);
    },
  );
  app.get(
    '/route-answers',
    function routeFail(req, res, next) {
      next(new Error('route answers'));
    },
    // eslint-disable-next-line @typescript-eslint/no-unused-vars
    function routeAnswers(err, req, res, next) {
      res.status(500).send('answered in route');
    },
  );

  const caught = express();
  caught.get('/fail', function caughtFail(req, res, next) {
    next(new Error('caught at the top'));
  });
  caught.use(function caughtForwards(err, req, res, next) {
    next(err);
  });
  app.use('/caught', caught);
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  app.use('/caught', function topAnswers(err, req, res, next) {
    res.status(502).send(`top: ${err.message}`);
  });
  return app;
}

const PATHS = [
  '/sub/fail',
  '/sub/throw',
  '/sub/answer',
  '/sub/recover',
  '/sub/recover-then-fail',
  '/sub/replace',
  '/sub/missing',
  '/sub/route',
  '/sub/inner/fail',
  '/router/fail',
  '/router/later',
  '/route',
  '/route-answers',
  '/caught/fail',
];

/** The requests of the forward app (GET each path). */
function forwardRequests() {
  return PATHS.map((p) => ['GET', p]);
}

module.exports = { forwardApp, forwardRequests };
