import { METHODS } from 'node:http';
import request from 'supertest';
import webfw, { methods } from '@webfw/core';
import type { Application, HttpMethod } from '@webfw/core';
import { call, counting } from './support/helpers';

type RouteFn = (path: string, handler: (req: { method: string }, res: { end(s: string): void }) => void) => Application;

describe('app.METHOD()', () => {
  it('should define one method per http.METHODS entry', () => {
    const app = webfw();
    expect(methods).toEqual(METHODS.map((m) => m.toLowerCase()));
    for (const m of methods) expect(typeof (app as unknown as Record<string, unknown>)[m]).toBe('function');
    expect(typeof app['m-search']).toBe('function');
  });

  // CONNECT requests never reach a request handler (node emits 'connect'); HEAD has no body.
  for (const method of methods.filter((m) => m !== 'connect' && m !== 'head')) {
    it(`should route ${method.toUpperCase()} requests with app.${method}()`, async () => {
      const app = webfw();
      const route = (app as unknown as Record<string, RouteFn>)[method];
      if (!route) throw new Error(`app.${method} is missing`);
      expect(route.call(app, '/thing', (req, res) => res.end(`${req.method} /thing`))).toBe(app);
      const hit = await call(app, { method: method.toUpperCase(), path: '/thing' });
      expect(hit.status).toBe(200);
      expect(hit.body).toBe(`${method.toUpperCase()} /thing`);
      const other = method === 'get' ? 'POST' : 'GET';
      const miss = await call(app, { method: other, path: '/thing' });
      expect(miss.status).toBe(404);
      expect(miss.body).toContain(`Cannot ${other} /thing`);
    });
  }

  it.each<[string, (app: Application) => void, string, { status?: number; headers: Record<string, string>; body?: string }]>([
    [
      'should route HEAD with app.head()',
      (app) => app.head('/', (_req, res) => res.setHeader('X-Head', 'yes').end()),
      'HEAD',
      { status: 200, headers: { 'x-head': 'yes' }, body: '' },
    ],
    [
      'should answer HEAD with the GET route when no HEAD route came first',
      (app) => app.get('/', (req, res) => res.setHeader('X-Method', req.method).end('body')),
      'HEAD',
      { status: 200, headers: { 'x-method': 'HEAD' }, body: '' },
    ],
    [
      'should prefer an app.head() registered before app.get()',
      (app) => app.head('/', (_req, res) => res.setHeader('X-From', 'head').end()).get('/', (_req, res) => res.setHeader('X-From', 'get').end('x')),
      'HEAD',
      { headers: { 'x-from': 'head' } },
    ],
    [
      'should answer OPTIONS with the allowed methods',
      (app) => app.get('/', (_req, res) => res.end()).post('/', (_req, res) => res.end()),
      'OPTIONS',
      { status: 200, headers: { allow: 'GET, HEAD, POST' }, body: 'GET, HEAD, POST' },
    ],
  ])('%s', async (_name, routes, method, expected) => {
    const app = webfw();
    routes(app);
    expect(await call(app, { method })).toMatchObject(expected);
  });

  it('should return a setting from app.get(name) with one argument', () => {
    const app = webfw();
    app.set('/x', 'a setting');
    expect(app.get('/x')).toBe('a setting');
  });

  it.each<[string, (app: Application) => void, string, string]>([
    [
      'should run several callbacks and arrays of callbacks in order',
      (app) => {
        const order: string[] = [];
        const step = (name: string) => (_req: unknown, _res: unknown, next: () => void) => {
          order.push(name);
          next();
        };
        app.get('/', step('a'), [step('b'), [step('c')]], (_req, res) => res.end(order.join('')));
      },
      '/',
      'abc',
    ],
    [
      "should skip the rest of the route with next('route')",
      (app) => {
        const skip = (_req: unknown, _res: unknown, next: (to: 'route') => void) => next('route');
        app.get('/', skip, (_req, res) => res.end('skipped?'));
        app.get('/', (_req, res) => res.end('next route'));
      },
      '/',
      'next route',
    ],
    [
      'should infer route params from the path',
      (app) =>
        app.get('/users/:id/books/:book', (req, res) => {
          const id: string = req.params.id;
          const book: string = req.params.book;
          res.end(`${id}:${book}`);
        }),
      '/users/42/books/dune',
      '42:dune',
    ],
    [
      'should route regular expressions',
      (app) => app.get(/^\/re(\d+)$/, (req, res) => res.end(`re ${(req.params as Record<string, string>)[0]}`)),
      '/re12',
      're 12',
    ],
    ['should route arrays of paths', (app) => app.get(['/a', '/b'], (req, res) => res.end(`list ${req.path}`)), '/b', 'list /b'],
  ])('%s', async (_name, routes, path, body) => {
    const app = webfw();
    routes(app);
    await request(app).get(path).expect(200, body);
  });

  it('should type every method name', () => {
    const names: HttpMethod[] = ['get', 'm-search', 'query'];
    expect(names.every((n) => methods.includes(n))).toBe(true);
  });
});

describe('app.all()', () => {
  it('should route every method to the handlers', async () => {
    const app = webfw();
    expect(
      app.all('/any', (req, res) => {
        res.end(`all ${req.method}`);
      }),
    ).toBe(app);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'PROPFIND', 'M-SEARCH', 'OPTIONS']) {
      const res = await call(app, { method, path: '/any' });
      expect([res.status, res.body]).toEqual([200, `all ${method}`]);
    }
    const head = await call(app, { method: 'HEAD', path: '/any' });
    expect(head.status).toBe(200);
  });

  it('should run the handlers once per request', async () => {
    const app = webfw();
    const counted = counting();
    app.all('/', counted.middleware);
    app.get('/', (_req, res) => res.end(String(counted.calls)));
    await request(app).get('/').expect(200, '1');
  });
});
