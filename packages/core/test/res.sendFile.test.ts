import { statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { appFor, bodyJson, bodyText, FILES } from './res-support';
import type { TransferError } from '../src/response';

const HELLO = join(FILES, 'hello.txt');
const helloStat = statSync(HELLO);
const HELLO_ETAG = `W/"${helloStat.size.toString(16)}-${helloStat.mtime.getTime().toString(16)}"`;

describe('res.sendFile(path [, options] [, callback])', () => {
  it('should stream the file with type, length, caching and validator headers', async () => {
    const app = appFor((_req, res) => {
      res.sendFile(HELLO);
    });
    await request(app)
      .get('/')
      .expect('Content-Type', 'text/plain; charset=utf-8')
      .expect('Content-Length', '11')
      .expect('Accept-Ranges', 'bytes')
      .expect('Cache-Control', 'public, max-age=0')
      .expect('ETag', HELLO_ETAG)
      .expect('Last-Modified', helloStat.mtime.toUTCString())
      .expect(200, 'hello world');
  });

  it('should send the Content-Type of the extension', async () => {
    const app = appFor((_req, res) => {
      res.sendFile(join(FILES, 'data.json'));
    });
    await request(app).get('/').expect('Content-Type', 'application/json; charset=utf-8').expect(200, { ok: true });
  });

  it('should send a file with a non-ASCII name', async () => {
    const app = appFor((_req, res) => {
      res.sendFile(join(FILES, 'ünïcode name.txt'));
    });
    await request(app).get('/').expect('Content-Length', '2').expect(200, 'ü');
  });

  it('should send headers without body for HEAD', async () => {
    const app = appFor((_req, res) => {
      res.sendFile(HELLO);
    });
    const res = await request(app).head('/').expect('Content-Length', '11').expect(200);
    expect(res.text).toBeUndefined();
  });

  describe('ranges', () => {
    const app = appFor((_req, res) => {
      res.sendFile(HELLO);
    });

    it('should answer 206 with the requested bytes', async () => {
      await request(app).get('/').set('Range', 'bytes=0-4').expect('Content-Range', 'bytes 0-4/11').expect('Content-Length', '5').expect(206, 'hello');
    });

    it('should answer a suffix range', async () => {
      await request(app).get('/').set('Range', 'bytes=-5').expect('Content-Range', 'bytes 6-10/11').expect(206, 'world');
    });

    it('should pass a 416 error for an unsatisfiable range', async () => {
      const res = await request(app).get('/').set('Range', 'bytes=50-60').expect('Content-Range', 'bytes */11').expect(416);
      expect(bodyJson(res)).toEqual({ name: 'RangeNotSatisfiableError', message: 'Range Not Satisfiable', expose: true });
    });

    it('should ignore a malformed Range header', async () => {
      await request(app).get('/').set('Range', 'pages=1-2').expect(200, 'hello world');
    });

    it('should send the whole file when If-Range does not match', async () => {
      await request(app).get('/').set('Range', 'bytes=0-4').set('If-Range', 'W/"other"').expect(200, 'hello world');
    });
  });

  describe('conditional requests', () => {
    const app = appFor((_req, res) => {
      res.sendFile(HELLO);
    });

    it('should answer 304 when If-None-Match matches', async () => {
      const res = await request(app).get('/').set('If-None-Match', HELLO_ETAG).expect(304, '');
      expect(res.headers['content-length']).toBeUndefined();
    });

    it('should answer 304 when not modified since', async () => {
      await request(app)
        .get('/')
        .set('If-Modified-Since', new Date(Date.now() + 60_000).toUTCString())
        .expect(304, '');
    });

    it('should answer 412 when If-Match fails', async () => {
      const res = await request(app).get('/').set('If-Match', '"other"').expect(412);
      expect(bodyJson(res)).toEqual({ name: 'PreconditionFailedError', message: 'Precondition Failed', expose: true });
    });
  });

  describe('callback', () => {
    it('should be called without error once the file was sent', async () => {
      const calls: unknown[] = [];
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, (err) => calls.push(err ?? 'done', res.headersSent));
      });
      await request(app).get('/').expect(200, 'hello world');
      await new Promise((r) => setImmediate(r));
      expect(calls).toEqual(['done', true]);
    });

    it('should be called without error after a 304', async () => {
      const calls: unknown[] = [];
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, (err) => calls.push(err ?? 'done'));
      });
      await request(app).get('/').set('If-None-Match', HELLO_ETAG).expect(304);
      await new Promise((r) => setImmediate(r));
      expect(calls).toEqual(['done']);
    });

    // The exact error object (an http-errors-decorated fs error) cannot be asserted under jest:
    // fs errors come from another realm there, so http-errors wraps them; status and code hold.
    it('should receive the error of a missing file, nothing sent yet', async () => {
      const missing = join(FILES, 'missing.txt');
      const app = appFor((_req, res) => {
        res.sendFile(missing, (err?: TransferError) => {
          res.status(299).json({ headersSent: res.headersSent, code: err?.code, status: err?.status, statusCode: err?.statusCode });
        });
      });
      await request(app).get('/').expect(299, { headersSent: false, code: 'ENOENT', status: 404, statusCode: 404 });
    });

    it('should receive EISDIR for a directory', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(join(FILES, 'sub'), (err?: TransferError) => {
          res.status(299).json({ code: err?.code, message: err?.message });
        });
      });
      await request(app).get('/').expect(299, { code: 'EISDIR', message: 'EISDIR, read' });
    });

    it('should receive ECONNABORTED when the client goes away mid-transfer', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'webfw-res-'));
      const big = join(dir, 'big.bin');
      writeFileSync(big, Buffer.alloc(8 * 1024 * 1024, 'a'));
      let report: (err?: TransferError) => void = () => undefined;
      const finished = new Promise<TransferError | undefined>((r) => (report = r));
      const app = appFor((_req, res) => {
        res.sendFile(big, report);
      });
      const server = app.listen(0);
      try {
        await new Promise((r) => server.once('listening', r));
        const { port } = server.address() as AddressInfo;
        await new Promise<void>((resolve) => {
          const req = httpRequest({ port, path: '/' }, (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', () => undefined);
          req.end();
        });
        const err = await finished;
        expect(err?.code).toBe('ECONNABORTED');
        expect(err?.message).toBe('Request aborted');
      } finally {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('without callback', () => {
    it('should pass the error of a missing file to next', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(join(FILES, 'missing.txt'));
      });
      const res = await request(app).get('/').expect(404);
      expect(res.body.code).toBe('ENOENT');
    });

    it('should call next() for a directory, reaching the 404 handler', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(join(FILES, 'sub'));
      });
      const res = await request(app).get('/dir').expect(404);
      expect(res.text).toContain('Cannot GET /dir');
    });
  });

  describe('options', () => {
    it('root: should resolve a relative path in root', async () => {
      const app = appFor((_req, res) => {
        res.sendFile('sub/page.html', { root: FILES });
      });
      await request(app).get('/').expect('Content-Type', 'text/html; charset=utf-8').expect(200, '<p>sub</p>');
    });

    it('maxAge: should set Cache-Control max-age from milliseconds or an ms string', async () => {
      const app = appFor((req, res) => {
        res.sendFile(HELLO, { maxAge: req.query.ms ? Number(req.query.ms) : (req.query.str as string) });
      });
      await request(app).get('/?ms=5000').expect('Cache-Control', 'public, max-age=5').expect(200);
      await request(app).get('/?str=1d').expect('Cache-Control', 'public, max-age=86400').expect(200);
    });

    it('immutable: should add the immutable directive', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, { maxAge: '1y', immutable: true });
      });
      await request(app).get('/').expect('Cache-Control', 'public, max-age=31536000, immutable').expect(200);
    });

    it('cacheControl: false should omit Cache-Control', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, { cacheControl: false, maxAge: 1000 });
      });
      const res = await request(app).get('/').expect(200, 'hello world');
      expect(res.headers['cache-control']).toBeUndefined();
    });

    it('lastModified: false should omit Last-Modified', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, { lastModified: false });
      });
      const res = await request(app).get('/').expect(200, 'hello world');
      expect(res.headers['last-modified']).toBeUndefined();
    });

    it('acceptRanges: false should ignore Range and omit Accept-Ranges', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, { acceptRanges: false });
      });
      const res = await request(app).get('/').set('Range', 'bytes=0-4').expect(200, 'hello world');
      expect(res.headers['accept-ranges']).toBeUndefined();
    });

    it('headers: should send the given headers, a Content-Type included', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(HELLO, { headers: { 'X-Served-By': 'webfw', 'Content-Type': 'text/x-custom' } });
      });
      await request(app).get('/').expect('X-Served-By', 'webfw').expect('Content-Type', 'text/x-custom').expect(200, 'hello world');
    });

    it('dotfiles: should answer 404 by default (ignore) for a dotfile', async () => {
      const app = appFor((_req, res) => {
        res.sendFile(join(FILES, '.env'));
      });
      await request(app).get('/').expect(404, { name: 'NotFoundError', message: 'Not Found', expose: true });
    });

    it("dotfiles: 'deny' should answer 403", async () => {
      const app = appFor((_req, res) => {
        res.sendFile(join(FILES, '.env'), { dotfiles: 'deny' });
      });
      await request(app).get('/').expect(403, { name: 'ForbiddenError', message: 'Forbidden', expose: true });
    });

    it("dotfiles: 'allow' should send the file", async () => {
      const app = appFor((_req, res) => {
        res.sendFile(join(FILES, '.env'), { dotfiles: 'allow' });
      });
      const res = await request(app).get('/').expect('Content-Type', 'application/octet-stream').expect(200);
      expect(bodyText(res)).toBe('TOKEN=secret');
    });

    it('should follow the app etag setting, not an etag option', async () => {
      const app = appFor(
        (_req, res) => {
          res.sendFile(HELLO, { etag: true });
        },
        (a) => a.set('etag', false),
      );
      const res = await request(app).get('/').expect(200, 'hello world');
      expect(res.headers.etag).toBeUndefined();
    });

    it('should not modify the options object passed', async () => {
      const options = { root: FILES, maxAge: 1000 };
      const app = appFor((_req, res) => {
        res.sendFile('hello.txt', options);
      });
      await request(app).get('/').expect(200, 'hello world');
      expect(options).toEqual({ root: FILES, maxAge: 1000 });
    });
  });
});
