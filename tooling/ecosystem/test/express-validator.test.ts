import { body, checkSchema, matchedData, oneOf, param, query, validationResult } from 'express-validator';
import type { NextFunction, Request, Response } from 'express';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';

captureOutput();
afterEach(closeAll);

const JSON_HEADERS = { 'Content-Type': 'application/json' };

function report(req: Request, res: Response, next: NextFunction): void {
  const result = validationResult(req);
  if (!result.isEmpty()) {
    res.status(400).json({ errors: result.array() });
    return;
  }
  next();
}

function app(fw: Factory) {
  const app = fw();
  app.use(fw.json());
  app.post(
    '/user',
    body('email').isEmail().withMessage('not an email').normalizeEmail(),
    body('password').isLength({ min: 5 }),
    body('age').optional().isInt({ min: 0 }).toInt(),
    body('name').trim().escape(),
    report,
    (req, res) => {
      res.status(201).json({ matched: matchedData(req), body: req.body });
    },
  );
  app.get('/items/:id', param('id').isInt().toInt(), report, (req, res) => {
    res.json({ id: req.params.id, type: typeof req.params.id, matched: matchedData(req) });
  });
  app.get('/hello', query('person').notEmpty().escape(), report, (req, res) => {
    res.send(`Hello, ${matchedData(req).person}!`);
  });
  app.get('/page', query('x').toInt(), query('q').optional().trim(), (req: Request, res: Response) => {
    // read req.query again after the sanitizers: express 5 re-parses the query string on each read
    const x = req.query.x as unknown;
    res.json({ x, type: typeof x, q: req.query.q ?? null, matched: matchedData(req) });
  });
  return app;
}

describe('express-validator on express 5 and webfw', () => {
  test('body validation: 400 with the errors, then 201 with sanitized body and matchedData', async () => {
    const pair = await build(app);
    const bad = await pair.send({ method: 'POST', path: '/user', headers: JSON_HEADERS, body: JSON.stringify({ email: 'nope', password: '123' }) });
    expect(bad.express.status).toBe(400);
    expect(bad.express.json()).toEqual({
      errors: [
        { type: 'field', value: 'nope', msg: 'not an email', path: 'email', location: 'body' },
        { type: 'field', value: '123', msg: 'Invalid value', path: 'password', location: 'body' },
      ],
    });
    const ok = await pair.send({
      method: 'POST',
      path: '/user',
      headers: JSON_HEADERS,
      body: JSON.stringify({ email: 'Tobi.Ferret@GMAIL.com', password: 'secret', age: '7', name: '  <b>tobi</b> ', extra: true }),
    });
    expect(ok.express.status).toBe(201);
    expect(ok.express.json()).toEqual({
      matched: { email: 'tobiferret@gmail.com', password: 'secret', age: 7, name: '&lt;b&gt;tobi&lt;&#x2F;b&gt;' },
      body: { email: 'tobiferret@gmail.com', password: 'secret', age: 7, name: '&lt;b&gt;tobi&lt;&#x2F;b&gt;', extra: true },
    });
  });

  test('param validation and toInt(): req.params keeps the sanitized value', async () => {
    const pair = await build(app);
    const ok = await pair.send({ path: '/items/42' });
    expect(ok.express.json()).toEqual({ id: 42, type: 'number', matched: { id: 42 } });
    const bad = await pair.send({ path: '/items/abc' });
    expect(bad.express.status).toBe(400);
    expect(bad.express.json()).toEqual({ errors: [{ type: 'field', value: 'abc', msg: 'Invalid value', path: 'id', location: 'params' }] });
  });

  test('query validation with escape (README "getting started")', async () => {
    const pair = await build(app);
    const ok = await pair.send({ path: '/hello?person=%3Cscript%3Eman' });
    expect(ok.express.text).toBe('Hello, &lt;script&gt;man!');
    const missing = await pair.send({ path: '/hello' });
    expect(missing.express.status).toBe(400);
    expect(missing.express.json()).toEqual({ errors: [{ type: 'field', msg: 'Invalid value', path: 'person', location: 'query' }] });
  });

  test("query sanitizers: matchedData has the sanitized value, a later read of req.query has the request's own", async () => {
    const pair = await build(app);
    const { express: r } = await pair.send({ path: '/page?x=5&q=%20%20hi%20' });
    expect(r.json()).toEqual({ x: '5', type: 'string', q: '  hi ', matched: { x: 5, q: 'hi' } });
  });

  test('checkSchema and oneOf', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(fw.json());
      app.post(
        '/signup',
        checkSchema({
          username: { in: ['body'], isLength: { options: { min: 3 }, errorMessage: 'too short' }, trim: true },
          'address.zip': { in: ['body'], isPostalCode: { options: 'US' }, errorMessage: 'bad zip' },
        }),
        report,
        (req: Request, res: Response) => {
          res.json(matchedData(req));
        },
      );
      app.post('/contact', oneOf([body('email').isEmail(), body('phone').isMobilePhone('en-US')], { message: 'email or phone' }), report, (_req, res) => {
        res.send('contact ok');
      });
      return app;
    });
    const ok = await pair.send({
      method: 'POST',
      path: '/signup',
      headers: JSON_HEADERS,
      body: JSON.stringify({ username: ' tobi ', address: { zip: '94107' } }),
    });
    expect(ok.express.json()).toEqual({ username: 'tobi', address: { zip: '94107' } });
    const bad = await pair.send({ method: 'POST', path: '/signup', headers: JSON_HEADERS, body: JSON.stringify({ username: 'x', address: { zip: 'abc' } }) });
    expect(bad.express.status).toBe(400);
    expect((bad.express.json() as { errors: Array<{ msg: string }> }).errors.map((e) => e.msg)).toEqual(['too short', 'bad zip']);
    const contact = await pair.send({ method: 'POST', path: '/contact', headers: JSON_HEADERS, body: JSON.stringify({ phone: 'nope' }) });
    expect(contact.express.status).toBe(400);
    expect((contact.express.json() as { errors: Array<{ msg: string; type: string }> }).errors[0]).toMatchObject({
      type: 'alternative_grouped',
      msg: 'email or phone',
    });
    const contactOk = await pair.send({ method: 'POST', path: '/contact', headers: JSON_HEADERS, body: JSON.stringify({ email: 'a@b.co' }) });
    expect(contactOk.express.text).toBe('contact ok');
  });
});
