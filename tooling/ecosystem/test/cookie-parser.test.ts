import cookieParser from 'cookie-parser';
import type { NextFunction, Request, Response } from 'express';
import { createHmac } from 'node:crypto';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';

captureOutput();
afterEach(closeAll);

/** `s:<value>.<HMAC-SHA256 base64 without padding>`, URL-encoded: a cookie signed as cookie-parser verifies it. */
function signed(value: string, secret: string): string {
  return encodeURIComponent(`s:${value}.${createHmac('sha256', secret).update(value).digest('base64').replace(/=+$/, '')}`);
}
const TOBI = signed('tobi', 'keyboard cat');

function app(fw: Factory) {
  const app = fw();
  app.use(cookieParser('keyboard cat'));
  app.get('/set', (_req, res) => {
    res.cookie('plain', 'value one');
    res.cookie('user', 'tobi', { signed: true, httpOnly: true, path: '/' });
    res.cookie('prefs', { theme: 'dark', n: 2 });
    res.send('set');
  });
  app.get('/read', (req: Request, res) => {
    res.json({ cookies: req.cookies, signedCookies: req.signedCookies, secret: req.secret });
  });
  app.get('/clear', (_req, res) => {
    res.clearCookie('user');
    res.send('cleared');
  });
  return app;
}

describe('cookie-parser on express 5 and webfw', () => {
  test('res.cookie signed / unsigned / JSON, then req.cookies and req.signedCookies on the next request', async () => {
    const pair = await build(app);
    const set = await pair.send({ path: '/set' });
    expect(set.express.headers['set-cookie']).toEqual([
      'plain=value%20one; Path=/',
      `user=${TOBI}; Path=/; HttpOnly`,
      'prefs=j%3A%7B%22theme%22%3A%22dark%22%2C%22n%22%3A2%7D; Path=/',
    ]);
    const read = await pair.send({ path: '/read' });
    expect(read.express.json()).toEqual({
      cookies: { plain: 'value one', prefs: { theme: 'dark', n: 2 } },
      signedCookies: { user: 'tobi' },
      secret: 'keyboard cat',
    });
  });

  test('a tampered signed cookie reads as false; a malformed one is kept as a string', async () => {
    const pair = await build(app);
    const { express: r } = await pair.send({
      path: '/read',
      headers: { Cookie: `user=${TOBI.replace('tobi', 'loki')}; bad=%E0%A4%A; j=j%3A%7Bnot-json` },
    });
    expect(r.json()).toEqual({ cookies: { bad: '%E0%A4%A', j: 'j:{not-json' }, signedCookies: { user: false }, secret: 'keyboard cat' });
  });

  test('no Cookie header: empty objects; res.clearCookie expires it', async () => {
    const pair = await build(app);
    const { express: r } = await pair.send({ path: '/read', cookies: false });
    expect(r.json()).toEqual({ cookies: {}, signedCookies: {}, secret: 'keyboard cat' });
    const cleared = await pair.send({ path: '/clear' });
    expect(cleared.express.headers['set-cookie']).toEqual(['user=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT']);
  });

  test('several secrets (rotation): cookies signed with an older secret still verify', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(cookieParser(['new secret', 'keyboard cat']));
      app.get('/', (req: Request, res) => {
        res.cookie('fresh', 'v', { signed: true });
        res.json({ signed: req.signedCookies, secret: req.secret });
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/', headers: { Cookie: `user=${TOBI}` } });
    expect(r.json()).toEqual({ signed: { user: 'tobi' }, secret: 'new secret' });
    expect(r.headers['set-cookie']).toEqual([`fresh=${signed('v', 'new secret')}; Path=/`]);
  });

  test('without a secret: signing a cookie is an error that reaches the error handler', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(cookieParser());
      app.get('/', (_req, res) => {
        res.cookie('x', 'y', { signed: true }).send('unreachable');
      });
      app.use((err: Error, _req: Request, res: Response, _next: NextFunction) => {
        res.status(500).send(err.message);
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/' });
    expect(r.status).toBe(500);
    expect(r.text).toBe('cookieParser("secret") required for signed cookies');
  });
});
