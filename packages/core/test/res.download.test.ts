import { join, relative } from 'node:path';
import request from 'supertest';
import { appFor, bodyText, FILES } from './res-support';
import type { TransferError } from '../src/response';

const HELLO = join(FILES, 'hello.txt');

describe('res.download(path [, filename] [, options] [, callback])', () => {
  it('should send the file as an attachment named after it', async () => {
    const app = appFor((_req, res) => {
      res.download(HELLO);
    });
    await request(app)
      .get('/')
      .expect('Content-Disposition', 'attachment; filename=hello.txt')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect('Content-Length', '11')
      .expect(200, 'hello world');
  });

  it('should use the given file name', async () => {
    const app = appFor((_req, res) => {
      res.download(HELLO, 'report 2024.txt');
    });
    await request(app).get('/').expect('Content-Disposition', 'attachment; filename="report 2024.txt"').expect(200, 'hello world');
  });

  it('should encode a non-ASCII file name with an ASCII fallback', async () => {
    const app = appFor((_req, res) => {
      res.download(HELLO, 'rëport.txt');
    });
    await request(app).get('/').expect('Content-Disposition', 'attachment; filename="r?port.txt"; filename*=UTF-8\'\'r%C3%ABport.txt').expect(200);
  });

  it('should resolve a relative path against the working directory', async () => {
    const rel = relative(process.cwd(), HELLO);
    const app = appFor((_req, res) => {
      res.download(rel);
    });
    await request(app).get('/').expect('Content-Disposition', 'attachment; filename=hello.txt').expect(200, 'hello world');
  });

  it('should call the callback (path, callback) when done', async () => {
    const calls: unknown[] = [];
    const app = appFor((_req, res) => {
      res.download(HELLO, (err) => calls.push(err ?? 'done'));
    });
    await request(app).get('/').expect(200, 'hello world');
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(['done']);
  });

  it('should call the callback (path, filename, callback) when done', async () => {
    const calls: unknown[] = [];
    const app = appFor((_req, res) => {
      res.download(HELLO, 'x.txt', (err) => calls.push(err ?? 'done'));
    });
    await request(app).get('/').expect('Content-Disposition', 'attachment; filename=x.txt').expect(200, 'hello world');
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(['done']);
  });

  it('should hand the callback the error of a missing file', async () => {
    const missing = join(FILES, 'none.txt');
    const app = appFor((_req, res) => {
      res.download(missing, (err?: TransferError) => {
        res.status(299).json({ code: err?.code, status: err?.status, headersSent: res.headersSent });
      });
    });
    await request(app).get('/').expect(299, { code: 'ENOENT', status: 404, headersSent: false });
  });

  it('should pass the error of a missing file to next without callback', async () => {
    const app = appFor((_req, res) => {
      res.download(join(FILES, 'none.txt'));
    });
    const res = await request(app).get('/').expect(404);
    expect(res.body.code).toBe('ENOENT');
    expect(res.headers['content-disposition']).toBeUndefined();
  });

  describe('options', () => {
    it('(path, options): should take the options and name the file after the path', async () => {
      const app = appFor((_req, res) => {
        res.download(HELLO, { headers: { 'X-Extra': '1' } });
      });
      await request(app).get('/').expect('Content-Disposition', 'attachment; filename=hello.txt').expect('X-Extra', '1').expect(200, 'hello world');
    });

    it('(path, options, callback): should take the options and the callback', async () => {
      const calls: unknown[] = [];
      const app = appFor((_req, res) => {
        res.download(HELLO, { maxAge: 2000 }, (err) => calls.push(err ?? 'done'));
      });
      await request(app).get('/').expect('Cache-Control', 'public, max-age=2').expect(200, 'hello world');
      await new Promise((r) => setImmediate(r));
      expect(calls).toEqual(['done']);
    });

    it('root: should resolve the path in root and refuse to leave it', async () => {
      const app = appFor((req, res) => {
        res.download(req.query.p as string, 'file.txt', { root: FILES });
      });
      await request(app).get('/?p=hello.txt').expect('Content-Disposition', 'attachment; filename=file.txt').expect(200, 'hello world');
      await request(app)
        .get('/?p=' + encodeURIComponent('../outside.txt'))
        .expect(403, { name: 'ForbiddenError', message: 'Forbidden', expose: true });
    });

    it('headers: should not let a Content-Disposition header replace the file name', async () => {
      const app = appFor((_req, res) => {
        res.download(HELLO, 'named.txt', { headers: { 'content-disposition': 'inline', 'X-A': 'b' } });
      });
      await request(app).get('/').expect('Content-Disposition', 'attachment; filename=named.txt').expect('X-A', 'b').expect(200);
    });

    it('maxAge, immutable, lastModified, cacheControl, acceptRanges: should pass to the transfer', async () => {
      const app = appFor((_req, res) => {
        res.download(HELLO, 'h.txt', { maxAge: '1h', immutable: true, lastModified: false, acceptRanges: false });
      });
      const res = await request(app).get('/').set('Range', 'bytes=0-1').expect('Cache-Control', 'public, max-age=3600, immutable').expect(200, 'hello world');
      expect(res.headers['last-modified']).toBeUndefined();
      expect(res.headers['accept-ranges']).toBeUndefined();
      const noCache = appFor((_req, r) => {
        r.download(HELLO, 'h.txt', { cacheControl: false });
      });
      const res2 = await request(noCache).get('/').expect(200);
      expect(res2.headers['cache-control']).toBeUndefined();
    });

    it("dotfiles: should hide dotfiles unless 'allow'", async () => {
      const app = appFor((req, res) => {
        res.download(join(FILES, '.env'), { dotfiles: req.query.d as 'allow' | 'deny' | undefined });
      });
      await request(app).get('/').expect(404, { name: 'NotFoundError', message: 'Not Found', expose: true });
      await request(app).get('/?d=deny').expect(403, { name: 'ForbiddenError', message: 'Forbidden', expose: true });
      const res = await request(app).get('/?d=allow').expect('Content-Disposition', 'attachment; filename=.env').expect(200);
      expect(bodyText(res)).toBe('TOKEN=secret');
    });

    it('should not modify the options object passed', async () => {
      const options = { root: FILES, headers: { 'X-A': '1' } };
      const app = appFor((_req, res) => {
        res.download('hello.txt', 'x.txt', options);
      });
      await request(app).get('/').expect(200, 'hello world');
      expect(options).toEqual({ root: FILES, headers: { 'X-A': '1' } });
    });
  });

  it('should refuse a NUL byte in the path with 400', async () => {
    const app = appFor((_req, res) => {
      res.download(HELLO + '\0.png');
    });
    await request(app).get('/').expect(400, { name: 'BadRequestError', message: 'Bad Request', expose: true });
  });
});
