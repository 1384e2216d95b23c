import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type ErrorRequestHandler, type NextFunction, type RequestHandler } from '@webfw/router';
import { createServer, expectAnswers } from './support/helpers';

/** An error handler (four declared parameters) that answers 500 `handled <message>`. */
const answerError: ErrorRequestHandler = (err, _req, res, _next) => {
  res.statusCode = 500;
  res.end(`handled ${(err as Error).message}`);
};

describe('next()', () => {
  it('should pass control to the next matching layer', async () => {
    const router = Router();
    router.use((_req, res, next) => {
      res.setHeader('X-First', 'yes');
      next();
    });
    router.get('/', (_req, res) => res.end('second'));
    await request(createServer(router)).get('/').expect('X-First', 'yes').expect(200, 'second');
  });

  it('should call the router callback with no error after the last layer', async () => {
    const router = Router();
    router.use((_req, _res, next) => next());
    await request(createServer(router)).get('/end').expect(404, 'Cannot GET /end');
  });
});

describe('next(err)', () => {
  it('should skip request handlers and routes and run the next error handler', async () => {
    const router = Router();
    router.use((_req, _res, next) => next(new Error('boom')));
    router.use((_req, res) => res.end('skipped middleware'));
    router.get('/', (_req, res) => res.end('skipped route'));
    router.use(answerError);
    await request(createServer(router)).get('/').expect(500, 'handled boom');
  });

  it('should recognise error handlers by their four parameters only', async () => {
    const router = Router();
    router.use((_req, _res, next) => next(new Error('e1')));
    // three parameters: an ordinary middleware, skipped while an error is pending
    router.use(((err: unknown, _req: IncomingMessage, res: ServerResponse) => res.end(`wrong ${String(err)}`)) as unknown as ErrorRequestHandler);
    router.use(answerError);
    await request(createServer(router)).get('/').expect(500, 'handled e1');
  });

  it('should skip error handlers when there is no error', async () => {
    const router = Router();
    router.use(answerError);
    router.use((_req, res) => res.end('no error'));
    await request(createServer(router)).get('/').expect(200, 'no error');
  });

  it('should let an error handler recover with next()', async () => {
    const router = Router();
    router.use((_req, _res, next) => next(new Error('x')));
    const recover: ErrorRequestHandler = (_err, _req, _res, next) => next();
    router.use(recover);
    router.use((_req, res) => res.end('recovered'));
    await request(createServer(router)).get('/').expect(200, 'recovered');
  });

  it('should pass the error to the router callback when no error handler ends it', async () => {
    const router = Router();
    router.get('/', (_req, _res, next) => next(Object.assign(new Error('teapot'), { status: 418 })));
    await request(createServer(router)).get('/').expect(418, '418 teapot');
  });

  it('should run error handlers registered on a route', async () => {
    const router = Router();
    router.get('/', (_req, _res, next) => next(new Error('in route')), answerError);
    await request(createServer(router)).get('/').expect(500, 'handled in route');
  });
});

describe('thrown errors and rejected promises', () => {
  it.each<[string, RequestHandler, string]>([
    [
      'call next(err) when a handler throws',
      () => {
        throw new Error('thrown');
      },
      'handled thrown',
    ],
    [
      'call next(err) when a handler returns a rejected promise',
      async () => {
        await new Promise((r) => setTimeout(r, 5));
        throw new Error('rejected');
      },
      'handled rejected',
    ],
  ])('should %s', async (_name, handler, body) => {
    const router = Router();
    router.get('/', handler);
    router.use(answerError);
    await request(createServer(router)).get('/').expect(500, body);
  });

  it("should call next(Error('Rejected promise')) for a rejection without a reason", async () => {
    const router = Router();
    router.use(() => Promise.reject(undefined));
    router.use(answerError);
    await request(createServer(router)).get('/').expect(500, 'handled Rejected promise');
  });

  it('should call next(err) when an error handler throws or rejects', async () => {
    const router = Router();
    router.use((_req, _res, next) => next(new Error('first')));
    const rethrow: ErrorRequestHandler = (err, _req, _res, _next) => {
      throw new Error(`again after ${(err as Error).message}`);
    };
    const reject: ErrorRequestHandler = async (err, _req, _res, _next) => {
      throw new Error(`rejected after ${(err as Error).message}`);
    };
    router.use(rethrow, reject, answerError);
    await request(createServer(router)).get('/').expect(500, 'handled rejected after again after first');
  });

  it('should not wait for a promise that resolves', async () => {
    const router = Router();
    router.use(async (_req, _res, next) => {
      next();
    });
    router.use((_req, res) => res.end('went on'));
    await request(createServer(router)).get('/').expect(200, 'went on');
  });
});

describe("next('route')", () => {
  it('should skip the remaining callbacks of the route and go to the next route', async () => {
    const router = Router();
    router.get(
      '/u/:id',
      (req, _res, next) => (req.params.id === '0' ? next('route') : next()),
      (_req, res) => res.end('regular'),
    );
    router.get('/u/:id', (_req, res) => res.end('special'));
    await expectAnswers(router, [
      ['/u/1', 200, 'regular'],
      ['/u/0', 200, 'special'],
    ]);
  });

  it('should act as next() in a middleware', async () => {
    const router = Router();
    router.use((_req, _res, next) => next('route'));
    router.use((_req, res) => res.end('after route signal'));
    await request(createServer(router)).get('/').expect(200, 'after route signal');
  });
});

describe("next('router')", () => {
  it('should leave the router and call its callback without error', async () => {
    const sub = Router();
    sub.use((req, _res, next) => (req.headers['x-skip'] ? next('router') : next()));
    sub.get('/', (_req, res) => res.end('inside sub'));
    const router = Router();
    router.use('/s', sub);
    router.use('/s', (_req, res) => res.end('outside sub'));
    const server = createServer(router);
    await request(server).get('/s').expect(200, 'inside sub');
    await request(server).get('/s').set('X-Skip', '1').expect(200, 'outside sub');
  });

  it('should bypass all remaining route callbacks of the router from inside a route', async () => {
    const sub = Router();
    sub.get(
      '/',
      (_req, _res, next) => next('router'),
      (_req, res) => res.end('same route'),
    );
    sub.get('/', (_req, res) => res.end('later route'));
    const router = Router();
    router.use(sub);
    router.use((_req, res) => res.end('parent next'));
    await request(createServer(router)).get('/').expect(200, 'parent next');
  });

  it('should end a top-level router with its callback (404 here)', async () => {
    const router = Router();
    router.use((_req, _res, next) => next('router'));
    router.use((_req, res) => res.end('unreached'));
    await request(createServer(router)).get('/').expect(404, 'Cannot GET /');
  });
});

describe('req.next and synchronous stacks', () => {
  it('should set req.next to the router next and restore it after', async () => {
    const inner = Router();
    let innerNext: unknown;
    inner.use((req, _res, next) => {
      innerNext = (req as IncomingMessage & { next?: NextFunction }).next;
      next();
    });
    const router = Router();
    let outerNext: unknown;
    router.use((req, _res, next) => {
      outerNext = (req as IncomingMessage & { next?: NextFunction }).next;
      next();
    });
    router.use(inner);
    router.use((req, res) => res.end(String((req as IncomingMessage & { next?: NextFunction }).next === outerNext && innerNext !== outerNext)));
    await request(createServer(router)).get('/').expect(200, 'true');
  });

  it('should run thousands of synchronous layers without overflowing the call stack', async () => {
    const router = Router();
    for (let i = 0; i < 5000; i++) router.use((_req, _res, next) => next());
    const route = router.route('/deep');
    for (let i = 0; i < 5000; i++) route.get((_req, _res, next) => next());
    route.get((_req, res) => res.end('deep'));
    await request(createServer(router)).get('/deep').expect(200, 'deep');
  });
});
