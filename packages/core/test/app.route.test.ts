import request from 'supertest';
import webfw from '@webfw/core';
import { call } from './support/helpers';

describe('app.route()', () => {
  it('should chain verbs on one path', async () => {
    const app = webfw();
    app
      .route('/book/:id')
      .all((_req, res, next) => {
        res.setHeader('X-All', 'yes');
        next();
      })
      .get((req, res) => {
        res.end(`get ${req.params.id}`);
      })
      .post((req, res) => {
        res.end(`post ${req.params.id}`);
      });
    const get = await request(app).get('/book/1');
    expect([get.status, get.text, get.headers['x-all']]).toEqual([200, 'get 1', 'yes']);
    await request(app).post('/book/2').expect(200, 'post 2');
    const del = await call(app, { method: 'DELETE', path: '/book/3' });
    expect(del.status).toBe(404);
    expect(del.body).toContain('Cannot DELETE /book/3');
  });

  it('should return the route with its path', () => {
    const app = webfw();
    const route = app.route('/x');
    expect(route.path).toBe('/x');
    expect(typeof route.get).toBe('function');
    expect(typeof route['m-search']).toBe('function');
  });

  it('should keep the order in which routes were created', async () => {
    const app = webfw();
    const route = app.route('/order');
    app.get('/order', (_req, res) => {
      res.end('app.get');
    });
    route.get((_req, res) => {
      res.end('route.get');
    });
    await request(app).get('/order').expect(200, 'route.get');
  });
});

describe('app.router', () => {
  it('should be created lazily and kept', () => {
    const app = webfw();
    const router = app.router;
    expect(typeof router).toBe('function');
    expect(typeof router.handle).toBe('function');
    expect(app.router).toBe(router);
  });

  it('should route what is added to it directly', async () => {
    const app = webfw();
    app.router.use((_req: unknown, res: { setHeader(n: string, v: string): void }, next: () => void) => {
      res.setHeader('X-Router', 'direct');
      next();
    });
    app.router.route('/r').get((_req, res) => {
      res.end('from router');
    });
    const res = await request(app).get('/r');
    expect([res.status, res.text, res.headers['x-router']]).toEqual([200, 'from router', 'direct']);
  });

  it('should be configured from the routing settings when first used', async () => {
    const app = webfw();
    app.enable('case sensitive routing');
    app.router.route('/Case').get((_req, res) => {
      res.end('Case');
    });
    await request(app).get('/case').expect(404);
    await request(app).get('/Case').expect(200, 'Case');
  });
});

describe('app.locals', () => {
  it('should be an object without prototype holding settings', () => {
    const app = webfw();
    expect(Object.getPrototypeOf(app.locals)).toBeNull();
    expect(app.locals.settings).toBe(app.settings);
  });

  it('should be readable from middleware via req.app.locals', async () => {
    const app = webfw();
    app.locals.title = 'My Site';
    app.get('/', (req, res) => {
      res.end(String(req.app.locals.title));
    });
    await request(app).get('/').expect(200, 'My Site');
  });

  it('should start res.locals empty for every request', async () => {
    const app = webfw();
    app.use((_req, res, next) => {
      res.locals.count = ((res.locals.count as number | undefined) ?? 0) + 1;
      next();
    });
    app.get('/', (_req, res) => {
      res.end(`${String(res.locals.count)} ${String(Object.getPrototypeOf(res.locals))}`);
    });
    await request(app).get('/').expect(200, '1 null');
    await request(app).get('/').expect(200, '1 null');
  });
});

describe('app.path()', () => {
  it("should be '' for the root app", () => {
    expect(webfw().path()).toBe('');
  });

  it('should join the mount paths of nested apps', () => {
    const root = webfw();
    const blog = webfw();
    const admin = webfw();
    blog.use('/admin', admin);
    root.use('/blog', blog);
    expect(blog.path()).toBe('/blog');
    expect(admin.path()).toBe('/blog/admin');
  });
});
