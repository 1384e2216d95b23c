import { rateLimit, type Options } from 'express-rate-limit';
import { build, closeAll, type Factory, type Vary } from './support/pair';
import { captureOutput } from './support/output';

const output = captureOutput();
afterEach(closeAll);

/** Seconds to the window's end: the clock decides them, so their shape is checked and they are masked. */
const T: Vary = { in: 'ratelimit', pattern: /; t=(?:[1-9]|[1-8]\d|90)$/, as: '; t=<seconds>' };
const RETRY_AFTER: Vary = { in: 'retry-after', pattern: /^(?:[1-9]|[1-8]\d|90)$/, as: '<seconds>' };

function limited(options: Partial<Options>) {
  return (fw: Factory) => {
    const app = fw();
    app.use(rateLimit({ windowMs: 90 * 1000, limit: 2, standardHeaders: 'draft-8', legacyHeaders: false, ...options }));
    app.get('/', (_req, res) => {
      res.send('ok');
    });
    return app;
  };
}

describe('express-rate-limit on express 5 and webfw', () => {
  test('README setup: draft-8 headers count down, then 429 with Retry-After', async () => {
    const pair = await build(limited({}));
    const one = await pair.send({ path: '/' }, { vary: [T] });
    expect(one.express.status).toBe(200);
    expect(one.express.headers['ratelimit-policy']).toMatch(/^"2-in-1\.5min"; q=2; w=90; pk=:[\w+/=]+:$/);
    expect(one.express.headers.ratelimit).toMatch(/^"2-in-1\.5min"; r=1; t=\d+$/);
    expect(one.express.headers['x-ratelimit-limit']).toBeUndefined();
    const two = await pair.send({ path: '/' }, { vary: [T] });
    expect(two.express.headers.ratelimit).toMatch(/^"2-in-1\.5min"; r=0; t=\d+$/);
    const three = await pair.send({ path: '/' }, { vary: [T, RETRY_AFTER] });
    expect(three.express.status).toBe(429);
    expect(three.express.text).toBe('Too many requests, please try again later.');
    expect(three.express.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(three.express.headers.ratelimit).toMatch(/^"2-in-1\.5min"; r=0; t=\d+$/);
    expect(three.express.headers['ratelimit-policy']).toBe(one.express.headers['ratelimit-policy']);
  });

  test('legacy X-RateLimit-* and draft-6 headers; JSON message and custom status', async () => {
    const pair = await build(limited({ limit: 1, standardHeaders: 'draft-6', legacyHeaders: true, statusCode: 503, message: { error: 'slow down' } }));
    const masks: Vary[] = [
      { in: 'ratelimit-reset', pattern: /^(?:[1-9]|[1-8]\d|90)$/ },
      { in: 'x-ratelimit-reset', pattern: /^\d{10}$/ },
    ];
    const one = await pair.send({ path: '/' }, { vary: masks });
    expect(one.express.headers).toMatchObject({
      'ratelimit-policy': '1;w=90',
      'ratelimit-limit': '1',
      'ratelimit-remaining': '0',
      'x-ratelimit-limit': '1',
      'x-ratelimit-remaining': '0',
    });
    const two = await pair.send({ path: '/' }, { vary: [...masks, RETRY_AFTER] });
    expect(two.express.status).toBe(503);
    expect(two.express.json()).toEqual({ error: 'slow down' });
  });

  test('keys follow req.ip: behind a trusted proxy each X-Forwarded-For client has its own count', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.set('trust proxy', 1);
      app.use(rateLimit({ windowMs: 90 * 1000, limit: 1, standardHeaders: false, legacyHeaders: false, requestPropertyName: 'quota' }));
      app.get('/', (req, res) => {
        const quota = (req as unknown as { quota: { limit: number; used: number; remaining: number } }).quota;
        res.json({ ip: req.ip, limit: quota.limit, used: quota.used, remaining: quota.remaining });
      });
      return app;
    });
    const a = await pair.send({ path: '/', headers: { 'X-Forwarded-For': '203.0.113.5' } });
    expect(a.express.json()).toEqual({ ip: '203.0.113.5', limit: 1, used: 1, remaining: 0 });
    const b = await pair.send({ path: '/', headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect(b.express.status).toBe(200);
    const again = await pair.send({ path: '/', headers: { 'X-Forwarded-For': '203.0.113.5' } });
    expect(again.express.status).toBe(429);
  });

  test('an X-Forwarded-For header with trust proxy off: the limiter logs its validation error, once per app', async () => {
    const pair = await build(limited({ limit: 5 }));
    const r = await pair.send({ path: '/', headers: { 'X-Forwarded-For': '203.0.113.5' } }, { vary: [T] });
    expect(r.express.status).toBe(200);
    await pair.send({ path: '/', headers: { 'X-Forwarded-For': '203.0.113.5' } }, { vary: [T] });
    output.expectOutput((lines) => {
      expect(lines).toHaveLength(2);
      for (const line of lines) expect(line).toMatch(/ERR_ERL_UNEXPECTED_X_FORWARDED_FOR/);
    });
  });

  test('skip, skipFailedRequests and a custom handler', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(
        rateLimit({
          windowMs: 90 * 1000,
          limit: 1,
          standardHeaders: false,
          legacyHeaders: false,
          skip: (req) => req.path === '/health',
          skipFailedRequests: true,
          handler: (_req, res, _next, options) => {
            res.status(options.statusCode).json({ limited: true });
          },
        }),
      );
      app.get('/health', (_req, res) => {
        res.send('up');
      });
      app.get('/fail', (_req, res) => {
        res.status(500).send('failed');
      });
      app.get('/', (_req, res) => {
        res.send('ok');
      });
      return app;
    });
    for (let i = 0; i < 3; i++) expect((await pair.send({ path: '/health' })).express.text).toBe('up');
    expect((await pair.send({ path: '/fail' })).express.status).toBe(500);
    // the failed request was uncounted once it finished: the one allowed request is still there
    expect((await pair.send({ path: '/' })).express.status).toBe(200);
    const limitedReply = await pair.send({ path: '/' });
    expect(limitedReply.express.status).toBe(429);
    expect(limitedReply.express.json()).toEqual({ limited: true });
  });
});
