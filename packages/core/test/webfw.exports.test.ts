import { join } from 'node:path';
import request from 'supertest';
import webfw, * as named from '@webfw/core';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import RouterFactory, { Route } from '@webfw/router';
import serveStatic from '@webfw/static';

describe('webfw exports', () => {
  it('should expose the body parsers, static and Router on the factory', () => {
    expect(webfw.json).toBe(json);
    expect(webfw.raw).toBe(raw);
    expect(webfw.text).toBe(text);
    expect(webfw.urlencoded).toBe(urlencoded);
    expect(webfw.static).toBe(serveStatic);
    expect(webfw.Router).toBe(RouterFactory);
    expect(webfw.Route).toBe(Route);
  });

  it('should expose the same members as named exports', () => {
    expect(named.default).toBe(webfw);
    expect(named.webfw).toBe(webfw);
    expect(named.json).toBe(json);
    expect(named.serveStatic).toBe(serveStatic);
    expect(named.Router).toBe(RouterFactory);
    expect(named.Route).toBe(Route);
    expect(named.application).toBe(webfw.application);
    expect(named.request).toBe(webfw.request);
    expect(named.response).toBe(webfw.response);
  });

  it('should serve files with webfw.static', async () => {
    const app = webfw();
    app.use(webfw.static(join(__dirname, 'fixtures', 'public')));
    const res = await request(app).get('/hello.txt');
    expect(res.status).toBe(200);
    expect(res.text).toBe('hello static\n');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('should fall through to the final 404 when webfw.static finds no file', async () => {
    const app = webfw();
    app.use(webfw.static(join(__dirname, 'fixtures', 'public')));
    await request(app)
      .get('/missing.txt')
      .expect(404, /Cannot GET \/missing.txt/);
  });

  it('should route through webfw.Router()', async () => {
    const app = webfw();
    const router = webfw.Router({ mergeParams: true });
    router.get('/:id', (req, res) => {
      res.end(`${(req.params as Record<string, string>).user}/${req.params.id}`);
    });
    app.use('/users/:user', router);
    await request(app).get('/users/tj/7').expect(200, 'tj/7');
  });
});
