import Router, { type RouterInstance } from '@webfw/router';

/**
 * The lookup table the walk narrows its candidates with (src/dispatch/layer-index.ts): segments known by
 * their hash (two segments with one hash share a node), lists narrowed to the layers that may
 * match the path's number of `/`. Whatever it narrows, every request must get router 2.x's
 * answer: each table is set up in both routers and given the same requests (raw URLs, as a
 * client may send them), with mock requests and responses.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const Reference = require('router') as () => RouterInstance;

/** `'gwzx'` and `'16cd'` have the same 32-bit FNV-1a hash, the one the table keys segments by. */
const COLLIDING = ['gwzx', '16cd'];

type Setup = (router: RouterInstance) => void;

/**
 * Each request's answer (what a handler ended the response with, `404`, or the error) from a
 * router set up by `setup`; a request is a URL (GET) or a method and a URL (`'POST /a'`).
 */
async function answers(router: RouterInstance, setup: Setup, requests: string[]): Promise<string[]> {
  setup(router);
  const out: string[] = [];
  for (const request of requests) {
    const space = request.indexOf(' ');
    const method = space > 0 ? request.slice(0, space) : 'GET';
    const url = space > 0 ? request.slice(space + 1) : request;
    out.push(
      await new Promise<string>((resolve) => {
        const req = { method, url, headers: {} };
        const res = { end: (body?: string) => resolve(body ?? ''), setHeader() {}, getHeader() {} };
        router(req as never, res as never, (err?: unknown) => resolve(err ? `error ${(err as Error).message}` : '404'));
      }),
    );
  }
  return out;
}

/** Checks that `setup` answers `expected` (URL to answer) in router 2.x and in this router. */
async function expectAnswers(setup: Setup, expected: Record<string, string>): Promise<void> {
  const urls = Object.keys(expected);
  expect(await answers(Reference(), setup, urls)).toEqual(Object.values(expected));
  expect(await answers(Router(), setup, urls)).toEqual(Object.values(expected));
}

/** `count` filler routes `/f<N>` (more than eight first segments: the hashed table), then `setup`. */
function withFillers(count: number, setup: Setup): Setup {
  return (router) => {
    for (let i = 0; i < count; i++) router.get(`/f${i}`, (_req, res) => res.end(`f${i}`));
    setup(router);
  };
}

describe('the lookup table of the stack', () => {
  it.each([0, 20])('should tell apart segments of the same hash (%i other first segments)', async (fillers) => {
    const [a, b] = COLLIDING as [string, string];
    await expectAnswers(
      withFillers(fillers, (router) => {
        router.get(`/${a}`, (_req, res) => res.end(`literal ${a}`));
        router.get(`/${b}/:id`, (req, res) => res.end(`${b} ${req.params.id}`));
        router.get(`/${a}/:id`, (req, res) => res.end(`${a} ${req.params.id}`));
        router.get(`/x/${b}`, (_req, res) => res.end(`x ${b}`));
        router.get(`/x/${a}`, (_req, res) => res.end(`x ${a}`));
      }),
      {
        [`/${a}`]: `literal ${a}`,
        [`/${b}`]: '404',
        [`/${a}/1`]: `${a} 1`,
        [`/${b}/2`]: `${b} 2`,
        [`/${b.toUpperCase()}/3`]: `${b} 3`,
        [`/x/${a}`]: `x ${a}`,
        [`/x/${b}`]: `x ${b}`,
        [`/x/${a}x`]: '404',
      },
    );
  });

  it.each([0, 20])('should fold the case of ASCII letters only (%i other first segments)', async (fillers) => {
    await expectAnswers(
      withFillers(fillers, (router) => {
        router.get('/key', (_req, res) => res.end('key'));
        router.get('/key/:id', (req, res) => res.end(`key ${req.params.id}`));
        router.get('/café/:id', (req, res) => res.end(`café ${req.params.id}`));
      }),
      {
        '/KEY': 'key',
        '/Key/K': 'key K',
        // the Kelvin sign lower-cases to `k`, but router 2.x does not match it with `k`
        '/\u212Aey': '404',
        '/\u212Aey/1': '404',
        '/café/1': 'café 1',
        '/CAFÉ/é': 'café é',
        '/caf%C3%A9/1': '404',
      },
    );
  });

  it('should try the layers of every number of segments a path may match, with and without a trailing slash', async () => {
    await expectAnswers(
      (router) => {
        router.get('/user/:id/posts', (req, res) => res.end(`posts ${req.params.id}`));
        router.get('/user/:id', (req, res) => res.end(`user ${req.params.id}`));
        router.get('/user', (_req, res) => res.end('users'));
        router.get('', (_req, res) => res.end('empty'));
        router.get('//a', (_req, res) => res.end('//a'));
        router.use('/user', (req, res) => res.end(`use ${req.url}`));
      },
      {
        '/user/1': 'user 1',
        '/user/1/': 'user 1',
        '/user/1//': 'use /1//',
        '/user/1/posts': 'posts 1',
        '/user/1/posts/': 'posts 1',
        '/user/1/posts/x': 'use /1/posts/x',
        '/user': 'users',
        '/user/': 'users',
        '/user//': 'use //',
        '/': 'empty',
        '//a': '//a',
        '//a/': '//a',
        '/user/1?x=/y/z': 'user 1',
      },
    );
  });

  it('should keep a trailing slash significant under strict routing', async () => {
    await expectAnswers(
      (router) => {
        router.strict = true;
        router.get('/user/:id/', (req, res) => res.end(`slash ${req.params.id}`));
        router.get('/user/:id', (req, res) => res.end(`user ${req.params.id}`));
        router.get('/:a/:b/', (req, res) => res.end(`wild ${req.params.a}`));
        router.get('/list/', (_req, res) => res.end('list/'));
        router.get('/list', (_req, res) => res.end('list'));
      },
      {
        '/list/': 'list/',
        '/list': 'list',
        '/user/1': 'user 1',
        '/user/1/': 'slash 1',
        '/other/1/': 'wild other',
        '/other/1': '404',
      },
    );
  });

  it('should try the layers of a path beyond the depth the table keys', async () => {
    await expectAnswers(
      (router) => {
        router.get('/a/b/c/d/e/f/g/h/i/j', (_req, res) => res.end('literal'));
        router.get('/a/b/c/d/e/f/g/h/i/:j', (req, res) => res.end(`j ${req.params.j}`));
        router.get('/a/b/c/d/e/f/g/h/x/:j', (req, res) => res.end(`x ${req.params.j}`));
      },
      {
        '/a/b/c/d/e/f/g/h/i/j': 'literal',
        '/a/b/c/d/e/f/g/h/i/k': 'j k',
        '/A/B/C/D/E/F/G/H/X/k': 'x k',
        '/a/b/c/d/e/f/g/h/y/k': '404',
      },
    );
  });

  it('should try the routes of other methods where router 2.x looks at them', async () => {
    await expectAnswers(
      (router) => {
        router.put('/user/:id', (req, res) => res.end(`put ${req.params.id}`));
        router.get('/user/:id', (req, res) => res.end(`get ${req.params.id}`));
        router.all('/user/:id/all', (req, res) => res.end(`all ${req.method} ${req.params.id}`));
        router.post('/user/:id', (req, res) => res.end(`post ${req.params.id}`));
      },
      {
        'GET /user/1': 'get 1',
        'HEAD /user/1': 'get 1',
        'PUT /user/1': 'put 1',
        'POST /user/1': 'post 1',
        'DELETE /user/1': '404',
        'PATCH /user/1/all': 'all PATCH 1',
        'BREW /user/1/all': 'all BREW 1',
        'BREW /user/1': '404',
        // a malformed escape fails the match of a route of another method (400), as in router 2.x
        'DELETE /user/%E0%A4%A': "error Failed to decode param '%E0%A4%A'",
        'GET /user/%E0%A4%A': "error Failed to decode param '%E0%A4%A'",
        'OPTIONS /user/1': 'GET, HEAD, POST, PUT',
      },
    );
  });

  it('should see the methods a route gets after the first request, and a method changed by a middleware', async () => {
    const router = Router();
    router.use((req, _res, next) => {
      if (req.url === '/override') {
        req.method = 'POST';
        req.url = '/thing/2';
      }
      next();
    });
    const route = router.route('/thing/:id');
    route.get((req, res) => res.end(`get ${req.params.id}`));
    const other = router.route('/other').get((_req, res) => res.end('other get'));
    expect(await answers(router, () => {}, ['GET /thing/1', 'POST /thing/1', 'GET /override', 'DELETE /other'])).toEqual(['get 1', '404', '404', '404']);
    // new methods for routes already in the stack (the stack itself is unchanged)
    route.post((req, res) => res.end(`post ${req.params.id}`));
    other.all((_req, res) => res.end('other all'));
    expect(await answers(router, () => {}, ['GET /thing/1', 'POST /thing/1', 'GET /override', 'DELETE /other'])).toEqual([
      'get 1',
      'post 1',
      'post 2',
      'other all',
    ]);
  });

  it('should see a route replaced in place in the stack', async () => {
    const router = Router();
    router.get('/a/:id', (req, res) => res.end(`a ${req.params.id}`));
    router.get('/b/:id', (req, res) => res.end(`b ${req.params.id}`));
    expect(await answers(router, () => {}, ['/a/1'])).toEqual(['a 1']);
    const other = Router();
    other.get('/c/:id', (req, res) => res.end(`c ${req.params.id}`));
    router.stack[0] = other.stack[0]!;
    expect(await answers(router, () => {}, ['/a/1', '/c/2', '/b/3'])).toEqual(['404', 'c 2', 'b 3']);
  });
});
