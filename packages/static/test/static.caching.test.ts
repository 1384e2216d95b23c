import { statSync } from 'node:fs';
import request from 'supertest';
import serveStatic, { type ServeStaticOptions } from '@webfw/static';
import { etagFor, raw, useFixture, withServer } from './support/helpers';

const fx = useFixture({ 'a.txt': 'aaaa', 'big.bin': Buffer.alloc(100 * 1024, 1) });

/** GETs a small (fast path) and a large (send path) file; both must agree on every header. */
async function headersOf(options: ServeStaticOptions): Promise<[Record<string, string>, Record<string, string>]> {
  return withServer(serveStatic(fx.root, options), async (t) => {
    const small = await raw(t.server, 'GET', '/a.txt');
    const large = await raw(t.server, 'GET', '/big.bin');
    expect(small.status).toBe(200);
    expect(large.status).toBe(200);
    return [small.headers, large.headers];
  });
}

describe('etag', () => {
  it('should send a weak ETag from size and mtime by default', async () => {
    const [small, large] = await headersOf({});
    const a = statSync(fx.path('a.txt'));
    const b = statSync(fx.path('big.bin'));
    expect(small['etag']).toBe(etagFor(a.size, a.mtime));
    expect(large['etag']).toBe(etagFor(b.size, b.mtime));
  });

  it('should send no ETag with etag: false', async () => {
    for (const h of await headersOf({ etag: false })) expect(h['etag']).toBeUndefined();
  });
});

describe('lastModified', () => {
  it('should send Last-Modified from the mtime by default', async () => {
    const [small] = await headersOf({});
    expect(small['last-modified']).toBe(statSync(fx.path('a.txt')).mtime.toUTCString());
  });

  it('should send no Last-Modified with lastModified: false', async () => {
    for (const h of await headersOf({ lastModified: false })) expect(h['last-modified']).toBeUndefined();
  });
});

describe('maxAge', () => {
  it.each<[ServeStaticOptions, string]>([
    [{}, 'public, max-age=0'],
    [{ maxAge: 1000 }, 'public, max-age=1'],
    [{ maxAge: 1999 }, 'public, max-age=1'],
    [{ maxAge: '1d' }, 'public, max-age=86400'],
    [{ maxAge: '2 hours' }, 'public, max-age=7200'],
    [{ maxAge: '5000' }, 'public, max-age=5'],
    [{ maxage: '1h' }, 'public, max-age=3600'],
    [{ maxAge: '1m', maxage: '1h' }, 'public, max-age=60'],
    [{ maxAge: -1000 }, 'public, max-age=0'],
    [{ maxAge: 'not a duration' }, 'public, max-age=0'],
    [{ maxAge: Infinity }, 'public, max-age=31536000'],
    [{ maxAge: '3y' }, 'public, max-age=31536000'],
  ])('should send Cache-Control for %j as %s', async (options, expected) => {
    for (const h of await headersOf(options)) expect(h['cache-control']).toBe(expected);
  });
});

describe('immutable', () => {
  it('should add the immutable directive', async () => {
    for (const h of await headersOf({ immutable: true, maxAge: '1y' })) expect(h['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('should add immutable even without maxAge', async () => {
    for (const h of await headersOf({ immutable: true })) expect(h['cache-control']).toBe('public, max-age=0, immutable');
  });
});

describe('cacheControl', () => {
  it('should send no Cache-Control with cacheControl: false, whatever maxAge says', async () => {
    for (const h of await headersOf({ cacheControl: false, maxAge: '1d', immutable: true })) expect(h['cache-control']).toBeUndefined();
  });
});

describe('acceptRanges', () => {
  it('should send Accept-Ranges: bytes by default', async () => {
    for (const h of await headersOf({})) expect(h['accept-ranges']).toBe('bytes');
  });

  it('should send no Accept-Ranges and ignore Range with acceptRanges: false', async () => {
    for (const h of await headersOf({ acceptRanges: false })) expect(h['accept-ranges']).toBeUndefined();
    await withServer(serveStatic(fx.root, { acceptRanges: false }), async (t) => {
      const res = await request(t.server).get('/a.txt').set('Range', 'bytes=0-1');
      expect(res.status).toBe(200);
      expect(res.text).toBe('aaaa');
      expect(res.headers['content-range']).toBeUndefined();
    });
  });
});
