import flash from 'connect-flash';
import session from 'express-session';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput, CONNECT_FLASH_IS_ARRAY } from './support/output';
import { COOKIE_EXPIRES, sessionCookie } from './support/requests';

// from Node 22 on, node warns once per process about the API the package calls
captureOutput([CONNECT_FLASH_IS_ARRAY]);
afterEach(closeAll);

const SET = [sessionCookie(), COOKIE_EXPIRES];

/** connect-flash's README: session with a cookie maxAge, flash(), a message across a redirect. */
function app(fw: Factory) {
  const app = fw();
  app.use(session({ secret: 'keyboard cat', resave: false, saveUninitialized: false, cookie: { maxAge: 60000 } }));
  app.use(flash());
  app.get('/flash', (req, res) => {
    req.flash('info', 'Flash is back!');
    res.redirect('/');
  });
  app.get('/many', (req, res) => {
    req.flash('info', ['one', 'two']);
    req.flash('error', 'email delivery to %s failed (%d tries)', 'tobi@example.com', 3);
    res.redirect(303, '/all');
  });
  app.get('/', (req, res) => {
    res.json({ messages: req.flash('info') });
  });
  app.get('/all', (req, res) => {
    res.json(req.flash());
  });
  return app;
}

describe('connect-flash on express 5 and webfw', () => {
  test('a message set before a redirect is shown once on the next page', async () => {
    const pair = await build(app);
    const set = await pair.send({ path: '/flash' }, { vary: SET });
    expect(set.express.status).toBe(302);
    expect(set.express.headers.location).toBe('/');
    const shown = await pair.send({ path: '/' }, { vary: SET }); // reading the flash changes the session: cookie re-sent
    expect(shown.express.json()).toEqual({ messages: ['Flash is back!'] });
    const gone = await pair.send({ path: '/' });
    expect(gone.express.json()).toEqual({ messages: [] });
  });

  test('arrays, util.format arguments and req.flash() with no type', async () => {
    const pair = await build(app);
    const set = await pair.send({ path: '/many' }, { vary: SET });
    expect(set.express.status).toBe(303);
    expect(set.express.text).toBe('See Other. Redirecting to /all');
    const all = await pair.send({ path: '/all' }, { vary: SET });
    expect(all.express.json()).toEqual({ info: ['one', 'two'], error: ['email delivery to tobi@example.com failed (3 tries)'] });
    const empty = await pair.send({ path: '/all' });
    expect(empty.express.json()).toEqual({});
  });

  test('without a session the flash is unusable: req.flash() throws to the error handler', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(flash());
      app.get('/', (req, res) => {
        req.flash('info', 'x');
        res.send('unreachable');
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/' }, { stack: true });
    expect(r.status).toBe(500);
    expect(r.text).toMatch(/^<!DOCTYPE html>\n<html lang="en">[\s\S]*<pre>Error: req\.flash\(\) requires sessions<br> &nbsp; &nbsp;at /);
  });
});
