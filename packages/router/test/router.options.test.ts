import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router from '@webfw/router';
import { createServer, expectAnswers } from './support/helpers';

// How routes match under caseSensitive and strict, case by case: router.routing.test.ts.

describe('Router option caseSensitive', () => {
  it('should match paths case-insensitively by default', async () => {
    const router = Router();
    router.get('/Foo/:Id', (req, res) => res.end(`foo ${req.params.Id}`));
    router.use('/Mount', (req, res) => res.end(`mount ${req.baseUrl}`));
    await expectAnswers(router, [
      ['/foo/AbC', 200, 'foo AbC'],
      ['/FOO/x', 200, 'foo x'],
      ['/mOUNT/y', 200, 'mount /mOUNT'],
    ]);
  });

  it('should tell /Foo and /foo apart when enabled', async () => {
    const router = Router({ caseSensitive: true });
    router.get('/Foo', (_req, res) => res.end('Foo'));
    router.get('/foo', (_req, res) => res.end('foo'));
    router.use('/Mount', (_req, res) => res.end('Mount'));
    await expectAnswers(router, [
      ['/Foo', 200, 'Foo'],
      ['/foo', 200, 'foo'],
      ['/FOO', 404, 'Cannot GET /FOO'],
      ['/Mount/x', 200, 'Mount'],
      ['/mount/x', 404, 'Cannot GET /mount/x'],
    ]);
  });
});

describe('Router option strict', () => {
  it('should not change how middleware mount paths match', async () => {
    const router = Router({ strict: true });
    router.use('/m/', (req, res) => res.end(`m ${req.url} ${req.baseUrl}`));
    await expectAnswers(router, [
      ['/m', 200, 'm / /m'],
      ['/m/x', 200, 'm /x /m'],
    ]);
  });
});

describe('HEAD', () => {
  /** A handler that answers with its name in X-Route and the request method in X-Seen. */
  const named =
    (name: string) =>
    (req: IncomingMessage, res: ServerResponse): void => {
      res.setHeader('X-Route', name);
      res.setHeader('X-Seen', String(req.method));
      res.end('body');
    };

  it.each<[string, Array<'get' | 'head'>, string]>([
    ['be answered by a GET route', ['get'], 'get'],
    ['be answered by a HEAD route registered before the GET route', ['head', 'get'], 'head'],
    ['use the GET callbacks of a route that has no HEAD callbacks, even when a later route has', ['get', 'head'], 'get'],
  ])('should %s', async (_name, methods, answering) => {
    const router = Router();
    for (const method of methods) router[method]('/h', named(method));
    await request(createServer(router)).head('/h').expect('X-Route', answering).expect('X-Seen', 'HEAD').expect(200);
  });

  it('should fall through (404) when no route answers GET or HEAD', async () => {
    const router = Router();
    router.post('/h', (_req, res) => res.end());
    await request(createServer(router)).head('/h').expect(404);
  });
});

describe('OPTIONS', () => {
  it('should answer with Allow listing the methods of the matching routes', async () => {
    const router = Router();
    router.get('/o', (_req, res) => res.end());
    router.post('/o', (_req, res) => res.end());
    router
      .route('/o')
      .put((_req, res) => res.end())
      .delete((_req, res) => res.end());
    router.get('/other', (_req, res) => res.end());
    await request(createServer(router))
      .options('/o')
      .expect(200, 'DELETE, GET, HEAD, POST, PUT')
      .expect('Allow', 'DELETE, GET, HEAD, POST, PUT')
      .expect('Content-Type', 'text/plain')
      .expect('Content-Length', '28')
      .expect('X-Content-Type-Options', 'nosniff');
  });

  it('should list each method once, HEAD too when only GET is there', async () => {
    const router = Router();
    router.get('/o', (_req, res) => res.end());
    router.get('/o', (_req, res) => res.end());
    router.head('/o', (_req, res) => res.end());
    await request(createServer(router)).options('/o').expect(200, 'GET, HEAD').expect('Allow', 'GET, HEAD');
  });

  it('should let an OPTIONS route answer', async () => {
    const router = Router();
    router.get('/o', (_req, res) => res.end());
    router.options('/o', (_req, res) => res.end('custom options'));
    await request(createServer(router)).options('/o').expect(200, 'custom options');
  });

  it('should let a middleware answer before the automatic response', async () => {
    const router = Router();
    router.get('/o', (_req, res) => res.end());
    router.use((req, res, next) => (req.method === 'OPTIONS' ? res.end('cors') : next()));
    await request(createServer(router)).options('/o').expect(200, 'cors');
  });

  it('should fall through (404) when no route matches the path', async () => {
    const router = Router();
    router.get('/o', (_req, res) => res.end());
    await request(createServer(router)).options('/none').expect(404, 'Cannot OPTIONS /none');
  });

  it('should pass a pending error on instead of answering', async () => {
    const router = Router();
    router.get('/o', (_req, res) => res.end());
    router.use((_req, _res, next) => next(Object.assign(new Error('nope'), { status: 503 })));
    await request(createServer(router)).options('/o').expect(503, '503 nope');
  });

  it('should be answered by the nested router that has the matching routes', async () => {
    const sub = Router();
    sub.patch('/item', (_req, res) => res.end());
    const router = Router();
    router.use('/api', sub);
    router.get('/api/item', (_req, res) => res.end());
    await request(createServer(router)).options('/api/item').expect(200, 'PATCH').expect('Allow', 'PATCH');
  });
});
