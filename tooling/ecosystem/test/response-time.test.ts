import type { Request, Response } from 'express';
import responseTime from 'response-time';
import { answering, build, closeAll, type Vary } from './support/pair';
import { captureOutput } from './support/output';

captureOutput();
afterEach(closeAll);

describe('response-time on express 5 and webfw', () => {
  test('app.use(responseTime()): X-Response-Time in ms with 3 digits, on routes, 404s and errors', async () => {
    const pair = await build(answering('hello, world!', () => responseTime()));
    const time: Vary = { in: 'x-response-time', pattern: /^\d+\.\d{3}ms$/ };
    const { express: r } = await pair.send({ path: '/' }, { vary: [time] });
    expect(r.text).toBe('hello, world!');
    expect(Number.parseFloat(String(r.headers['x-response-time']))).toBeGreaterThanOrEqual(0);
    const missing = await pair.send({ path: '/nope' }, { vary: [time] });
    expect(missing.express.status).toBe(404);
  });

  test('options: digits, header name, no suffix; the header an app already set is kept', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(responseTime({ digits: 0, header: 'X-Elapsed', suffix: false }));
      app.get('/', (_req, res) => {
        res.send('ok');
      });
      app.get('/own', (_req, res) => {
        res.set('X-Elapsed', 'mine').send('ok');
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/' }, { vary: [{ in: 'x-elapsed', pattern: /^\d+$/ }] });
    expect(r.headers['x-response-time']).toBeUndefined();
    const own = await pair.send({ path: '/own' });
    expect(own.express.headers['x-elapsed']).toBe('mine');
  });

  test('responseTime(fn) hands the time to the function (metrics), which can set headers itself', async () => {
    const seen: Array<{ method: string; url: string; numeric: boolean }> = [];
    const pair = await build((fw) => {
      const app = fw();
      app.use(
        responseTime((req: Request, res: Response, time: number) => {
          seen.push({ method: req.method, url: req.originalUrl, numeric: Number.isFinite(time) && time >= 0 });
          res.setHeader('X-Stat', `${req.method.toLowerCase()}.${req.path.replace(/\W/g, '_')}`);
        }),
      );
      app.get('/a/b', (_req, res) => {
        res.json({ ok: true });
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/a/b?x=1' });
    expect(r.headers['x-stat']).toBe('get._a_b');
    expect(seen).toEqual([
      { method: 'GET', url: '/a/b?x=1', numeric: true },
      { method: 'GET', url: '/a/b?x=1', numeric: true },
    ]);
  });
});
