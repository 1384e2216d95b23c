import type { ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import request from 'supertest';
import serveStatic from '@webfw/static';
import { raw, useFixture, withServer } from './support/helpers';

const fx = useFixture({ 'a.txt': 'small', 'big.bin': Buffer.alloc(100 * 1024, 2), 'dir/index.html': 'idx' });

describe('setHeaders', () => {
  it('should be called with res, the absolute path and the stat, for small and large files', async () => {
    const seen: Array<[string, number, boolean]> = [];
    const setHeaders = (res: ServerResponse, path: string, stat: Stats): void => {
      seen.push([path, stat.size, stat.isFile()]);
      res.setHeader('X-Served', 'yes');
    };
    await withServer(serveStatic(fx.root, { setHeaders }), async (t) => {
      const a = await request(t.server).get('/a.txt');
      expect(a.headers['x-served']).toBe('yes');
      const b = await raw(t.server, 'GET', '/big.bin');
      expect(b.headers['x-served']).toBe('yes');
      const d = await request(t.server).get('/dir/');
      expect(d.headers['x-served']).toBe('yes');
    });
    expect(seen).toEqual([
      [fx.path('a.txt'), 5, true],
      [fx.path('big.bin'), 100 * 1024, true],
      [fx.path('dir/index.html'), 3, true],
    ]);
  });

  it('should win over the default headers it sets', async () => {
    const setHeaders = (res: ServerResponse): void => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', 'text/x-mine');
      res.setHeader('ETag', '"custom"');
      res.setHeader('Last-Modified', 'Thu, 01 Jan 2015 00:00:00 GMT');
      res.setHeader('Accept-Ranges', 'none');
    };
    await withServer(serveStatic(fx.root, { setHeaders }), async (t) => {
      for (const path of ['/a.txt', '/big.bin']) {
        const res = await raw(t.server, 'GET', path);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['content-type']).toBe('text/x-mine');
        expect(res.headers['etag']).toBe('"custom"');
        expect(res.headers['last-modified']).toBe('Thu, 01 Jan 2015 00:00:00 GMT');
        expect(res.headers['accept-ranges']).toBe('none');
      }
    });
  });

  it('should be called for HEAD requests', async () => {
    let calls = 0;
    await withServer(serveStatic(fx.root, { setHeaders: () => void calls++ }), async (t) => {
      const res = await raw(t.server, 'HEAD', '/a.txt');
      expect(res.status).toBe(200);
    });
    expect(calls).toBe(1);
  });

  it('should not be called for a missing file, a directory redirect or another method', async () => {
    let calls = 0;
    await withServer(serveStatic(fx.root, { setHeaders: () => void calls++ }), async (t) => {
      await raw(t.server, 'GET', '/missing');
      await raw(t.server, 'GET', '/dir');
      await raw(t.server, 'POST', '/a.txt', { 'Content-Length': '0' });
    });
    expect(calls).toBe(0);
  });

  it("should type res as the caller's response type", () => {
    interface MyResponse extends ServerResponse {
      locals: Record<string, unknown>;
    }
    const mw = serveStatic<MyResponse>(fx.root, {
      setHeaders: (res) => {
        res.locals.seen = true;
      },
    });
    expect(typeof mw).toBe('function');
  });
});
