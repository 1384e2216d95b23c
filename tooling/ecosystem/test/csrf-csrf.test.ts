import cookieParser from 'cookie-parser';
import { doubleCsrf } from 'csrf-csrf';
import type { NextFunction, Request, Response } from 'express';
import session from 'express-session';
import { build, closeAll, type Factory, type Vary } from './support/pair';
import { captureOutput } from './support/output';
import { sessionCookie } from './support/requests';

const output = captureOutput();
afterEach(closeAll);

/** A csrf-csrf token: `<HMAC hex>.<random hex>`, new each run. */
const TOKEN_IN_BODY: Vary = { in: 'body', pattern: /[0-9a-f]{64}\.[0-9a-f]{64}/, as: '<token>' };
const TOKEN_COOKIE: Vary = { in: 'set-cookie', pattern: /^__Host-psifi\.x-csrf-token=[0-9a-f]{64}\.[0-9a-f]{64};/, as: '__Host-psifi.x-csrf-token=<token>;' };
const SID = sessionCookie();
/** The ETag of a body carrying a token varies with it. */
const ETAG: Vary = { in: 'etag', pattern: /^W\/"[0-9a-f]+-[\w+/]{27}"$/ };

/** csrf-csrf's README: session, cookie-parser, doubleCsrf with getSecret and getSessionIdentifier. */
function app(fw: Factory) {
  const { generateCsrfToken, doubleCsrfProtection, invalidCsrfTokenError } = doubleCsrf({
    getSecret: () => 'Secret',
    getSessionIdentifier: (req) => req.session.id,
  });
  const app = fw();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }));
  app.use(cookieParser());
  app.use(fw.json());
  app.get('/csrf-token', (req, res) => {
    res.json({ token: generateCsrfToken(req, res) });
  });
  app.use(doubleCsrfProtection);
  app.get('/open', (req, res) => {
    res.send(`GET is not protected; csrfToken is ${typeof req.csrfToken}`);
  });
  app.post('/transfer', (req, res) => {
    res.json({ ok: true, amount: req.body.amount });
  });
  app.use((err: Error, _req: Request, res: Response, next: NextFunction) => {
    if (err === invalidCsrfTokenError) {
      res.status(403).json({ error: 'csrf validation error' });
      return;
    }
    next(err);
  });
  return app;
}

function transfer(headers: Record<string, string>) {
  return { method: 'POST', path: '/transfer', headers: { 'Content-Type': 'application/json', ...headers }, body: '{"amount":10}' };
}

describe('csrf-csrf on express 5 and webfw', () => {
  test('token round trip: the token from /csrf-token plus its cookie pass; GET is not protected', async () => {
    const pair = await build(app);
    const issued = await pair.send({ path: '/csrf-token' }, { vary: [SID, TOKEN_COOKIE, TOKEN_IN_BODY, ETAG] });
    expect(issued.express.headers['set-cookie']).toEqual([
      expect.stringMatching(/^__Host-psifi\.x-csrf-token=[0-9a-f]{64}\.[0-9a-f]{64}; Path=\/; HttpOnly; Secure; SameSite=Strict$/),
      expect.stringMatching(/^connect\.sid=/),
    ]);
    const open = await pair.send({ path: '/open' });
    expect(open.express.text).toBe('GET is not protected; csrfToken is function');

    const ok = await pair.send(({ side }) => transfer({ 'x-csrf-token': issued[side].json<{ token: string }>().token }));
    expect(ok.express.status).toBe(200);
    expect(ok.express.json()).toEqual({ ok: true, amount: 10 });

    // asking again reuses the cookie's token (and sets the cookie again)
    const again = await pair.send({ path: '/csrf-token' }, { vary: [TOKEN_COOKIE, TOKEN_IN_BODY, ETAG] });
    for (const side of ['express', 'webfw'] as const) expect(again[side].json()).toEqual(issued[side].json());
  });

  test('403 without the token, with a wrong token, and with the token but without its cookie', async () => {
    const pair = await build(app);
    const issued = await pair.send({ path: '/csrf-token' }, { vary: [SID, TOKEN_COOKIE, TOKEN_IN_BODY, ETAG] });
    const missing = await pair.send(transfer({}));
    expect(missing.express.status).toBe(403);
    expect(missing.express.json()).toEqual({ error: 'csrf validation error' });
    const wrong = await pair.send(transfer({ 'x-csrf-token': `${'0'.repeat(64)}.${'1'.repeat(64)}` }));
    expect(wrong.express.status).toBe(403);
    const noCookie = await pair.send(({ side }) => ({ ...transfer({ 'x-csrf-token': issued[side].json<{ token: string }>().token }), cookies: false }), {
      vary: [SID],
    });
    expect(noCookie.express.status).toBe(403);
  });

  test('form variant: token in a _csrf field, plain cookie options, default error page for a bad token', async () => {
    const pair = await build((fw) => {
      const { doubleCsrfProtection } = doubleCsrf({
        getSecret: () => ['new secret', 'Secret'],
        getSessionIdentifier: (req) => req.session.id,
        cookieName: 'csrf',
        cookieOptions: { secure: false, sameSite: 'lax' },
        getCsrfTokenFromRequest: (req) => req.body?._csrf,
      });
      const app = fw();
      app.set('env', 'production');
      app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: true }));
      app.use(cookieParser());
      app.use(fw.urlencoded({ extended: false }));
      app.use(doubleCsrfProtection);
      app.get('/form', (req, res) => {
        res.send(`<form method="post"><input type="hidden" name="_csrf" value="${req.csrfToken?.() ?? 'no req.csrfToken'}"></form>`);
      });
      app.post('/form', (req, res) => {
        res.send(`posted ${Object.keys(req.body).join(',')}`);
      });
      return app;
    });
    const cookie: Vary = { in: 'set-cookie', pattern: /^csrf=[0-9a-f]{64}\.[0-9a-f]{64};/, as: 'csrf=<token>;' };
    const form = await pair.send({ path: '/form' }, { vary: [SID, cookie, TOKEN_IN_BODY, ETAG] });
    expect(form.express.headers['set-cookie']).toEqual([
      expect.stringMatching(/^csrf=.+; Path=\/; HttpOnly; SameSite=Lax$/),
      expect.stringMatching(/^connect\.sid=/),
    ]);
    const token = (side: 'express' | 'webfw'): string => /value="([^"]+)"/.exec(form[side].text)?.[1] ?? '';
    const posted = await pair.send(({ side }) => ({
      method: 'POST',
      path: '/form',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `_csrf=${encodeURIComponent(token(side))}&name=tobi`,
    }));
    expect(posted.express.text).toBe('posted _csrf,name');
    const rejected = await pair.send({ method: 'POST', path: '/form', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: '_csrf=forged' });
    expect(rejected.express.status).toBe(403);
    expect(rejected.express.text).toContain('<pre>Forbidden</pre>');
    output.expectOutput((lines) => {
      expect(lines).toHaveLength(2); // the default handler logs the error outside the test env, once per app
      for (const line of lines) expect(line).toMatch(/^ForbiddenError: invalid csrf token/);
    });
  });
});
