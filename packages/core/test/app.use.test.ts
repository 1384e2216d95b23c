import request from 'supertest';
import webfw from '@webfw/core';
import type { Application, NextFunction, Request, Response } from '@webfw/core';

describe('app.use()', () => {
  it('should return the app', () => {
    const app = webfw();
    expect(app.use((_req, _res, next) => next())).toBe(app);
  });

  it('should run middleware without a path for every request, in mount order', async () => {
    const app = webfw();
    const order: string[] = [];
    app.use((_req, _res, next) => {
      order.push('one');
      next();
    });
    app.use((_req, _res, next) => {
      order.push('two');
      next();
    });
    app.use((req, res) => {
      res.end(`${order.join(',')} ${req.url}`);
    });
    await request(app).get('/any/path?q=1').expect(200, 'one,two /any/path?q=1');
  });

  it('should run middleware on a path and its sub-paths, stripping the mount path', async () => {
    const app = webfw();
    app.use('/blog', (req, res) => {
      res.end(`${req.baseUrl}|${req.url}|${req.originalUrl}|${req.path}`);
    });
    app.use((_req, res) => {
      res.end('other');
    });
    await request(app).get('/blog').expect(200, '/blog|/|/blog|/');
    await request(app).get('/blog/post/1?x=1').expect(200, '/blog|/post/1?x=1|/blog/post/1?x=1|/post/1');
    await request(app).get('/blogger').expect(200, 'other');
  });

  it('should restore req.url after mounted middleware calls next', async () => {
    const app = webfw();
    app.use('/a', (_req, _res, next) => next());
    app.use((req, res) => {
      res.end(`${req.url} ${req.baseUrl}`);
    });
    await request(app).get('/a/b').expect(200, '/a/b ');
  });

  it('should accept several functions, arrays and nested arrays', async () => {
    const app = webfw();
    const seen: string[] = [];
    const mw = (name: string) => (_req: Request, _res: Response, next: NextFunction) => {
      seen.push(name);
      next();
    };
    app.use(mw('a'), [mw('b'), [mw('c')]]);
    app.use('/x', [mw('d')], mw('e'));
    app.use([[mw('f')]]);
    app.use((_req, res) => {
      res.end(seen.join(''));
    });
    await request(app).get('/x').expect(200, 'abcdef');
  });

  it('should mount on an array of paths', async () => {
    const app = webfw();
    app.use(['/a', '/b'], (req, res) => {
      res.end(`mounted ${req.baseUrl}`);
    });
    await request(app).get('/a').expect(200, 'mounted /a');
    await request(app).get('/b/c').expect(200, 'mounted /b');
  });

  it('should mount on a pattern with parameters', async () => {
    const app = webfw();
    app.use('/users/:id', (req, res) => {
      res.end(`${req.baseUrl} ${req.params.id}`);
    });
    await request(app).get('/users/7/edit').expect(200, '/users/7 7');
  });

  it('should mount on a regular expression', async () => {
    const app = webfw();
    app.use(/^\/v\d+/, (req, res) => {
      res.end(`${req.baseUrl} ${req.url}`);
    });
    await request(app).get('/v2/items').expect(200, '/v2 /items');
  });

  it('should throw a TypeError without a function', () => {
    const app = webfw();
    expect(() => (app.use as (...args: unknown[]) => unknown)()).toThrow(new TypeError('app.use() requires a middleware function'));
    expect(() => (app.use as (...args: unknown[]) => unknown)('/')).toThrow(new TypeError('app.use() requires a middleware function'));
    expect(() => (app.use as (...args: unknown[]) => unknown)([])).toThrow(new TypeError('app.use() requires a middleware function'));
  });

  it('should throw a TypeError for a non-function middleware', () => {
    const app = webfw();
    expect(() => (app.use as (...args: unknown[]) => unknown)('/', 'nope')).toThrow(TypeError);
    expect(() => (app.use as (...args: unknown[]) => unknown)((_req: unknown, _res: unknown, next: () => void) => next(), {})).toThrow(TypeError);
  });

  it('should skip error middleware when there is no error and ordinary middleware when there is', async () => {
    const app = webfw();
    const seen: string[] = [];
    app.use((_req, _res, next) => {
      seen.push('mw1');
      next(new Error('boom'));
    });
    app.use((_req, _res, next) => {
      seen.push('skipped');
      next();
    });
    app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.end(`${seen.join(',')} handled ${err.message}`);
    });
    await request(app).get('/').expect(200, 'mw1 handled boom');
  });

  it('should mount a router', async () => {
    const app = webfw();
    const router = webfw.Router();
    router.get('/list', (_req, res) => {
      res.end('list');
    });
    app.use('/items', router);
    await request(app).get('/items/list').expect(200, 'list');
  });
});

describe('app.use(subApp)', () => {
  /** A sub-app answering `text` at `path`. */
  function answering(path: string, text: string): Application {
    const app = webfw();
    app.get(path, (_req, res) => res.end(text));
    return app;
  }

  it('should emit mount with the parent and set mountpath and parent', () => {
    const parent = webfw();
    const child = webfw();
    const seen: unknown[] = [];
    child.on('mount', (p: unknown) => seen.push(p));
    expect(child.mountpath).toBe('/');
    parent.use('/blog', child);
    expect(seen).toEqual([parent]);
    expect(child.mountpath).toBe('/blog');
    expect(child.parent).toBe(parent);
  });

  it('should set mountpath to the array of patterns', () => {
    const parent = webfw();
    const child = webfw();
    parent.use(['/a', '/b'], child);
    expect(child.mountpath).toEqual(['/a', '/b']);
  });

  it('should mount on / without a path', async () => {
    const parent = webfw();
    const child = answering('/hi', 'hi');
    parent.use(child);
    expect(child.mountpath).toBe('/');
    await request(parent).get('/hi').expect(200, 'hi');
  });

  it('should give req.baseUrl, req.url and req.app inside the sub-app', async () => {
    const parent = webfw();
    const child = webfw();
    child.get('/post/:id', (req, res) => {
      res.end(`${req.baseUrl} ${req.url} ${req.originalUrl} ${req.params.id} ${String(req.app === child)}`);
    });
    parent.use('/blog', child);
    await request(parent).get('/blog/post/3').expect(200, '/blog /post/3 /blog/post/3 3 true');
  });

  it('should mount several sub-apps at once', async () => {
    const parent = webfw();
    const a = answering('/a', 'a');
    const b = answering('/b', 'b');
    parent.use('/x', a, b);
    await request(parent).get('/x/a').expect(200, 'a');
    await request(parent).get('/x/b').expect(200, 'b');
    expect(a.parent).toBe(parent);
    expect(b.mountpath).toBe('/x');
  });

  it('should continue in the parent when the sub-app does not answer', async () => {
    const parent = webfw();
    const child = webfw();
    parent.use('/c', child);
    parent.use((req, res) => {
      res.end(`parent ${req.url} ${String(req.app === parent)}`);
    });
    await request(parent).get('/c/none').expect(200, 'parent /c/none true');
  });

  it("should pass a sub-app's error to the parent's error middleware", async () => {
    const parent = webfw();
    const child = webfw();
    child.use(() => {
      throw new Error('from child');
    });
    parent.use('/c', child);
    parent.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.end(`parent caught ${err.message}`);
    });
    await request(parent).get('/c').expect(200, 'parent caught from child');
  });

  it('should nest sub-apps', async () => {
    const a = webfw();
    const b = webfw();
    const c = webfw();
    c.get('/', (req, res) => {
      res.end(`${req.baseUrl} ${c.path()}`);
    });
    b.use('/c', c);
    a.use('/b', b);
    await request(a).get('/b/c').expect(200, '/b/c /b/c');
  });
});
