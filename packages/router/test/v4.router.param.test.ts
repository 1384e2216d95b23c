import { compareV4, dump, note, RouterV1, RouterV4, type AnyRouter } from './support/helpers';

/**
 * 4.x `router.param` (router 1.x): callbacks run per capture key in capture order (a numbered
 * group by its number, which the callback gets as a number), once per value per request;
 * `router.param(fn)` and a non-string name throw as in router 1.x. Each case runs on
 * `@webfw/router/v4` and router 1.x, answers compared, then checked.
 */
type Next = (err?: unknown) => void;
type Req = Parameters<typeof note>[0] & { params: Record<string, string> };
type ParamFn = (req: Req, res: unknown, next: Next, value: unknown, name: unknown) => void;

/** A param callback noting its name (with its type) and value. */
function noteParam(label: string): ParamFn {
  return (req, _res, next, value, name) => {
    note(req, `${label} ${typeof name} ${String(name)}=${String(value)}`);
    next();
  };
}

describe('@webfw/router/v4 router.param (as router 1.x)', () => {
  it('should run callbacks in capture order, a numbered group by number (not integer keys first)', async () => {
    const answers = await compareV4(
      (router) => {
        router.param('name', noteParam('p'));
        router.param('0', noteParam('p'));
        router.get('/:name/n(\\d+)', dump('route'));
      },
      ['/ann/n42'],
    );
    expect(JSON.parse(answers[0]!.body)).toEqual(['p string name=ann', 'p number 0=42', 'route /ann/n42  [["0","42"],["name","ann"]]']);
  });

  it('should run once per value in a request, keeping a changed value for later layers', async () => {
    const answers = await compareV4(
      (router) => {
        router.param('id', ((req, _res, next, value) => {
          note(req, `load ${String(value)}`);
          req.params.id = `user-${String(value)}`;
          next();
        }) as ParamFn);
        router.get('/u/:id', (req: Req, _res: unknown, next: Next) => {
          note(req, `first ${req.params.id}`);
          next();
        });
        router.get('/u/:id', dump('second'));
      },
      ['/u/7'],
    );
    expect(JSON.parse(answers[0]!.body)).toEqual(['load 7', 'first user-7', 'second /u/7  [["id","user-7"]]']);
  });

  it('should pass a thrown error and next(err) to the error handlers, and skip the route on next("route")', async () => {
    const answers = await compareV4(
      (router) => {
        router.param('a', () => {
          throw new Error('thrown in param');
        });
        router.param('b', ((_req, _res, next) => next(Object.assign(new Error('no such b'), { status: 404 }))) as ParamFn);
        router.param('c', ((_req, _res, next) => next('route')) as ParamFn);
        router.get('/a/:a', dump('a'));
        router.get('/b/:b', dump('b'));
        router.get('/c/:c', dump('c'));
        router.get('/c/:other', dump('after c'));
      },
      ['/a/1', '/b/1', '/c/1'],
    );
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [500, JSON.stringify({ error: 'Error', message: 'thrown in param' })],
      [404, JSON.stringify({ error: 'Error', message: 'no such b', status: 404 })],
      [200, JSON.stringify(['after c /c/1  [["other","1"]]'])],
    ]);
  });

  it('should not strip a leading colon from the name (such a callback never runs)', async () => {
    const answers = await compareV4(
      (router) => {
        router.param(':id', noteParam('colon'));
        router.get('/:id', dump('route'));
      },
      ['/5'],
    );
    expect(JSON.parse(answers[0]!.body)).toEqual(['route /5  [["id","5"]]']);
  });

  it.each([
    ['router.param(fn)', [(): void => undefined], 'argument name must be a string'],
    ['a missing name', [undefined, (): void => undefined], 'argument name is required'],
    ['a missing callback', ['id'], 'argument fn is required'],
    ['a callback that is not a function', ['id', 'x'], 'argument fn must be a function'],
  ])('should throw the TypeError of router 1.x for %s', (_what, args, message) => {
    for (const factory of [RouterV4, RouterV1]) {
      const router: AnyRouter = factory();
      expect(() => router.param(...args)).toThrow(new TypeError(message));
    }
  });
});
