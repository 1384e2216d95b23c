import { compareV4, dump, note, pass } from './support/helpers';

/**
 * 4.x `next('route')` and `next('router')` (router 1.x has both since 1.3.0): the first skips
 * the rest of a route's callbacks, the second leaves the router for its caller's `next()`.
 */
type Next = (err?: unknown) => void;

describe('@webfw/router/v4 next("route") and next("router") (as router 1.x)', () => {
  it('should skip the rest of the route on next("route"), and act as next() in a middleware', async () => {
    const answers = await compareV4(
      (router) => {
        router.use((req: Parameters<typeof note>[0], _res: unknown, next: Next) => {
          note(req, 'mw');
          next('route');
        });
        router
          .route('/r')
          .get((req: Parameters<typeof note>[0], _res: unknown, next: Next) => {
            note(req, 'first');
            next('route');
          })
          .get(dump('skipped'));
        router.get('/r', dump('next route'));
      },
      ['/r'],
    );
    expect(JSON.parse(answers[0]!.body)).toEqual(['mw', 'first', 'next route /r  []']);
  });

  it("should leave the router on next('router') from a middleware or a route, without error", async () => {
    const answers = await compareV4(
      (router, Router) => {
        const inner = Router();
        inner.use('/mw', (_req: unknown, _res: unknown, next: Next) => next('router'));
        (inner.get as (...a: unknown[]) => void)('/route', (_req: unknown, _res: unknown, next: Next) => next('router'));
        inner.use(dump('inner rest'));
        router.use('/in', pass('before'), inner, dump('outer'));
      },
      ['/in/mw', '/in/route'],
    );
    expect(answers.map((a) => JSON.parse(a.body))).toEqual([
      ['before /mw /in []', 'outer /mw /in []'],
      ['before /route /in []', 'outer /route /in []'],
    ]);
  });
});
