import { join } from 'node:path';
import request from 'supertest';
import webfw, * as named from '@webfw/core';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import RouterFactory, { Route } from '@webfw/router';
import serveStatic from '@webfw/static';
import { expectResponse } from './support/helpers';

describe('webfw exports', () => {
  it.each<[keyof typeof webfw, unknown]>([
    ['json', json],
    ['raw', raw],
    ['text', text],
    ['urlencoded', urlencoded],
    ['static', serveStatic],
    ['Router', RouterFactory],
    ['Route', Route],
  ])('should expose the body parsers, static and Router on the factory: webfw.%s', (name, expected) => {
    expect(webfw[name]).toBe(expected);
  });

  it.each<[keyof typeof named, unknown]>([
    ['default', webfw],
    ['webfw', webfw],
    ['json', json],
    ['serveStatic', serveStatic],
    ['Router', RouterFactory],
    ['Route', Route],
    ['application', webfw.application],
    ['request', webfw.request],
    ['response', webfw.response],
  ])('should expose the same members as named exports: %s', (name, expected) => {
    expect(named[name]).toBe(expected);
  });

  it('should serve files with webfw.static', async () => {
    const app = webfw();
    app.use(webfw.static(join(__dirname, 'fixtures', 'public')));
    await expectResponse(app, '/hello.txt', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'hello static\n' });
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
