import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';
import { COOKIE_EXPIRES, sessionCookie } from './support/requests';

declare module 'express-session' {
  interface SessionData {
    views: Record<string, number>;
    user: string;
  }
}

captureOutput();
afterEach(closeAll);

const SID = sessionCookie();

/** README "View counter". */
function viewCounter(fw: Factory) {
  const app = fw();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }));
  app.use((req, _res, next) => {
    if (!req.session.views) req.session.views = {};
    req.session.views[req.path] = (req.session.views[req.path] ?? 0) + 1;
    next();
  });
  app.get('/foo', (req, res) => {
    res.send(`you viewed this page ${req.session.views?.['/foo']} times`);
  });
  app.get('/bar', (req, res) => {
    res.send(`you viewed this page ${req.session.views?.['/bar']} times`);
  });
  return app;
}

/** README "User login", with a cookie maxAge. */
function userLogin(fw: Factory) {
  const app = fw();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, cookie: { maxAge: 60000 } }));
  const isAuthenticated = (req: Request, _res: Response, next: NextFunction): void => {
    if (req.session.user) next();
    else next('route');
  };
  app.get('/', isAuthenticated, (req, res) => {
    res.send(`hello, ${req.session.user}! <a href="/logout">Logout</a>`);
  });
  app.get('/', (_req, res) => {
    res.send('<form action="/login" method="post">login</form>');
  });
  app.post('/login', fw.urlencoded({ extended: false }), (req, res, next) => {
    req.session.regenerate((err) => {
      if (err) return next(err);
      req.session.user = req.body.user;
      req.session.save((err2) => {
        if (err2) return next(err2);
        res.redirect('/');
      });
    });
  });
  app.get('/logout', (req, res, next) => {
    req.session.user = undefined;
    req.session.save((err) => {
      if (err) return next(err);
      req.session.regenerate((err2) => {
        if (err2) return next(err2);
        res.redirect('/');
      });
    });
  });
  app.get('/destroy', (req, res) => {
    req.session.destroy(() => {
      res.send(`destroyed: ${req.session === undefined}`);
    });
  });
  app.get('/info', (req, res) => {
    res.json({
      sameId: req.sessionID === req.session.id,
      // in seconds: express-session reads originalMaxAge back from the expiry it has just set,
      // so a millisecond boundary between the two gives 59999 on either framework
      maxAge: Math.round((req.session.cookie.originalMaxAge ?? 0) / 1000),
      httpOnly: req.session.cookie.httpOnly,
      path: req.session.cookie.path,
    });
  });
  return app;
}

describe('express-session on express 5 and webfw', () => {
  test('view counter: the session cookie is set once and carried over; counts per path', async () => {
    const pair = await build(viewCounter);
    const first = await pair.send({ path: '/foo' }, { vary: [SID] });
    expect(first.express.text).toBe('you viewed this page 1 times');
    expect(first.express.headers['set-cookie']).toEqual([expect.stringMatching(/^connect\.sid=s%3A[\w-]{32}\.[\w%]+; Path=\/; HttpOnly$/)]);
    const second = await pair.send({ path: '/foo' });
    expect(second.express.text).toBe('you viewed this page 2 times');
    expect(second.express.headers['set-cookie']).toBeUndefined();
    const bar = await pair.send({ path: '/bar' });
    expect(bar.express.text).toBe('you viewed this page 1 times');
    // a request without the cookie starts a new session
    const fresh = await pair.send({ path: '/foo', cookies: false }, { vary: [SID] });
    expect(fresh.express.text).toBe('you viewed this page 1 times');
  });

  test('user login across requests: regenerate, save, redirect, then the session is read back', async () => {
    const pair = await build(userLogin);
    const anonymous = await pair.send({ path: '/' });
    expect(anonymous.express.text).toBe('<form action="/login" method="post">login</form>');
    expect(anonymous.express.headers['set-cookie']).toBeUndefined(); // saveUninitialized: false

    const login = await pair.send(
      { method: 'POST', path: '/login', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'user=tobi&pass=x' },
      { vary: [SID, COOKIE_EXPIRES] },
    );
    expect(login.express.status).toBe(302);
    expect(login.express.headers.location).toBe('/');
    expect(login.express.text).toBe('Found. Redirecting to /');
    expect(login.express.headers['set-cookie']).toEqual([expect.stringMatching(/^connect\.sid=.+; Path=\/; Expires=.+ GMT; HttpOnly$/)]);

    const home = await pair.send({ path: '/' });
    expect(home.express.text).toBe('hello, tobi! <a href="/logout">Logout</a>');
    expect(home.express.headers['set-cookie']).toBeUndefined(); // unchanged session, not rolling

    const info = await pair.send({ path: '/info' });
    expect(info.express.json()).toEqual({ sameId: true, maxAge: 60, httpOnly: true, path: '/' });

    const logout = await pair.send({ path: '/logout' }, { vary: [SID, COOKIE_EXPIRES] });
    expect(logout.express.status).toBe(302);
    const after = await pair.send({ path: '/' });
    expect(after.express.text).toBe('<form action="/login" method="post">login</form>');
  });

  test('destroy removes the session; the old cookie then finds nothing', async () => {
    const pair = await build(userLogin);
    await pair.send(
      { method: 'POST', path: '/login', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'user=loki' },
      { vary: [SID, COOKIE_EXPIRES] },
    );
    const destroyed = await pair.send({ path: '/destroy' });
    expect(destroyed.express.text).toBe('destroyed: true');
    const home = await pair.send({ path: '/' });
    expect(home.express.text).toBe('<form action="/login" method="post">login</form>');
  });

  test('a cookie with a bad signature is ignored (a new session starts)', async () => {
    const pair = await build(viewCounter);
    const { express: r } = await pair.send(
      { path: '/foo', headers: { Cookie: 'connect.sid=s%3Aabcdefghijklmnopqrstuvwxyz012345.badsignature' } },
      { vary: [SID] },
    );
    expect(r.text).toBe('you viewed this page 1 times');
  });

  test('secure cookies: set behind a trusted proxy on https, not on plain http', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.set('trust proxy', 1);
      app.use(session({ secret: 'keyboard cat', name: 'app.sid', resave: false, saveUninitialized: true, cookie: { secure: true, sameSite: 'lax' } }));
      app.get('/', (req, res) => {
        res.json({ secure: req.secure, protocol: req.protocol });
      });
      return app;
    });
    const https = await pair.send({ path: '/', headers: { 'X-Forwarded-Proto': 'https' } }, { vary: [sessionCookie('app.sid')] });
    expect(https.express.json()).toEqual({ secure: true, protocol: 'https' });
    expect(https.express.headers['set-cookie']).toEqual([expect.stringMatching(/^app\.sid=.+; Path=\/; HttpOnly; Secure; SameSite=Lax$/)]);
    const http = await pair.send({ path: '/', cookies: false });
    expect(http.express.json()).toEqual({ secure: false, protocol: 'http' });
    expect(http.express.headers['set-cookie']).toBeUndefined();
  });

  test('rolling: every response re-sends the cookie; proxy: true trusts X-Forwarded-Proto without trust proxy', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(
        session({
          secret: ['new', 'keyboard cat'],
          rolling: true,
          proxy: true,
          resave: false,
          saveUninitialized: true,
          cookie: { secure: 'auto', maxAge: 1000 },
        }),
      );
      app.get('/', (req, res) => {
        res.send(`secure=${req.secure}`);
      });
      return app;
    });
    const a = await pair.send({ path: '/', headers: { 'X-Forwarded-Proto': 'https' } }, { vary: [SID, COOKIE_EXPIRES] });
    expect(a.express.text).toBe('secure=false');
    expect(a.express.headers['set-cookie']).toEqual([expect.stringMatching(/; Expires=.+; HttpOnly; Secure$/)]);
    const b = await pair.send({ path: '/', headers: { 'X-Forwarded-Proto': 'https' } }, { vary: [SID, COOKIE_EXPIRES] });
    expect(b.express.headers['set-cookie']).toHaveLength(1);
  });
});
