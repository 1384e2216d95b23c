/**
 * Row 3 of the spec's Errors (part of the response issue): how `webfw.static` ends a request
 * for dotfiles and missing files, with and without `fallthrough`, seen from the app.
 */
import request from 'supertest';
import webfw from '@webfw/core';
import { FILES, reportErrors } from './support/res';

function staticApp() {
  const app = webfw();
  app.use('/deny', webfw.static(FILES, { dotfiles: 'deny' }));
  app.use('/ignore', webfw.static(FILES, { dotfiles: 'ignore' }));
  app.use('/default', webfw.static(FILES));
  app.use('/strict', webfw.static(FILES, { fallthrough: false }));
  app.use('/strict-deny', webfw.static(FILES, { fallthrough: false, dotfiles: 'deny' }));
  app.use((req, res) => {
    res.status(404).json({ reached: 'next()', url: req.originalUrl });
  });
  app.use(reportErrors);
  return app;
}

describe('webfw.static errors (spec Errors row 3)', () => {
  const app = staticApp();

  it("dotfiles 'deny' with fallthrough: should call next() (403 not sent)", async () => {
    await request(app).get('/deny/.env').expect(404, { reached: 'next()', url: '/deny/.env' });
  });

  it("dotfiles 'deny' without fallthrough: should pass a 403 error", async () => {
    await request(app).get('/strict-deny/.env').expect(403, { name: 'ForbiddenError', message: 'Forbidden', expose: true });
  });

  it("dotfiles 'ignore' (the 5.x default): should behave as a missing file and call next()", async () => {
    await request(app).get('/ignore/.env').expect(404, { reached: 'next()', url: '/ignore/.env' });
    await request(app).get('/default/.env').expect(404, { reached: 'next()', url: '/default/.env' });
    await request(app).get('/default/.hidden/inside.txt').expect(404, { reached: 'next()', url: '/default/.hidden/inside.txt' });
  });

  it("dotfiles 'ignore' without fallthrough: should pass a 404 error", async () => {
    await request(app).get('/strict/.env').expect(404, { name: 'NotFoundError', message: 'Not Found', expose: true });
  });

  it('a missing file with fallthrough: should call next()', async () => {
    await request(app).get('/default/nope.txt').expect(404, { reached: 'next()', url: '/default/nope.txt' });
  });

  it('a missing file without fallthrough: should pass the 404 error to next(err)', async () => {
    const res = await request(app).get('/strict/nope.txt').expect(404);
    expect(res.body).toMatchObject({ code: 'ENOENT' });
  });

  it('a NUL byte without fallthrough: should pass a 400 error', async () => {
    await request(app).get('/strict/%00').expect(400, { name: 'BadRequestError', message: 'Bad Request', expose: true });
  });

  it('should still serve a plain file', async () => {
    await request(app).get('/default/hello.txt').expect('Content-Type', 'text/plain; charset=utf-8').expect(200, 'hello world');
  });
});
