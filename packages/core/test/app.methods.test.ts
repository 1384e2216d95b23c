import { METHODS } from 'node:http';
import request from 'supertest';
import webfw, { methods } from '@webfw/core';
import type { Application, HttpMethod } from '@webfw/core';
import { call } from './helpers';

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

  it('should route HEAD with app.head()', async () => {
    const app = webfw();
    app.head('/', (_req, res) => {
      res.setHeader('X-Head', 'yes');
      res.end();
    });
    const res = await call(app, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['x-head']).toBe('yes');
    expect(res.body).toBe('');
  });

  it('should answer HEAD with the GET route when no HEAD route came first', async () => {
    const app = webfw();
    app.get('/', (req, res) => {
      res.setHeader('X-Method', req.method);
      res.end('body');
    });
    const res = await call(app, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers['x-method']).toBe('HEAD');
    expect(res.body).toBe('');
  });

  it('should prefer an app.head() registered before app.get()', async () => {
    const app = webfw();
    app.head('/', (_req, res) => {
      res.setHeader('X-From', 'head');
      res.end();
    });
    app.get('/', (_req, res) => {
      res.setHeader('X-From', 'get');
      res.end('x');
    });
    const res = await call(app, { method: 'HEAD' });
    expect(res.headers['x-from']).toBe('head');
  });

  it('should answer OPTIONS with the allowed methods', async () => {
    const app = webfw();
    app.get('/', (_req, res) => res.end());
    app.post('/', (_req, res) => res.end());
    const res = await call(app, { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
    expect(res.body).toBe('GET, HEAD, POST');
  });

  it('should return a setting from app.get(name) with one argument', () => {
    const app = webfw();
    app.set('/x', 'a setting');
    expect(app.get('/x')).toBe('a setting');
  });

  it('should run several callbacks and arrays of callbacks in order', async () => {
    const app = webfw();
    const order: string[] = [];
    const step = (name: string) => (_req: unknown, _res: unknown, next: () => void) => {
      order.push(name);
      next();
    };
    app.get('/', step('a'), [step('b'), [step('c')]], (_req, res) => {
      res.end(order.join(''));
    });
    await request(app).get('/').expect(200, 'abc');
  });

  it("should skip the rest of the route with next('route')", async () => {
    const app = webfw();
    app.get(
      '/',
      (_req, _res, next) => next('route'),
      (_req, res) => res.end('skipped?'),
    );
    app.get('/', (_req, res) => res.end('next route'));
    await request(app).get('/').expect(200, 'next route');
  });

  it('should infer route params from the path', async () => {
    const app = webfw();
    app.get('/users/:id/books/:book', (req, res) => {
      const id: string = req.params.id;
      const book: string = req.params.book;
      res.end(`${id}:${book}`);
    });
    await request(app).get('/users/42/books/dune').expect(200, '42:dune');
  });

  it('should route regular expressions and arrays of paths', async () => {
    const app = webfw();
    app.get(/^\/re(\d+)$/, (req, res) => {
      res.end(`re ${(req.params as Record<string, string>)[0]}`);
    });
    app.get(['/a', '/b'], (req, res) => {
      res.end(`list ${req.path}`);
    });
    await request(app).get('/re12').expect(200, 're 12');
    await request(app).get('/b').expect(200, 'list /b');
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
    let count = 0;
    app.all('/', (_req, _res, next) => {
      count++;
      next();
    });
    app.get('/', (_req, res) => res.end(String(count)));
    await request(app).get('/').expect(200, '1');
  });
});
