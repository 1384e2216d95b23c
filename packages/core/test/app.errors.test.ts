import request from 'supertest';
import webfw, { finalHandler } from '@webfw/core';
import type { Application, NextFunction, Request, Response } from '@webfw/core';
import { close, listen } from '@webfw/test-support';
import { call, rawRequest } from './support/helpers';

type HttpError = Error & { status?: unknown; statusCode?: unknown; expose?: boolean; headers?: Record<string, string> };

function httpError(message: string, props: Partial<HttpError>): HttpError {
  return Object.assign(new Error(message), props);
}

function doc(body: string): string {
  return `<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>${body}</pre>\n</body>\n</html>\n`;
}

function inEnv(env: string, build: () => Application): Application {
  const saved = process.env.NODE_ENV;
  process.env.NODE_ENV = env;
  try {
    return build();
  } finally {
    process.env.NODE_ENV = saved;
  }
}

describe('error-handling middleware', () => {
  it('should call four-argument middleware with the error passed to next', async () => {
    const app = webfw();
    app.get('/', (_req, _res, next) => next(new Error('passed')));
    app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.statusCode = 418;
      res.end(`caught ${err.message}`);
    });
    await request(app).get('/').expect(418, 'caught passed');
  });

  it('should treat middleware with fewer than four parameters as ordinary', async () => {
    const app = webfw();
    const seen: string[] = [];
    app.get('/', () => {
      throw new Error('x');
    });
    app.use((_req: Request, _res: Response, next: NextFunction) => {
      seen.push('three');
      next();
    });
    app.use((_err: unknown, _req: Request, res: Response, _next: NextFunction) => {
      res.end(`seen [${seen.join(',')}]`);
    });
    await request(app).get('/').expect(200, 'seen []');
  });

  it.each<[string, (app: Application) => void, string]>([
    [
      'should catch a handler that throws',
      (app) =>
        app.get('/', () => {
          throw new Error('thrown');
        }),
      'caught thrown',
    ],
    [
      'should catch a handler whose promise rejects',
      (app) =>
        app.get('/', async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          throw new Error('rejected');
        }),
      'caught rejected',
    ],
    ['should catch rejected middleware mounted with use', (app) => app.use(() => Promise.reject(new Error('mw rejected'))), 'caught mw rejected'],
  ])('%s', async (_name, failing, body) => {
    const app = webfw();
    failing(app);
    app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.end(`caught ${err.message}`);
    });
    await request(app).get('/').expect(200, body);
  });

  it('should pass an error thrown by error middleware to the next one', async () => {
    const app = webfw();
    app.get('/', () => {
      throw new Error('first');
    });
    app.use((err: Error, _req: Request, _res: Response, _next: NextFunction) => {
      throw new Error(`${err.message} then second`);
    });
    app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
      res.end(err.message);
    });
    await request(app).get('/').expect(200, 'first then second');
  });

  it('should resume normal middleware when error middleware calls next()', async () => {
    const app = webfw();
    app.use((_req, _res, next) => next(new Error('x')));
    app.use((_err: unknown, _req: Request, _res: Response, next: NextFunction) => next());
    app.use((_req, res) => {
      res.end('recovered');
    });
    await request(app).get('/').expect(200, 'recovered');
  });
});

describe('final handler', () => {
  it('should answer 404 Cannot GET /path for an unmatched request', async () => {
    const res = await call(webfw(), { path: '/nope/here?q=1' });
    expect(res.status).toBe(404);
    expect(res.body).toBe(doc('Cannot GET /nope/here'));
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(doc('Cannot GET /nope/here'))));
  });

  it('should name the method and encode the path in the 404', async () => {
    const res = await call(webfw(), { method: 'DELETE', path: '/a/<b>/%zz' });
    expect(res.status).toBe(404);
    expect(res.body).toBe(doc('Cannot DELETE /a/%3Cb%3E/%25zz'));
  });

  it('should use the original URL inside mounted apps', async () => {
    const parent = webfw();
    parent.use('/sub', webfw());
    const res = await call(parent, { path: '/sub/missing' });
    expect(res.body).toBe(doc('Cannot GET /sub/missing'));
  });

  it('should send no body for HEAD', async () => {
    const res = await call(webfw(), { method: 'HEAD', path: '/x' });
    expect(res.status).toBe(404);
    expect(res.body).toBe('');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(doc('Cannot HEAD /x'))));
  });

  it('should wait for an unread request body before answering', async () => {
    const res = await call(webfw(), { method: 'POST', path: '/upload', body: 'x'.repeat(100000), headers: { 'Content-Type': 'text/plain' } });
    expect(res.status).toBe(404);
    expect(res.body).toBe(doc('Cannot POST /upload'));
  });

  it('should answer 500 with the escaped stack outside production', async () => {
    const app = webfw();
    const err = new Error('bad <thing>');
    err.stack = 'Error: bad <thing>\n    at here (file.js:1:2)';
    app.get('/', (_req, _res, next) => next(err));
    const res = await call(app);
    expect(res.status).toBe(500);
    expect(res.body).toBe(doc('Error: bad &lt;thing&gt;<br> &nbsp; &nbsp;at here (file.js:1:2)'));
  });

  it('should answer with the status text in production, not the stack', async () => {
    const app = inEnv('production', () => webfw());
    app.set('env', 'production');
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      app.get('/', () => {
        throw new Error('secret detail');
      });
      const res = await call(app);
      expect(res.status).toBe(500);
      expect(res.body).toBe(doc('Internal Server Error'));
    } finally {
      await new Promise((resolve) => setImmediate(resolve));
      spy.mockRestore();
    }
  });

  it('should show only the status text in production, whatever expose says', async () => {
    const app = inEnv('production', () => webfw());
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      app.get('/', (_req, _res, next) => next(httpError('name is required', { status: 422, expose: true })));
      app.get('/hidden', (_req, _res, next) => next(httpError('internal detail', { status: 422, expose: false })));
      app.get('/server', (_req, _res, next) => next(httpError('db down', { status: 503, expose: true })));
      expect((await call(app)).body).toBe(doc('Unprocessable Entity'));
      expect((await call(app, { path: '/hidden' })).body).toBe(doc('Unprocessable Entity'));
      expect((await call(app, { path: '/server' })).body).toBe(doc('Service Unavailable'));
    } finally {
      await new Promise((resolve) => setImmediate(resolve));
      spy.mockRestore();
    }
  });

  it('should use err.status and err.statusCode in the 4xx/5xx range', async () => {
    const app = webfw();
    app.get('/status', (_req, _res, next) => next(httpError('s', { status: 404 })));
    app.get('/code', (_req, _res, next) => next(httpError('c', { statusCode: 503 })));
    app.get('/both', (_req, _res, next) => next(httpError('b', { status: 401, statusCode: 502 })));
    expect((await call(app, { path: '/status' })).status).toBe(404);
    expect((await call(app, { path: '/code' })).status).toBe(503);
    expect((await call(app, { path: '/both' })).status).toBe(401);
  });

  it('should ignore an error status outside 400-599 and use the response status or 500', async () => {
    const app = webfw();
    app.get('/ok', (_req, _res, next) => next(httpError('x', { status: 200 })));
    app.get('/big', (_req, _res, next) => next(httpError('x', { status: 600 })));
    app.get('/str', (_req, _res, next) => next(httpError('x', { status: '404' })));
    app.get('/res', (_req, res, next) => {
      res.statusCode = 429;
      next(new Error('x'));
    });
    app.get('/res2xx', (_req, res, next) => {
      res.statusCode = 201;
      next(new Error('x'));
    });
    expect((await call(app, { path: '/ok' })).status).toBe(500);
    expect((await call(app, { path: '/big' })).status).toBe(500);
    expect((await call(app, { path: '/str' })).status).toBe(500);
    expect((await call(app, { path: '/res' })).status).toBe(429);
    expect((await call(app, { path: '/res2xx' })).status).toBe(500);
  });

  it('should set err.headers when the status comes from the error', async () => {
    const app = webfw();
    app.get('/', (_req, _res, next) => next(httpError('slow down', { status: 503, headers: { 'Retry-After': '5', 'X-Reason': 'busy' } })));
    app.get('/nostatus', (_req, _res, next) => next(httpError('x', { headers: { 'Retry-After': '5' } })));
    const res = await call(app);
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.headers['x-reason']).toBe('busy');
    const plain = await call(app, { path: '/nostatus' });
    expect(plain.status).toBe(500);
    expect(plain.headers['retry-after']).toBeUndefined();
  });

  it('should drop content headers set before the error and keep the others', async () => {
    const app = webfw();
    app.get('/', (_req, res, next) => {
      res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Language', 'fr');
      res.setHeader('Content-Range', 'bytes 0-1/2');
      res.setHeader('X-Keep', 'kept');
      next(new Error('x'));
    });
    const res = await call(app);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-language']).toBeUndefined();
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.headers['x-keep']).toBe('kept');
  });

  it('should render a non-Error value with its string form', async () => {
    const app = webfw();
    app.get('/', (_req, _res, next) => next('a string error'));
    app.get('/obj', (_req, _res, next) => next({ status: 409, message: 'conflict' }));
    const res = await call(app);
    expect([res.status, res.body]).toEqual([500, doc('a string error')]);
    const obj = await call(app, { path: '/obj' });
    expect([obj.status, obj.body]).toEqual([409, doc('[object Object]')]);
  });

  it('should destroy the socket when headers were already sent', async () => {
    const app = webfw();
    app.get('/', (_req, res, next) => {
      res.write('partial');
      next(new Error('late'));
    });
    const server = await listen(app);
    try {
      const res = await rawRequest(server, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n');
      expect(res.status).toBe(200);
      expect(res.body).toBe('7\r\npartial\r\n');
    } finally {
      await close(server);
    }
  });

  it("should log the error itself to console.error (as express 5 does) unless env is 'test'", async () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const dev = inEnv('development', () => webfw());
      const err = new Error('logged');
      dev.get('/', (_req, _res, next) => next(err));
      await call(dev);
      await new Promise((resolve) => setImmediate(resolve));
      expect(spy).toHaveBeenCalledWith(err);
      spy.mockClear();
      const quiet = webfw();
      quiet.get('/', (_req, _res, next) => next(new Error('quiet')));
      await call(quiet);
      await new Promise((resolve) => setImmediate(resolve));
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  /** A route answering `ok` at /ok. */
  const okRoute = (app: Application) => app.get('/ok', (_req, res) => res.end('ok'));

  it.each<[string, (app: Application) => void, string, number, string]>([
    [
      'should answer 400 for a malformed percent-encoded route parameter',
      (app) => app.get('/user/:id', (_req, res) => res.end('never')),
      '/user/%E0%A4%A',
      400,
      expect.stringContaining('Failed to decode param'),
    ],
    ['should answer 404 for a malformed percent-encoded path no route matches', okRoute, '/%E0%A4%A', 404, doc('Cannot GET /%E0%A4%25A')],
    ['should still answer a well-formed path beside a malformed one', okRoute, '/ok', 200, 'ok'],
    ['should give req.path the raw malformed path', (app) => app.use((req, res) => res.end(req.path)), '/a%zz%/b', 200, '/a%zz%/b'],
  ])('%s', async (_name, route, path, status, body) => {
    const app = webfw();
    route(app);
    const res = await call(app, { path });
    expect([res.status, res.body]).toEqual([status, body]);
  });

  it('should be usable on its own with node:http', async () => {
    const server = await listen((req, res) => finalHandler(req, res, { env: 'production' })(new Error('x')));
    try {
      const res = await rawRequest(server, 'GET /a HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      expect([res.status, res.body]).toEqual([500, doc('Internal Server Error')]);
    } finally {
      await close(server);
    }
  });
});
