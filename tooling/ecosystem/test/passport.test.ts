import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';
import { sessionCookie } from './support/requests';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User {
      id: number;
      username: string;
    }
  }
}
declare module 'express-session' {
  interface SessionData {
    messages: string[];
  }
}

captureOutput();
afterEach(closeAll);

const SID = sessionCookie();
const USERS: Record<number, Express.User & { password: string }> = { 1: { id: 1, username: 'tobi', password: 'secret' } };
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded' };

/** The passport-local + session setup of passport's README (one authenticator per app). */
function app(fw: Factory) {
  const passport = new Passport();
  passport.use(
    new LocalStrategy((username, password, done) => {
      const user = Object.values(USERS).find((u) => u.username === username);
      if (!user || user.password !== password) return done(null, false, { message: 'Incorrect username or password.' });
      return done(null, { id: user.id, username: user.username });
    }),
  );
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: number, done) => done(null, USERS[id] ? { id, username: USERS[id].username } : false));

  const app = fw();
  app.use(fw.urlencoded({ extended: false }));
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false }));
  app.use(passport.initialize());
  app.use(passport.authenticate('session'));

  app.get('/', (req, res) => {
    res.json({ authenticated: req.isAuthenticated(), user: req.user ?? null });
  });
  app.get('/login', (req, res) => {
    res.json({ messages: req.session.messages ?? [] });
  });
  app.post('/login/password', passport.authenticate('local', { successRedirect: '/', failureRedirect: '/login', failureMessage: true }));
  app.post('/logout', (req, res, next) => {
    req.logout((err) => {
      if (err) return next(err);
      res.redirect('/');
    });
  });
  app.post('/api/login', passport.authenticate('local', { session: false }), (req, res) => {
    res.json({ token: `token-for-${req.user?.username}` });
  });
  app.post('/api/strict', passport.authenticate('local', { session: false, failWithError: true }), (_req, res) => {
    res.send('ok');
  });
  app.post('/custom', (req, res, next) => {
    passport.authenticate('local', (err: Error | null, user: Express.User | false, info: { message: string } | undefined) => {
      if (err) return next(err);
      if (!user) return res.status(422).json({ error: info?.message });
      return res.json({ welcome: user.username });
    })(req, res, next);
  });
  app.get(
    '/private',
    (req, res, next) => {
      if (!req.isAuthenticated()) return res.status(401).send('login first');
      next();
    },
    (req, res) => {
      res.send(`private page of ${req.user?.username}`);
    },
  );
  app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status ?? 500).json({ name: err.name, message: err.message });
  });
  return app;
}

describe('passport + passport-local on express 5 and webfw', () => {
  test('login success: session regenerated, redirect to successRedirect, user restored on the next requests', async () => {
    const pair = await build(app);
    const before = await pair.send({ path: '/' });
    expect(before.express.json()).toEqual({ authenticated: false, user: null });

    const login = await pair.send({ method: 'POST', path: '/login/password', headers: FORM, body: 'username=tobi&password=secret' }, { vary: [SID] });
    expect(login.express.status).toBe(302);
    expect(login.express.headers.location).toBe('/');
    expect(login.express.text).toBe('Found. Redirecting to /');

    const me = await pair.send({ path: '/' });
    expect(me.express.json()).toEqual({ authenticated: true, user: { id: 1, username: 'tobi' } });
    const page = await pair.send({ path: '/private' });
    expect(page.express.text).toBe('private page of tobi');

    const logout = await pair.send({ method: 'POST', path: '/logout' }, { vary: [SID] });
    expect(logout.express.status).toBe(302);
    const after = await pair.send({ path: '/private' });
    expect(after.express.status).toBe(401);
    expect(after.express.text).toBe('login first');
  });

  test('login failure: redirect to failureRedirect with the message kept in the session', async () => {
    const pair = await build(app);
    const fail = await pair.send({ method: 'POST', path: '/login/password', headers: FORM, body: 'username=tobi&password=wrong' }, { vary: [SID] });
    expect(fail.express.status).toBe(302);
    expect(fail.express.headers.location).toBe('/login');
    const messages = await pair.send({ path: '/login' });
    expect(messages.express.json()).toEqual({ messages: ['Incorrect username or password.'] });
    const still = await pair.send({ path: '/' });
    expect(still.express.json()).toEqual({ authenticated: false, user: null });
  });

  test('without sessions: 200 with the user, 401 Unauthorized on bad credentials, 400 Bad Request when missing', async () => {
    const pair = await build(app);
    const ok = await pair.send({ method: 'POST', path: '/api/login', headers: FORM, body: 'username=tobi&password=secret' });
    expect(ok.express.json()).toEqual({ token: 'token-for-tobi' });
    expect(ok.express.headers['set-cookie']).toBeUndefined();

    const bad = await pair.send({ method: 'POST', path: '/api/login', headers: FORM, body: 'username=tobi&password=nope' });
    expect(bad.express.status).toBe(401);
    expect(bad.express.text).toBe('Unauthorized');

    const missing = await pair.send({ method: 'POST', path: '/api/login', headers: FORM, body: 'username=tobi' });
    expect(missing.express.status).toBe(400);
    expect(missing.express.text).toBe('Bad Request');
  });

  test('failWithError hands an AuthenticationError to the error handler; a custom callback answers itself', async () => {
    const pair = await build(app);
    const strict = await pair.send({ method: 'POST', path: '/api/strict', headers: FORM, body: 'username=x&password=y' });
    expect(strict.express.status).toBe(401);
    expect(strict.express.json()).toEqual({ name: 'AuthenticationError', message: 'Unauthorized' });

    const custom = await pair.send({ method: 'POST', path: '/custom', headers: FORM, body: 'username=tobi&password=bad' });
    expect(custom.express.status).toBe(422);
    expect(custom.express.json()).toEqual({ error: 'Incorrect username or password.' });
    const welcome = await pair.send({ method: 'POST', path: '/custom', headers: FORM, body: 'username=tobi&password=secret' });
    expect(welcome.express.json()).toEqual({ welcome: 'tobi' });
  });
});
