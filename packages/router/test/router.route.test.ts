import { METHODS, type IncomingMessage, type ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { Route } from '@webfw/router';
import { createServer, expectAnswers, expectRouted, finalHandler, type Answer, type RoutingCase } from './support/helpers';

type Req = IncomingMessage & { route?: { path: unknown }; params?: unknown };

describe('router.route(path)', () => {
  it('should return a Route with its path and chainable verbs', async () => {
    const router = Router();
    const route = router.route('/book');
    expect(route).toBeInstanceOf(Route);
    expect(route.path).toBe('/book');
    expect(route.get((_req, res) => res.end('get book'))).toBe(route);
    route.post((_req, res) => res.end('post book')).all((_req, res) => res.end('any book'));
    await expectAnswers(router, [
      ['/book', 200, 'get book'],
      ['POST /book', 200, 'post book'],
      ['PUT /book', 200, 'any book'],
    ]);
  });

  it('should show path, stack and methods as a route of router 2.x does', () => {
    const route = Router().route('/shape');
    route
      .get(() => {})
      .post(() => {})
      .get(() => {});
    expect(Object.keys(route)).toEqual(['path', 'stack', 'methods']);
    expect({ ...route.methods }).toEqual({ get: true, post: true });
    expect(route.stack.map((l) => l.method)).toEqual(['get', 'post', 'get']);
    expect(route._methods()).toEqual(['GET', 'POST', 'HEAD']);
  });

  it('should set req.route to the matched route', async () => {
    const router = Router();
    router.route('/r/:id').get((req: Req, res) => res.end(`route ${String(req.route?.path)}`));
    await request(createServer(router)).get('/r/1').expect(200, 'route /r/:id');
  });

  it('should order routes by creation time, not by when handlers are added', async () => {
    const router = Router();
    const first = router.route('/x');
    router.get('/x', (_req, res) => res.end('second'));
    first.get((_req, res) => res.end('first'));
    await request(createServer(router)).get('/x').expect(200, 'first');
  });

  it('should run route callbacks in order and skip those of other methods', async () => {
    const router = Router();
    const seen: string[] = [];
    router
      .route('/m')
      .get((_req, _res, next) => {
        seen.push('get1');
        next();
      })
      .post((_req, _res, next) => {
        seen.push('post');
        next();
      })
      .all((_req, _res, next) => {
        seen.push('all');
        next();
      })
      .get((_req, res) => res.end(seen.join()));
    await request(createServer(router)).get('/m').expect(200, 'get1,all');
  });

  it('should ignore the query string when matching', async () => {
    const router = Router();
    router.get('/q', (req, res) => res.end(req.url));
    await request(createServer(router)).get('/q?a=1&b=/x').expect(200, '/q?a=1&b=/x');
  });

  it('should give next() to the route after a route that does not end the response', async () => {
    const router = Router();
    router.get('/n', (_req, _res, next) => next());
    router.get('/n', (_req, res) => res.end('second route'));
    await request(createServer(router)).get('/n').expect(200, 'second route');
  });

  it.each<RoutingCase>([
    [
      'fall through to the final handler when no route matches',
      (r) => r.get('/only', (_req, res) => res.end('only')),
      [
        ['/other', 404, 'Cannot GET /other'],
        ['POST /only', 404, 'Cannot POST /only'],
      ],
    ],
    ['fall through when a route has no callbacks', (r) => r.route('/empty'), [['/empty', 404, 'Cannot GET /empty']]],
  ])('should %s', expectRouted);

  it('should route a path given as a number as its string form', async () => {
    const router = Router();
    (router.get as unknown as (p: unknown, f: unknown) => void)(404, (_req: Req, res: ServerResponse) => res.end('never: no leading slash'));
    router.use((_req, res) => res.end('fell through'));
    await request(createServer(router)).get('/404').expect(200, 'fell through');
  });
});

describe('router.METHOD(path, ...fns)', () => {
  // CONNECT never reaches a request listener in node:http (it emits 'connect'): tested by calling the router.
  const viaHttp = METHODS.filter((m) => m !== 'CONNECT');

  it.each(viaHttp)('should route %s requests with router.<method>', async (method) => {
    const router = Router();
    const name = method.toLowerCase() as 'get';
    router[name]('/thing', (req, res) => {
      res.setHeader('X-Method', String(req.method));
      res.end(method === 'HEAD' ? undefined : `handled ${req.method}`);
    });
    const other = method === 'GET' ? 'POST' : 'GET';
    router.use((req, res) => res.end(`not ${req.method}`));
    const agent = request(createServer(router));
    const res = await agent[method.toLowerCase() as 'get']('/thing').set('Connection', 'close');
    expect(res.status).toBe(200);
    expect(res.headers['x-method']).toBe(method);
    if (method !== 'HEAD') expect(res.text).toBe(`handled ${method}`);
    const miss = await request(createServer(router))[other.toLowerCase() as 'get']('/thing');
    expect(miss.text).toBe(`not ${other}`);
  });

  it('should route CONNECT with router.connect', async () => {
    const router = Router();
    router.connect('/tunnel', (_req, res) => res.end('connected'));
    const out = await new Promise<string>((resolve) => {
      const req = { method: 'CONNECT', url: '/tunnel', headers: {} } as IncomingMessage;
      const res = { end: (body: string) => resolve(body) } as unknown as ServerResponse;
      router(req, res, finalHandler(req, res));
    });
    expect(out).toBe('connected');
  });

  it('should route every method with router.all', async () => {
    const router = Router();
    router.all('/any', (req, res) => res.end(`all ${req.method}`));
    await expectAnswers(
      router,
      ['GET', 'DELETE', 'PATCH', 'OPTIONS'].map((method): Answer => [`${method} /any`, 200, `all ${method}`]),
    );
  });

  it("should route the M-SEARCH method with router['m-search']", async () => {
    const router = Router();
    router['m-search']('/ssdp', (req, res) => res.end(`found ${req.method}`));
    const res = await request(createServer(router))['m-search']('/ssdp');
    expect(res.status).toBe(200);
    expect(res.text).toBe('found M-SEARCH');
  });

  it('should accept several callbacks, arrays and nested arrays', async () => {
    const router = Router();
    const seen: string[] = [];
    const step =
      (n: string) =>
      (_req: unknown, _res: unknown, next: () => void): void => {
        seen.push(n);
        next();
      };
    router.get('/cb', step('1'), [step('2'), [step('3')]], (_req, res) => res.end(seen.join('')));
    await request(createServer(router)).get('/cb').expect(200, '123');
  });

  it('should accept routers as route callbacks', async () => {
    const inner = Router();
    inner.use((req, res) => res.end(`inner sees ${req.url}`));
    const router = Router();
    router.get('/r', inner);
    await request(createServer(router)).get('/r').expect(200, 'inner sees /r');
  });

  it('should route by the method a middleware set (method override)', async () => {
    const router = Router();
    router.use((req, _res, next) => {
      const override = req.headers['x-http-method-override'];
      if (req.method === 'POST' && typeof override === 'string') req.method = override.toUpperCase();
      next();
    });
    router.post('/item', (_req, res) => res.end('post'));
    router.delete('/item', (req, res) => res.end(`deleted via ${String(req.method)}`));
    const server = createServer(router);
    await request(server).post('/item').set('X-HTTP-Method-Override', 'delete').expect(200, 'deleted via DELETE');
    await request(server).post('/item').expect(200, 'post');
  });
});
