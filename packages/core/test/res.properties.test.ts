import request from 'supertest';
import webfw, { response } from '@webfw/core';
import { appFor } from './support/res';

describe('res.app, res.req, res.locals, res.headersSent, res.end', () => {
  it('should expose the app and the request', async () => {
    const app = appFor((req, res) => {
      res.json({ sameApp: res.app === app && res.app === req.app, sameReq: res.req === req && req.res === res });
    });
    await request(app).get('/').expect(200, { sameApp: true, sameReq: true });
  });

  it('should point res.app at the sub-app while inside it', async () => {
    const parent = webfw();
    const sub = webfw();
    sub.get('/', (_req, res) => {
      res.json({ sub: res.app === sub });
    });
    parent.use('/sub', sub);
    await request(parent).get('/sub').expect(200, { sub: true });
  });

  it('should give each request its own empty res.locals', async () => {
    const app = appFor((req, res) => {
      const before = Object.keys(res.locals);
      res.locals[req.query.k as string] = 1;
      res.json({ before, proto: Object.getPrototypeOf(res.locals) === null });
    });
    await request(app).get('/?k=a').expect(200, { before: [], proto: true });
    await request(app).get('/?k=b').expect(200, { before: [], proto: true });
  });

  it('should keep res.locals across middleware of one request', async () => {
    const app = webfw();
    app.use((_req, res, next) => {
      res.locals.user = 'tobi';
      next();
    });
    app.get('/', (_req, res) => {
      res.json(res.locals);
    });
    await request(app).get('/').expect(200, { user: 'tobi' });
  });

  it('should not let a __proto__ key of res.locals reach Object.prototype', async () => {
    const app = appFor((req, res) => {
      res.locals[req.query.k as string] = { polluted: true };
      res.json({ polluted: ({} as Record<string, unknown>).polluted ?? false });
    });
    await request(app).get('/?k=__proto__').expect(200, { polluted: false });
  });

  it('should end without data through res.end()', async () => {
    const app = appFor((_req, res) => {
      res.status(202).end();
    });
    await request(app).get('/').expect('Content-Length', '0').expect(202, '');
  });

  it('should end with data and encoding through res.end(data, encoding)', async () => {
    const app = appFor((_req, res) => {
      res.end('68656c6c6f', 'hex');
    });
    await request(app).get('/').expect(200, 'hello');
  });

  it('should inherit from http.ServerResponse.prototype and let apps extend it', async () => {
    const app = webfw();
    (app.response as unknown as { shout(this: typeof response, text: string): void }).shout = function shout(text: string) {
      this.send(text.toUpperCase());
    };
    app.get('/', (_req, res) => {
      (res as unknown as { shout(text: string): void }).shout('hi');
    });
    await request(app).get('/').expect(200, 'HI');
    expect(Object.getPrototypeOf(app.response)).toBe(response);
    expect(typeof response.setHeader).toBe('function');
  });
});
