import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type NextFunction } from '@webfw/router';
import { createServer, snapshot } from './helpers';

type Req = IncomingMessage & { baseUrl?: string; originalUrl?: string; params?: unknown };

/** A middleware that answers with the request fields the router sets. */
function show(_req: Req, res: ServerResponse): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(snapshot(_req));
}

describe('router.use([path], ...fns)', () => {
  it('should run middleware without a path for every request', async () => {
    const router = Router();
    router.use((req, res) => res.end(`all ${req.method} ${req.url}`));
    const server = createServer(router);
    await request(server).get('/').expect(200, 'all GET /');
    await request(server).post('/deep/er?x=1').expect(200, 'all POST /deep/er?x=1');
  });

  it('should match the mount path and any sub-path on a segment boundary', async () => {
    const router = Router();
    router.use('/blog', show);
    const server = createServer(router);
    await request(server).get('/blog').expect(200, { url: '/', baseUrl: '/blog', originalUrl: '/blog', params: {} });
    await request(server).get('/blog/').expect(200, { url: '/', baseUrl: '/blog', originalUrl: '/blog/', params: {} });
    await request(server).get('/blog/post/1?q=a').expect(200, { url: '/post/1?q=a', baseUrl: '/blog', originalUrl: '/blog/post/1?q=a', params: {} });
    await request(server).get('/blogs').expect(404, 'Cannot GET /blogs');
    await request(server).get('/bl').expect(404, 'Cannot GET /bl');
  });

  it('should match the mount path case-insensitively and keep the request casing in baseUrl', async () => {
    const router = Router();
    router.use('/Blog', show);
    await request(createServer(router)).get('/BLOG/x').expect(200, { url: '/x', baseUrl: '/BLOG', originalUrl: '/BLOG/x', params: {} });
  });

  it('should ignore trailing slashes of the mount path', async () => {
    const router = Router();
    router.use('/blog/', show);
    await request(createServer(router)).get('/blog/x').expect(200, { url: '/x', baseUrl: '/blog', originalUrl: '/blog/x', params: {} });
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
      .expect(200, { url: '/item/7?x=y', baseUrl: '/api/v1', originalUrl: '/api/v1/item/7?x=y', params: { id: '7' } });
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

  it('should match any path of an array of paths', async () => {
    const router = Router();
    router.use(['/a', '/b', /^\/c\d/], show);
    const server = createServer(router);
    await request(server).get('/a/1').expect(200, { url: '/1', baseUrl: '/a', originalUrl: '/a/1', params: {} });
    await request(server).get('/b').expect(200, { url: '/', baseUrl: '/b', originalUrl: '/b', params: {} });
    await request(server).get('/c9/z').expect(200, { url: '/z', baseUrl: '/c9', originalUrl: '/c9/z', params: {} });
    await request(server).get('/d').expect(404, 'Cannot GET /d');
  });

  it('should mount on a pattern and expose its params', async () => {
    const router = Router();
    router.use('/users/:uid', show);
    await request(createServer(router))
      .get('/users/42/posts')
      .expect(200, { url: '/posts', baseUrl: '/users/42', originalUrl: '/users/42/posts', params: { uid: '42' } });
  });

  it('should mount on a regular expression only when it matches at the start of the path', async () => {
    const router = Router();
    router.use(/\/(\d+)/, show);
    const server = createServer(router);
    await request(server)
      .get('/12/a')
      .expect(200, { url: '/a', baseUrl: '/12', originalUrl: '/12/a', params: { 0: '12' } });
    await request(server).get('/x/12').expect(404, 'Cannot GET /x/12');
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
    const server = createServer(router);
    await request(server).get('/sub').expect(200, 'sub root /sub');
    await request(server).get('/sub/page').expect(200, 'sub page /sub');
    await request(server).get('/app/hello').expect(200, 'app /app');
    await request(server).get('/app/other').expect(404, 'Cannot GET /app/other');
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
    const server = createServer(router);
    await request(server).get('/a?x=1').expect(200, '/?x=1');
    await request(server).get('/a').expect(200, '/');
  });

  it('should match a use() on / for every path without changing req.url', async () => {
    const router = Router();
    router.use('/', show);
    await request(createServer(router)).get('/x/y').expect(200, { url: '/x/y', baseUrl: '', originalUrl: '/x/y', params: {} });
  });
});
