import { compareV4, dump, RouterV4, askAll, type AnyRouter } from './support/helpers';

/**
 * 4.x errors in handlers: a synchronous throw becomes `next(err)` in router 1.x too (compared
 * with it); a rejected promise, which router 1.x ignores, reaches `next(err)` here as in 5.x
 * (checked on `@webfw/router/v4` alone: router 1.x would leave the request hanging).
 */
type Next = (err?: unknown) => void;
type Handler = (...args: never[]) => unknown;
const onError = (err: Error, _req: unknown, res: { statusCode: number; end(s: string): void }, _next: Next): void => {
  res.statusCode = 500;
  res.end(`handled ${err.message}`);
};

describe('@webfw/router/v4 errors in handlers', () => {
  it('should pass a synchronous throw to the error handlers (middleware, route, error handler)', async () => {
    const answers = await compareV4(
      (router) => {
        router.use('/mw', () => {
          throw new Error('from middleware');
        });
        router.get('/route', () => {
          throw new Error('from route');
        });
        router.use('/eh', (_req: unknown, _res: unknown, next: Next) => next(new Error('first')));
        router.use('/eh', (err: Error, _req: unknown, _res: unknown, _next: Next) => {
          throw new Error(`rethrown ${err.message}`);
        });
        router.use(onError);
      },
      ['/mw', '/route', '/eh'],
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [500, 'handled from middleware'],
      [500, 'handled from route'],
      [500, 'handled rethrown first'],
    ]);
  });

  it('should skip routes and request handlers while an error is pending, and error handlers without one', async () => {
    const answers = await compareV4(
      (router) => {
        router.use(onError);
        router.use((_req: unknown, _res: unknown, next: Next) => next(new Error('boom')));
        router.get('/x', dump('route'));
        router.use(dump('mw'));
        router.use((err: Error, _req: unknown, res: { statusCode: number; end(s: string): void }, _next: Next) => {
          res.statusCode = 503;
          res.end(`late ${err.message}`);
        });
      },
      ['/x'],
    );
    expect(answers).toEqual([{ status: 503, body: 'late boom' }]);
  });

  it.each<[string, Handler]>([
    ['an async handler that throws', async () => Promise.reject(new Error('async boom'))],
    ['a rejected promise', () => Promise.reject(new Error('async boom'))],
  ])('should pass the rejection of %s to the error handlers (as 5.x)', async (_what, handler) => {
    const router: AnyRouter = RouterV4();
    router.use('/mw', handler);
    router.get('/route', handler);
    router.use(onError);
    const answers = await askAll(router, ['/mw', '/route']);
    expect(answers).toEqual([
      { status: 500, body: 'handled async boom' },
      { status: 500, body: 'handled async boom' },
    ]);
  });

  it('should give a falsy rejection as Error("Rejected promise")', async () => {
    const router: AnyRouter = RouterV4();
    router.use(() => Promise.reject(undefined));
    router.use(onError);
    expect(await askAll(router, ['/'])).toEqual([{ status: 500, body: 'handled Rejected promise' }]);
  });

  it('should pass the rejection of a router.param callback on', async () => {
    const router: AnyRouter = RouterV4();
    router.param('id', () => Promise.reject(new Error('param boom')));
    router.get('/:id', dump('route'));
    router.use(onError);
    expect(await askAll(router, ['/1'])).toEqual([{ status: 500, body: 'handled param boom' }]);
  });

  it('should pass the rejection of a thenable that is not a Promise on, with the 5.x deprecation', async () => {
    const warnings: string[] = [];
    const onDeprecation = (err: Error & { namespace?: string }): void => {
      warnings.push(`${err.namespace} ${err.message}`);
    };
    process.on('deprecation' as 'warning', onDeprecation);
    try {
      const router: AnyRouter = RouterV4();
      router.use(() => ({ then: (_ok: unknown, fail: (e: Error) => void) => fail(new Error('thenable boom')) }));
      router.use(onError);
      expect(await askAll(router, ['/'])).toEqual([{ status: 500, body: 'handled thenable boom' }]);
    } finally {
      process.removeListener('deprecation' as 'warning', onDeprecation);
    }
    expect(warnings).toEqual(['router handlers that are Promise-like are deprecated, use a native Promise instead']);
  });
});
