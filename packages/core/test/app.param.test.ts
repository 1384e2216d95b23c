import request from 'supertest';
import webfw from '@webfw/core';
import { counting } from './support/helpers';

/** The test's own `req.user` (a workspace-wide `Express.Request` augmentation may type `user` otherwise). */
type WithUser = { user?: string };

describe('app.param()', () => {
  it('should run the callback with the value and name before the route', async () => {
    const app = webfw();
    const calls: string[] = [];
    expect(
      app.param('id', (req, _res, next, value, name) => {
        calls.push(`${name}=${value}`);
        (req as unknown as WithUser).user = `user${value}`;
        next();
      }),
    ).toBe(app);
    app.get('/user/:id', (req, res) => {
      res.end(`${(req as unknown as WithUser).user} ${calls.join(',')}`);
    });
    await request(app).get('/user/5').expect(200, 'user5 id=5');
  });

  it('should run once per request even when several routes match', async () => {
    const app = webfw();
    const counted = counting();
    app.param('id', counted.middleware);
    app.get('/user/:id', (_req, _res, next) => next());
    app.get('/user/:id', (_req, res) => {
      res.end(String(counted.calls));
    });
    await request(app).get('/user/1').expect(200, '1');
  });

  it('should take an array of names and run them in declared order', async () => {
    const app = webfw();
    const order: string[] = [];
    app.param(['a', 'b'], (_req, _res, next, value, name) => {
      order.push(`${name}:${value}`);
      next();
    });
    app.get('/:b/:a', (_req, res) => {
      res.end(order.join(' '));
    });
    await request(app).get('/x/y').expect(200, 'b:x a:y');
  });

  it('should pass an error from the callback to error handling', async () => {
    const app = webfw();
    app.param('id', (_req, _res, next, value) => {
      const err = new Error(`bad id ${value}`) as Error & { status: number };
      err.status = 422;
      next(err);
    });
    app.get('/user/:id', (_req, res) => {
      res.end('never');
    });
    const res = await request(app).get('/user/zz');
    expect(res.status).toBe(422);
    expect(res.text).toContain('Error: bad id zz');
  });

  it("should skip to the next route with next('route')", async () => {
    const app = webfw();
    app.param('id', (_req, _res, next, value) => {
      if (value === 'skip') return next('route');
      next();
    });
    app.get('/user/:id', (_req, res) => res.end('first'));
    app.get('/user/*rest', (_req, res) => res.end('fallback'));
    await request(app).get('/user/1').expect(200, 'first');
    await request(app).get('/user/skip').expect(200, 'fallback');
  });

  it('should not be inherited by mounted apps', async () => {
    const parent = webfw();
    const child = webfw();
    const counted = counting();
    parent.param('id', counted.middleware);
    child.get('/:id', (req, res) => {
      res.end(`child ${req.params.id} ${counted.calls}`);
    });
    parent.use('/c', child);
    await request(parent).get('/c/9').expect(200, 'child 9 0');
  });

  it('should throw a TypeError without a name, without a callback or with a non-function', () => {
    const app = webfw();
    const param = app.param as (...args: unknown[]) => unknown;
    expect(() => param.call(app, () => undefined)).toThrow(new TypeError('argument name must be a string'));
    expect(() => param.call(app, 'id')).toThrow(new TypeError('argument fn is required'));
    expect(() => param.call(app, 'id', 'nope')).toThrow(new TypeError('argument fn must be a function'));
  });
});

describe('app.METHOD() arguments', () => {
  it('should throw a TypeError for a handler that is not a function', () => {
    const app = webfw();
    expect(() => (app.get as (...args: unknown[]) => unknown).call(app, '/x', 'nope')).toThrow(new TypeError('argument handler must be a function'));
  });
});
