import { join } from 'node:path';
import request from 'supertest';
import webfw from '@webfw/core';
import { appFor, FILES, reportErrors } from './res-support';

const FORBIDDEN = { name: 'ForbiddenError', message: 'Forbidden', expose: true };
const NOT_FOUND = { name: 'NotFoundError', message: 'Not Found', expose: true };
const BAD_REQUEST = { name: 'BadRequestError', message: 'Bad Request', expose: true };

/** The usual pattern: serve `req.params.name` from FILES. */
function filesApp() {
  const app = webfw();
  app.get('/files/:name', (req, res) => {
    res.sendFile(req.params.name, { root: FILES });
  });
  app.get('/raw', (req, res) => {
    res.sendFile(req.query.p as string, { root: FILES });
  });
  app.use(reportErrors);
  return app;
}

describe('res.sendFile() with hostile paths', () => {
  const app = filesApp();

  it('should refuse .. leaving root with 403', async () => {
    await request(app)
      .get('/raw?p=' + encodeURIComponent('../outside.txt'))
      .expect(403, FORBIDDEN);
  });

  it('should refuse .. hidden after a directory with 403', async () => {
    await request(app)
      .get('/raw?p=' + encodeURIComponent('sub/../../outside.txt'))
      .expect(403, FORBIDDEN);
  });

  it('should refuse a percent-encoded traversal decoded into a route parameter with 403', async () => {
    await request(app).get('/files/..%2Foutside.txt').expect(403, FORBIDDEN);
    await request(app).get('/files/..%2F..%2F..%2Fetc%2Fpasswd').expect(403, FORBIDDEN);
  });

  it('should refuse a backslash traversal with 403', async () => {
    await request(app)
      .get('/raw?p=' + encodeURIComponent('..\\outside.txt'))
      .expect(403, FORBIDDEN);
    await request(app)
      .get('/raw?p=' + encodeURIComponent('sub\\..\\..\\outside.txt'))
      .expect(403, FORBIDDEN);
  });

  it('should take an encoded traversal literally (no double decoding)', async () => {
    const res = await request(app)
      .get('/raw?p=' + encodeURIComponent('%2e%2e/outside.txt'))
      .expect(404);
    expect(res.body).toMatchObject({ code: 'ENOENT', path: join(FILES, '%2e%2e', 'outside.txt') });
  });

  it('should refuse a NUL byte with 400', async () => {
    await request(app)
      .get('/raw?p=' + encodeURIComponent('hello.txt\0.png'))
      .expect(400, BAD_REQUEST);
    await request(app).get('/files/hello.txt%00.png').expect(400, BAD_REQUEST);
  });

  it('should keep an absolute path inside root', async () => {
    const res = await request(app)
      .get('/raw?p=' + encodeURIComponent('/etc/passwd'))
      .expect(404);
    expect(res.body).toMatchObject({ code: 'ENOENT', path: join(FILES, 'etc', 'passwd') });
  });

  it('should hide dotfiles and dot-directories (404)', async () => {
    await request(app).get('/files/.env').expect(404, NOT_FOUND);
    await request(app)
      .get('/raw?p=' + encodeURIComponent('.hidden/inside.txt'))
      .expect(404, NOT_FOUND);
  });

  it('should still send a file inside root', async () => {
    await request(app).get('/files/hello.txt').expect(200, 'hello world');
  });

  it('should refuse .. in an absolute path without root with 403', async () => {
    const noRoot = appFor((_req, res) => {
      res.sendFile(FILES + '/../outside.txt');
    });
    await request(noRoot).get('/').expect(403, FORBIDDEN);
  });
});

describe('res.sendFile() argument checks', () => {
  it('should throw a TypeError for a relative path without root', async () => {
    const app = appFor((_req, res) => {
      res.sendFile('hello.txt');
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'path must be absolute or specify root to res.sendFile' });
  });

  it('should throw a TypeError without a path', async () => {
    const app = appFor((_req, res) => {
      (res.sendFile as (path?: string) => void)();
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'path argument is required to res.sendFile' });
  });

  it('should throw a TypeError for a path that is not a string', async () => {
    const app = appFor((_req, res) => {
      (res.sendFile as (path: unknown) => void)(42);
    });
    await request(app).get('/').expect(500, { name: 'TypeError', message: 'path must be a string to res.sendFile' });
  });
});
