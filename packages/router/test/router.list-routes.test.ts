import Router from '@webfw/router';

/**
 * `router.listRoutes()` (router 2.3): the routes and mounted routers of a router, compared
 * entry by entry with router 2.x's answer for the same stack.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ReferenceRouter = require('router') as typeof Router;

const noop = (): void => {};

function build(factory: typeof Router) {
  const router = factory();
  const admin = factory();
  admin.get('/users', noop);
  router.use(noop);
  router.use('/logged', noop);
  router.get('/users/:id', noop);
  router.post('/users/:id', noop);
  router.route('/items').put(noop).get(noop).all(noop);
  router.head('/only-head', noop);
  router.get('/get-and-head', noop).head('/get-and-head', noop);
  router.delete(['/a', ['/b', /^\/c$/]] as unknown as string, noop);
  router.all('/any', noop);
  router.use('/admin', admin);
  router.use(['/v1', '/v2'], admin);
  router.route('/empty');
  return { router, admin };
}

describe('router.listRoutes()', () => {
  it('should list routes and mounted routers as router 2.x does', () => {
    const ours = build(Router);
    const reference = build(ReferenceRouter);
    const shape = (list: ReturnType<typeof ours.router.listRoutes>, admin: unknown) =>
      list.map((r) => ({ path: r.path, methods: r.methods, router: r.router === undefined ? undefined : r.router === admin ? 'admin' : 'other' }));
    const got = shape(ours.router.listRoutes(), ours.admin);
    expect(got).toEqual(shape(reference.router.listRoutes(), reference.admin));
    expect(got).toEqual([
      { path: '/users/:id', methods: ['GET', 'HEAD'], router: undefined },
      { path: '/users/:id', methods: ['POST'], router: undefined },
      { path: '/items', methods: ['PUT', 'GET', '*', 'HEAD'], router: undefined },
      { path: '/only-head', methods: ['HEAD'], router: undefined },
      { path: '/get-and-head', methods: ['GET', 'HEAD'], router: undefined },
      { path: '/get-and-head', methods: ['HEAD'], router: undefined },
      { path: '/a', methods: ['DELETE'], router: undefined },
      { path: '/b', methods: ['DELETE'], router: undefined },
      { path: /^\/c$/, methods: ['DELETE'], router: undefined },
      { path: '/any', methods: ['*'], router: undefined },
      { path: '/admin', methods: undefined, router: 'admin' },
      { path: '/v1', methods: undefined, router: 'admin' },
      { path: '/v2', methods: undefined, router: 'admin' },
      { path: '/empty', methods: [], router: undefined },
    ]);
    expect(ours.admin.listRoutes()).toEqual([{ path: '/users', methods: ['GET', 'HEAD'], router: undefined }]);
  });

  it('should give each path of an array its own methods array', () => {
    const router = Router();
    router.get(['/x', '/y'], noop);
    const [x, y] = router.listRoutes();
    expect(x!.methods).toEqual(['GET', 'HEAD']);
    expect(x!.methods).not.toBe(y!.methods);
  });
});
