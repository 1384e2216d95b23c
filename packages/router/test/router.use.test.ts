import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type NextFunction, type PathArgument } from '@webfw/router';
import { createServer, expectAnswers, snapshot, type Answer } from './support/helpers';

type Req = IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown };

/** A middleware that answers with the request fields the router sets. */
function show(_req: Req, res: ServerResponse): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(snapshot(_req));
}

/** What {@link show} answers for a request: the fields as the router set them. */
function seen(url: string, baseUrl: string, originalUrl: string, params: object = {}): object {
  return { url, baseUrl, originalUrl, params };
}

describe('router.use([path], ...fns)', () => {
  it('should run middleware without a path for every request', async () => {
    const router = Router();
    router.use((req, res) => res.end(`all ${req.method} ${req.url}`));
    await expectAnswers(router, [
      ['/', 200, 'all GET /'],
      ['POST /deep/er?x=1', 200, 'all POST /deep/er?x=1'],
    ]);
  });

  it.each<[string, PathArgument, Answer[]]>([
    [
      'match the mount path and any sub-path on a segment boundary',
      '/blog',
      [
        ['/blog', 200, seen('/', '/blog', '/blog')],
        ['/blog/', 200, seen('/', '/blog', '/blog/')],
        ['/blog/post/1?q=a', 200, seen('/post/1?q=a', '/blog', '/blog/post/1?q=a')],
        ['/blogs', 404, 'Cannot GET /blogs'],
        ['/bl', 404, 'Cannot GET /bl'],
      ],
    ],
    ['match the mount path case-insensitively and keep the request casing in baseUrl', '/Blog', [['/BLOG/x', 200, seen('/x', '/BLOG', '/BLOG/x')]]],
    ['ignore trailing slashes of the mount path', '/blog/', [['/blog/x', 200, seen('/x', '/blog', '/blog/x')]]],
    [
      'match any path of an array of paths',
      ['/a', '/b', /^\/c\d/],
      [
        ['/a/1', 200, seen('/1', '/a', '/a/1')],
        ['/b', 200, seen('/', '/b', '/b')],
        ['/c9/z', 200, seen('/z', '/c9', '/c9/z')],
        ['/d', 404, 'Cannot GET /d'],
      ],
    ],
    ['mount on a pattern and expose its params', '/users/:uid', [['/users/42/posts', 200, seen('/posts', '/users/42', '/users/42/posts', { uid: '42' })]]],
    [
      'mount on a regular expression only when it matches at the start of the path',
      /\/(\d+)/,
      [
        ['/12/a', 200, seen('/a', '/12', '/12/a', { 0: '12' })],
        ['/x/12', 404, 'Cannot GET /x/12'],
      ],
    ],
    ['match a use() on / for every path without changing req.url', '/', [['/x/y', 200, seen('/x/y', '', '/x/y')]]],
  ])('should %s', async (_name, mountPath, answers) => {
    const router = Router();
    router.use(mountPath, show);
    await expectAnswers(router, answers);
  });

  it('should restore req.url and req.baseUrl after the middleware calls next', async () => {
    const router = Router();
    const seen: string[] = [];
    router.use('/a', (req: Req, _res, next) => {
      seen.push(`${req.url} ${req.baseUrl}`);
      next();
    });
    router.use((req: Req, res) => res.end(`${seen.join(',')} then ${req.url} ${JSON.stringify(req.baseUrl)}`));
    await request(createServer(router)).get('/a/b').expect(200, '/b /a then /a/b ""');
  });

  it('should keep baseUrl and originalUrl right through nested routers', async () => {
    const inner = Router();
    inner.get('/item/:id', show);
    const middle = Router();
    middle.use('/v1', inner);
    const outer = Router();
    outer.use('/api', middle);
    const after: string[] = [];
    outer.use((req: Req, res) => {
      after.push(`${req.url}|${req.baseUrl}`);
      res.end(after.join());
    });
    const server = createServer(outer);
    await request(server)
      .get('/api/v1/item/7?x=y')
      .expect(200, seen('/item/7?x=y', '/api/v1', '/api/v1/item/7?x=y', { id: '7' }));
    await request(server).get('/api/v1/nothing').expect(200, '/api/v1/nothing|');
  });

  it('should accept several functions, arrays and nested arrays as callbacks', async () => {
    const router = Router();
    const order: string[] = [];
    const step =
      (name: string) =>
      (_req: Req, _res: ServerResponse, next: NextFunction): void => {
        order.push(name);
        next();
      };
    router.use(step('a'), [step('b'), [step('c'), [step('d')]]], step('e'));
    router.use('/x', [step('f')], step('g'));
    router.use((_req: Req, res: ServerResponse) => res.end(order.join('')));
    await request(createServer(router)).get('/x').expect(200, 'abcdefg');
  });

  it('should take an array of functions as the first argument without a path', async () => {
    const router = Router();
    router.use([(_req: Req, res: ServerResponse) => res.end('array first')]);
    await request(createServer(router)).get('/anything').expect(200, 'array first');
  });

  it('should mount routers and sub-apps (any (req, res, next) function)', async () => {
    const sub = Router();
    sub.get('/', (req: Req, res) => res.end(`sub root ${req.baseUrl}`));
    sub.get('/page', (req: Req, res) => res.end(`sub page ${req.baseUrl}`));
    const app = (req: Req, res: ServerResponse, next: NextFunction): void => {
      if (req.url === '/hello') res.end(`app ${req.baseUrl}`);
      else next();
    };
    const router = Router();
    router.use('/sub', sub);
    router.use('/app', app);
    await expectAnswers(router, [
      ['/sub', 200, 'sub root /sub'],
      ['/sub/page', 200, 'sub page /sub'],
      ['/app/hello', 200, 'app /app'],
      ['/app/other', 404, 'Cannot GET /app/other'],
    ]);
  });

  it('should run middleware added to a router for requests meant for other routers on the same path', async () => {
    const one = Router();
    one.use((req: Req, _res, next) => {
      (req as Req & { tag?: string }).tag = 'one';
      next();
    });
    const two = Router();
    two.get('/x', (req: Req & { tag?: string }, res) => res.end(`two sees ${req.tag}`));
    const router = Router();
    router.use('/p', one);
    router.use('/p', two);
    await request(createServer(router)).get('/p/x').expect(200, 'two sees one');
  });

  it('should add a leading slash when the mount path is the whole path', async () => {
    const router = Router();
    router.use('/a', (req: Req, res) => res.end(req.url));
    await expectAnswers(router, [
      ['/a?x=1', 200, '/?x=1'],
      ['/a', 200, '/'],
    ]);
  });
});
