import request from 'supertest';
import webfw from '@webfw/core';
import type { NextFunction, Request, Response } from '@webfw/core';

/**
 * An app written the express 5 way, unchanged but for the import: routers, a sub-app,
 * app.param, body parsing, res helpers, async handlers and error middleware.
 */
function buildExpressStyleApp() {
  const express = webfw;
  const app = express();
  const users: Record<string, { id: string; name: string }> = { '1': { id: '1', name: 'tobi' }, '2': { id: '2', name: 'loki' } };

  app.set('json spaces', 0);
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));

  app.use((req: Request, res: Response, next: NextFunction) => {
    res.set('X-Request-Path', req.path);
    next();
  });

  app.param('user', (req, _res, next, id) => {
    const user = users[id];
    if (!user) {
      const err = new Error(`failed to find user ${id}`) as Error & { status: number };
      err.status = 404;
      return next(err);
    }
    (req as unknown as { user?: unknown }).user = user;
    next();
  });

  app.get('/', (_req, res) => {
    res.send('home');
  });

  app.get('/users/:user', (req, res) => {
    res.json((req as unknown as { user?: unknown }).user);
  });

  app.post('/users', (req, res) => {
    const body = req.body as { name?: string };
    if (!body || !body.name) return res.status(400).json({ error: 'name required' });
    const id = String(Object.keys(users).length + 1);
    users[id] = { id, name: body.name };
    res.status(201).location(`/users/${id}`).json(users[id]);
  });

  const api = express.Router();
  api.use((req, res, next) => {
    if (req.get('X-Api-Key') !== 'k') return res.status(401).json({ error: 'unauthorized' });
    next();
  });
  api.get('/items/:id', async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    res.json({ id: Number(req.params.id), base: req.baseUrl });
  });
  api.get('/fail', async () => {
    throw Object.assign(new Error('api failure'), { status: 502 });
  });
  app.use('/api/v1', api);

  const admin = express();
  admin.on('mount', (parent: unknown) => {
    (admin as unknown as { mountedOn: unknown }).mountedOn = parent;
  });
  admin.get('/', (req, res) => {
    res.send(`admin at ${req.baseUrl} (${admin.mountpath as string})`);
  });
  app.use('/admin', admin);

  app.get('/old', (_req, res) => {
    res.redirect(301, '/');
  });

  app.use((err: Error & { status?: number }, _req: Request, res: Response, next: NextFunction) => {
    if (err.status === 404) return res.status(404).json({ error: err.message });
    next(err);
  });
  app.use((err: Error & { status?: number }, _req: Request, res: Response, _next: NextFunction) => {
    res.status(err.status ?? 500).json({ error: err.message });
  });
  return { app, admin };
}

describe('an express-style app', () => {
  const { app, admin } = buildExpressStyleApp();

  it('should serve the home page', async () => {
    const res = await request(app).get('/');
    expect(res.status).toBe(200);
    expect(res.text).toBe('home');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-request-path']).toBe('/');
  });

  it('should load users through app.param', async () => {
    await request(app).get('/users/1').expect(200, { id: '1', name: 'tobi' });
    await request(app).get('/users/99').expect(404, { error: 'failed to find user 99' });
  });

  it('should parse JSON and urlencoded bodies', async () => {
    const created = await request(app).post('/users').send({ name: 'jane' });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe('/users/3');
    expect(created.body).toEqual({ id: '3', name: 'jane' });
    await request(app).post('/users').type('form').send('name=ferret').expect(201, { id: '4', name: 'ferret' });
    await request(app).post('/users').send({}).expect(400, { error: 'name required' });
  });

  it('should run a mounted router with its own middleware', async () => {
    await request(app).get('/api/v1/items/5').expect(401, { error: 'unauthorized' });
    await request(app).get('/api/v1/items/5').set('X-Api-Key', 'k').expect(200, { id: 5, base: '/api/v1' });
  });

  it('should route rejected async handlers to the error middleware', async () => {
    await request(app).get('/api/v1/fail').set('X-Api-Key', 'k').expect(502, { error: 'api failure' });
  });

  it('should run a mounted sub-app', async () => {
    await request(app).get('/admin').expect(200, 'admin at /admin (/admin)');
    expect((admin as unknown as { mountedOn: unknown }).mountedOn).toBe(app);
  });

  it('should redirect', async () => {
    const res = await request(app).get('/old');
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('/');
  });

  it('should answer the default 404 for unknown paths', async () => {
    const res = await request(app).get('/nope');
    expect(res.status).toBe(404);
    expect(res.text).toContain('<pre>Cannot GET /nope</pre>');
  });

  it('should answer malformed JSON with the parser error through error middleware', async () => {
    const res = await request(app).post('/users').set('Content-Type', 'application/json').send('{"name":');
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['error']);
  });
});
