/**
 * 4.x: `webfw.Router` and `app._router` are express 4.22's own router (lib/router), not
 * router 1.x: `router.param(fn)` customisers and `router.param(':name')` (deprecated), the
 * `Router.use()` / `Route.<method>()` errors, the `bound dispatch` route layers, plain
 * `route.methods` and `route._options()`, the router's shape (prototype `Router`, own
 * properties, `_params`, `process_params`), the automatic OPTIONS answer sent with
 * `res.send`, a mount path ending before `.`, the decoding error's `statusCode`, and
 * `router(req, res)` without a callback. Each is checked against express 4 (`express-v4`) and
 * against the exact answer expected.
 */
import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import { buildApp, comparedRequests, expect4, express4, warningsOf, webfwV4, type App, type Framework } from './support/v4';

const both: Array<[string, Framework]> = [
  ['express 4', express4],
  ['webfw v4', webfwV4],
];

/** Runs `fn` with each framework and asserts ours equals express 4's and the expected value. */
function same(fn: (fw: Framework) => unknown, expected: unknown): void {
  const [theirs, ours] = both.map(([, fw]) => fn(fw));
  expect(ours).toEqual(theirs);
  expect(theirs).toEqual(expected);
}

/** What `fn` throws: `<class>: <message>`. */
function thrown(fn: () => unknown): string {
  try {
    fn();
    return 'no error';
  } catch (err) {
    return `${(err as Error).constructor.name}: ${(err as Error).message}`;
  }
}

const noop = (_req: App, _res: App, next: () => void): void => next();

/** A bare `node:http` handler running `router`, its callback answering 404 or the error. */
function bare(router: App): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) =>
    router(req, res, (err?: Error) => {
      res.statusCode = err ? 500 : 404;
      res.end(err ? `${err.name}: ${err.message}` : 'none');
    });
}

describe('v4 router: express 4 own router', () => {
  it('warns for router.param(fn) and router.param(":name") once per call site, the caller\'s line', () => {
    const run = (fw: Framework): string[] =>
      warningsOf(() => {
        const router = fw.Router();
        for (let i = 0; i < 2; i++) router.param(() => undefined);
        router.param(':a', noop);
        router.param(':b', noop);
      });
    const first = both.map(([, fw]) => run(fw));
    expect(first[1]).toEqual(first[0]);
    expect(first[0]).toEqual([
      'express: router.param(fn): Refactor to use path params',
      'express: router.param(":a", fn): Use router.param("a", fn) instead',
      'express: router.param(":b", fn): Use router.param("b", fn) instead',
    ]);
    // the same call sites again: no warning
    const again = both.map(([, fw]) => run(fw));
    expect(again).toEqual([[], []]);
  });

  it('router.param(fn) customises later router.param calls; the colon is removed; the result chains', async () => {
    await expect4(
      (fw) => {
        const app = fw();
        const router = fw.Router();
        warningsOf(() =>
          router.param((name: string, check: unknown) => {
            if (!(check instanceof RegExp)) return undefined;
            return (req: App, _res: App, next: (err?: unknown) => void, value: string) => {
              if (check.test(value)) next();
              else next('route');
            };
          }),
        );
        router.param('id', /^\d+$/);
        warningsOf(() =>
          router.param(':slug', (req: App, _res: App, next: () => void, value: string) => {
            req.slug = value.toUpperCase();
            next();
          }),
        );
        router.get('/u/:id', (req: App, res: App) => res.send(`user ${String(req.params.id)}`));
        router.get('/u/:other', (_req: App, res: App) => res.send('not a number'));
        router.get('/p/:slug', (req: App, res: App) => res.send(`post ${String(req.slug)}`));
        app.use('/r', router);
        return app;
      },
      [
        ['/r/u/42', { status: 200, body: 'user 42' }],
        ['/r/u/ab', { status: 200, body: 'not a number' }],
        ['/r/p/hello', { status: 200, body: 'post HELLO' }],
      ],
    );
    same(
      (fw) => {
        const router = fw.Router();
        let results: unknown[] = [];
        const warnings = warningsOf(() => {
          results = [router.param(() => undefined), router.param(() => undefined), router.param('a', noop) === router, router.param(5, noop) === router];
        });
        return [warnings.length, results, Object.keys(router.params), Object.getPrototypeOf(router.params) === Object.prototype, router._params.length];
      },
      // two call sites, each warned once
      [2, [undefined, undefined, true, true], ['5', 'a'], true, 2],
    );
  });

  it('throws express 4 errors for a bad router.param, router.use and route callback', () => {
    const fn = (): void => undefined;
    same(
      (fw) => {
        const router = fw.Router();
        const route = router.route('/x');
        return [
          thrown(() => router.param('id')),
          thrown(() => router.param('id', 'nope')),
          thrown(() => router.param()),
          thrown(() => router.use()),
          thrown(() => router.use('/a')),
          thrown(() => router.use('/', [[]])),
          ...[null, undefined, 'x', 3, {}, /x/, new Date()].map((v) => thrown(() => router.use('/', v))),
          // the callbacks before the bad one are added
          thrown(() => router.use('/a', fn, {})),
          router.stack.length,
          thrown(() => route.get(fn, 'x')),
          thrown(() => route.post(null)),
          thrown(() => route.all(fn, undefined)),
          route.stack.length,
          // no callbacks: nothing added, no error
          thrown(() => route.put()),
          route.methods,
        ];
      },
      [
        'Error: invalid param() call for id, got undefined',
        'Error: invalid param() call for id, got nope',
        "TypeError: Cannot read properties of undefined (reading '0')",
        'TypeError: Router.use() requires a middleware function',
        'TypeError: Router.use() requires a middleware function',
        'TypeError: Router.use() requires a middleware function',
        'TypeError: Router.use() requires a middleware function but got a Null',
        'TypeError: Router.use() requires a middleware function but got a undefined',
        'TypeError: Router.use() requires a middleware function but got a string',
        'TypeError: Router.use() requires a middleware function but got a number',
        'TypeError: Router.use() requires a middleware function but got a Object',
        'TypeError: Router.use() requires a middleware function but got a RegExp',
        'TypeError: Router.use() requires a middleware function but got a Date',
        'TypeError: Router.use() requires a middleware function but got a Object',
        2,
        'Error: Route.get() requires a callback function but got a [object String]',
        'Error: Route.post() requires a callback function but got a [object Null]',
        'TypeError: Route.all() requires a callback function but got a [object Undefined]',
        2,
        'no error',
        { get: true, _all: true },
      ],
    );
  });

  it('is a function whose prototype is Router, with express 4 own properties and members', () => {
    same(
      (fw) => {
        const Router = fw.Router;
        const router = Router({ caseSensitive: true, strict: false });
        const made = new Router();
        return [
          Object.keys(router),
          [router.caseSensitive, router.strict, router.mergeParams],
          Object.getPrototypeOf(router) === Router,
          Object.getPrototypeOf(made) === Router,
          router instanceof Router,
          typeof router,
          [router.name, router.length, Router.name, Router.length],
          'Route' in Router,
          Object.keys(Router),
          Object.keys(Router).every((k) => typeof Router[k] === 'function'),
        ];
      },
      [
        ['params', '_params', 'caseSensitive', 'mergeParams', 'strict', 'stack'],
        [true, false, undefined],
        true,
        true,
        false,
        'function',
        ['router', 3, '', 1],
        false,
        ['param', 'handle', 'process_params', 'use', 'route', ...METHODS.map((m) => m.toLowerCase()), 'all'],
        true,
      ],
    );
  });

  it('names route layers `bound dispatch`, with plain route.methods and route._options()', () => {
    same(
      (fw) => {
        const app = fw();
        app.use(function mw(_req: App, _res: App, next: () => void) {
          next();
        });
        app.get('/a', noop);
        app.route('/b').post(noop).get(noop);
        app.route('/c').head(noop).get(noop);
        const stack = app._router.stack;
        const routes = stack.filter((l: App) => l.route).map((l: App) => l.route);
        const standalone = new fw.Route('/s');
        return [
          stack.map((l: App) => l.name),
          stack.slice(3).map((l: App) => [l.handle.name, l.handle.length]),
          routes.map((r: App) => [Object.keys(r), Object.getPrototypeOf(r.methods) === Object.prototype, r.methods, r._options()]),
          [Object.keys(standalone), standalone.methods, standalone._options(), standalone instanceof fw.Route],
        ];
      },
      [
        ['query', 'expressInit', 'mw', 'bound dispatch', 'bound dispatch', 'bound dispatch'],
        [
          ['bound dispatch', 3],
          ['bound dispatch', 3],
          ['bound dispatch', 3],
        ],
        [
          [['path', 'stack', 'methods'], true, { get: true }, ['GET', 'HEAD']],
          [['path', 'stack', 'methods'], true, { post: true, get: true }, ['POST', 'GET', 'HEAD']],
          [['path', 'stack', 'methods'], true, { head: true, get: true }, ['HEAD', 'GET']],
        ],
        [['path', 'stack', 'methods'], {}, [], true],
      ],
    );
  });

  it('has express 4 process_params: each parameter callback once per value, then done', () => {
    same(
      (fw) => {
        const router = fw.Router();
        const seen: string[] = [];
        router.param('id', (req: App, _res: App, next: () => void, value: string, name: string) => {
          seen.push(`${name}=${value}`);
          req.params.id = `#${value}`;
          next();
        });
        const called = {};
        const req = { params: { id: '7', other: 'x' } };
        const layer = { keys: [{ name: 'id' }, { name: 'other' }] };
        const results: unknown[] = [];
        router.process_params(layer, called, req, {}, (err?: unknown) => results.push(err, req.params.id));
        // the same value again: the callback does not run, the value it left is restored
        req.params.id = '7';
        router.process_params(layer, called, req, {}, (err?: unknown) => results.push(err, req.params.id));
        return [seen, results, called];
      },
      [['id=7'], [undefined, '#7', undefined, '#7'], { id: { error: null, match: '7', value: '#7' } }],
    );
  });

  it('answers OPTIONS itself with res.send: the route methods joined by "," in route order', async () => {
    await expect4(
      (fw) => {
        const app = fw();
        app.put('/x', noop);
        app.get('/x', noop);
        app.route('/x').post(noop).get(noop);
        app.options('/own', (_req: App, res: App) => res.send('own'));
        app.get('/own', noop);
        const router = fw.Router();
        router.delete('/y', noop);
        router.get('/y', noop);
        app.use('/r', router);
        return app;
      },
      [
        [
          { method: 'OPTIONS', path: '/x' },
          {
            status: 200,
            body: 'PUT,GET,HEAD,POST',
            headers: {
              allow: 'PUT,GET,HEAD,POST',
              'content-type': 'text/html; charset=utf-8',
              'content-length': '17',
              etag: 'W/"11-yslili+benNW+QFYRQD/otkXLrs"',
            },
          },
        ],
        [
          { method: 'OPTIONS', path: '/r/y' },
          {
            status: 200,
            body: 'DELETE,GET,HEAD',
            headers: { allow: 'DELETE,GET,HEAD', 'content-type': 'text/html; charset=utf-8', 'x-content-type-options': undefined },
          },
        ],
        [
          { method: 'OPTIONS', path: '/own' },
          { status: 200, body: 'own' },
        ],
        [{ method: 'OPTIONS', path: '/none' }, { status: 404 }],
      ],
    );
  });

  it('passes the OPTIONS answer error to the callback of a bare router (no res.set)', async () => {
    await expect4(
      (fw) => {
        const router = fw.Router();
        router.get('/x', noop);
        return bare(router);
      },
      [
        [
          { method: 'OPTIONS', path: '/x' },
          { status: 500, body: 'TypeError: res.set is not a function' },
        ],
        ['/x', { status: 404, body: 'none' }],
      ],
      { foreignServer: true },
    );
  });

  it('ends a mount path before a "." too', async () => {
    const show = (req: App, res: App): void => res.send(`${String(req.baseUrl)}|${String(req.url)}`);
    await expect4(
      buildApp((app, fw) => {
        app.use(/\/file/, show);
        const router = fw.Router();
        router.use(/\/doc/, show);
        app.use('/r', router);
      }),
      [
        ['/file.json', { status: 200, body: '/file|/.json' }],
        ['/file/a', { status: 200, body: '/file|/a' }],
        ['/filex', { status: 404 }],
        ['/r/doc.txt?q=1', { status: 200, body: '/r/doc|/.txt?q=1' }],
        ['/r/docs', { status: 404 }],
      ],
    );
  });

  it('gives the parameter decoding error status and statusCode 400', async () => {
    await expect4(
      buildApp((app, fw) => {
        app.get('/p/:id', (_req: App, res: App) => res.send('never'));
        const router = fw.Router();
        router.use('/:name', noop);
        app.use('/r', router);
        app.use((err: App, _req: App, res: App, _next: App) => {
          res.status(err.status).json({ name: err.name, message: err.message, keys: Object.keys(err), status: err.status, statusCode: err.statusCode });
        });
      }),
      [
        [
          '/p/%E0%A4%A',
          {
            status: 400,
            body: '{"name":"URIError","message":"Failed to decode param \'%E0%A4%A\'","keys":["statusCode","status"],"status":400,"statusCode":400}',
          },
        ],
        [
          '/r/%zz/x',
          { status: 400, body: '{"name":"URIError","message":"Failed to decode param \'%zz\'","keys":["statusCode","status"],"status":400,"statusCode":400}' },
        ],
        ['/p/%41', { status: 200, body: 'never' }],
      ],
    );
  });

  it("leaves a router on next('router'); a route without callbacks falls through", async () => {
    await expect4(
      buildApp((app, fw) => {
        const router = fw.Router();
        router.use((req: App, _res: App, next: (err?: unknown) => void) => next(req.query.out ? 'router' : undefined));
        router.get('/a', (_req: App, res: App) => res.send('in router'));
        router.post('/empty');
        router.route('/empty').get();
        app.use('/r', router);
        app.get('/r/a', (_req: App, res: App) => res.send('after router'));
        app.all('/r/empty', (req: App, res: App) => res.send(`fell through ${String(req.method)}`));
      }),
      [
        ['/r/a', { status: 200, body: 'in router' }],
        ['/r/a?out=1', { status: 200, body: 'after router' }],
        ['/r/empty', { status: 200, body: 'fell through GET' }],
        [
          { method: 'POST', path: '/r/empty' },
          { status: 200, body: 'fell through POST' },
        ],
      ],
    );
  });

  it('runs router(req, res) without a callback (no TypeError before the walk)', async () => {
    await expect4(
      (fw) => {
        const router = fw.Router();
        router.get('/hi', (_req: App, res: App) => res.end('hi'));
        return (req: IncomingMessage, res: ServerResponse) => router(req, res);
      },
      [['/hi', { status: 200, body: 'hi' }]],
      { foreignServer: true },
    );
    same((fw) => {
      const router = fw.Router();
      // a middleware that ends the walk: the missing callback is never reached
      router.use(() => undefined);
      return thrown(() => router.handle({ url: '/', method: 'GET' }, {}));
    }, 'no error');
  });

  it('has the router 1.x layer methods; layer.match throws the decoding error with statusCode', () => {
    same(
      (fw) => {
        const router = fw.Router();
        router.get('/a/:id', noop);
        const layer = router.stack[0];
        let error: unknown[] = [];
        try {
          layer.match('/a/%zz');
        } catch (err) {
          error = [(err as Error).message, Object.keys(err as object)];
        }
        return [layer.match('/a/1'), layer.params, layer.path, error, typeof layer.handle_request, typeof layer.handle_error];
      },
      [true, { id: '1' }, '/a/1', ["Failed to decode param '%zz'", ['statusCode', 'status']], 'function', 'function'],
    );
  });

  it('compared enough requests', () => {
    expect(comparedRequests()).toBeGreaterThanOrEqual(20);
  });
});
