import { RouterV1, RouterV4, type AnyRouter, type AnyRouterFactory } from './support/helpers';

/**
 * 4.x: router 1.x's layer methods on `router.stack` layers and on a route's callback layers:
 * `layer.match(path)` (true or false, setting `layer.params` and `layer.path`; a malformed
 * escape throws), `layer.handle_request(req, res, next)` and `layer.handle_error(err, req,
 * res, next)` (skipped for the wrong arity, a throw passed to `next`), the same on
 * `@webfw/router/v4` as on router 1.x, and not enumerable (router 1.x has them on a prototype).
 */

interface MethodsLayer {
  params?: unknown;
  path?: unknown;
  match(path: unknown): boolean;
  handle_request(req: unknown, res: unknown, next: (err?: unknown) => void): void;
  handle_error(err: unknown, req: unknown, res: unknown, next: (err?: unknown) => void): void;
  route?: { stack: MethodsLayer[] };
}

const stackOf = (router: AnyRouter): MethodsLayer[] => (router as unknown as { stack: MethodsLayer[] }).stack;

/** Runs `fn` on a router of each kind: `@webfw/router/v4`'s result must equal router 1.x's, and the expected one. */
function same(fn: (Router: AnyRouterFactory) => unknown, expected: unknown): void {
  const ours = fn(RouterV4);
  const theirs = fn(RouterV1);
  expect(ours).toEqual(theirs);
  expect(theirs).toEqual(expected);
}

function matches(layer: MethodsLayer, path: unknown): unknown[] {
  try {
    return [layer.match(path), layer.params, layer.path];
  } catch (err) {
    return [`${(err as Error).name}: ${(err as Error).message}`, (err as { status?: number }).status];
  }
}

describe('@webfw/router/v4 layer methods (as router 1.x)', () => {
  it('layer.match(path) answers true or false and sets params and path', () => {
    same(
      (Router) => {
        const router = Router();
        router.get('/a/:id/:rest?', () => undefined);
        router.use('/', () => undefined);
        router.use('/m', () => undefined);
        const [route, slash, mount] = stackOf(router) as [MethodsLayer, MethodsLayer, MethodsLayer];
        return [
          matches(route, '/a/1'),
          matches(route, '/A/x%20y/z/'),
          matches(route, '/b'),
          matches(route, '/a/%zz'),
          matches(route, undefined),
          matches(slash, '/anything'),
          matches(mount, '/m/x'),
          matches(mount, '/mx'),
          matches(route.route!.stack[0]!, '/'),
          matches(route.route!.stack[0]!, '/x'),
        ];
      },
      [
        [true, { id: '1', rest: undefined }, '/a/1'],
        [true, { id: 'x y', rest: 'z' }, '/A/x%20y/z/'],
        [false, undefined, undefined],
        ["URIError: Failed to decode param '%zz'", 400],
        [false, undefined, undefined],
        [true, {}, ''],
        [true, {}, '/m'],
        [false, undefined, undefined],
        [true, {}, '/'],
        [false, undefined, undefined],
      ],
    );
  });

  it('layer.handle_request and layer.handle_error call the handler as the walk does', () => {
    same(
      (Router) => {
        const seen: unknown[] = [];
        const next = (err?: unknown): number => seen.push(['next', err instanceof Error ? err.message : err]);
        const router = Router();
        router.use((req: unknown, _res: unknown, n: unknown) => void seen.push(['request', req, typeof n]));
        router.use((_err: unknown, _req: unknown, _res: unknown, _next: unknown) => void seen.push(['error handler']));
        router.use(() => {
          throw new Error('thrown');
        });
        const [plain, errorHandler, throwing] = stackOf(router) as [MethodsLayer, MethodsLayer, MethodsLayer];
        plain.handle_request('req', 'res', next);
        errorHandler.handle_request('req', 'res', next);
        throwing.handle_request('req', 'res', next);
        plain.handle_error('e', 'req', 'res', next);
        errorHandler.handle_error('e', 'req', 'res', next);
        return [seen, Object.keys(plain).some((k) => ['match', 'handle_request', 'handle_error'].includes(k))];
      },
      [[['request', 'req', 'function'], ['next', undefined], ['next', 'thrown'], ['next', 'e'], ['error handler']], false],
    );
  });
});
