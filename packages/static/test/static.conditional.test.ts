import { statSync } from 'node:fs';
import serveStatic from '@webfw/static';
import { errorOf, fixture, header, raw, serve, type Fixture, type TestServer } from './support/helpers';

let fx: Fixture;
let t: TestServer;
const large = Buffer.alloc(100 * 1024, 3);
beforeAll(async () => {
  fx = fixture({ 'a.txt': 'conditional', 'big.bin': large });
  t = await serve(serveStatic(fx.root));
});
afterAll(async () => {
  await t.close();
  fx.remove();
});

/** The validators a plain GET hands out (from the fast path for small files). */
async function validators(path: string): Promise<{ etag: string; lastModified: string }> {
  const res = await raw(t.server, 'GET', path);
  expect(res.status).toBe(200);
  return { etag: header(res, 'etag'), lastModified: header(res, 'last-modified') };
}

function expect304(res: Awaited<ReturnType<typeof raw>>, etag: string): void {
  expect(res.status).toBe(304);
  expect(res.body.length).toBe(0);
  expect(res.headers['etag']).toBe(etag);
  expect(res.headers['cache-control']).toBe('public, max-age=0');
  expect(res.headers['content-type']).toBeUndefined();
  expect(res.headers['content-length']).toBeUndefined();
}

describe('If-None-Match', () => {
  it.each(['/a.txt', '/big.bin'])('should 304 %s when the ETag it was served with matches', async (path) => {
    const { etag } = await validators(path);
    expect304(await raw(t.server, 'GET', path, { 'If-None-Match': etag }), etag);
  });

  it('should 304 when one ETag of a list matches', async () => {
    const { etag } = await validators('/a.txt');
    expect304(await raw(t.server, 'GET', '/a.txt', { 'If-None-Match': `"nope", ${etag}` }), etag);
  });

  it('should 304 for If-None-Match: *', async () => {
    const { etag } = await validators('/a.txt');
    expect304(await raw(t.server, 'GET', '/a.txt', { 'If-None-Match': '*' }), etag);
  });

  it('should 200 when the ETag does not match', async () => {
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-None-Match': '"something-else"' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('conditional');
  });

  it('should 200 when the request says Cache-Control: no-cache', async () => {
    const { etag } = await validators('/a.txt');
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-None-Match': etag, 'Cache-Control': 'no-cache' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('conditional');
  });

  it('should 304 a HEAD request', async () => {
    const { etag } = await validators('/a.txt');
    expect304(await raw(t.server, 'HEAD', '/a.txt', { 'If-None-Match': etag }), etag);
  });
});

describe('If-Modified-Since', () => {
  it('should 304 when the file is not newer', async () => {
    const { etag, lastModified } = await validators('/a.txt');
    expect304(await raw(t.server, 'GET', '/a.txt', { 'If-Modified-Since': lastModified }), etag);
  });

  it('should 200 when the file is newer', async () => {
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-Modified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' });
    expect(res.status).toBe(200);
    expect(res.text).toBe('conditional');
  });
});

describe('If-Match', () => {
  it('should 412 through next(err) when no ETag matches', async () => {
    const before = t.calls.length;
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-Match': '"other"' });
    expect(res.status).toBe(412);
    expect(res.text).toBe('Precondition Failed');
    expect(errorOf(t, before)).toMatchObject({ status: 412, statusCode: 412, expose: true, message: 'Precondition Failed' });
  });

  it('should 200 when the ETag matches', async () => {
    const { etag } = await validators('/a.txt');
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-Match': etag });
    expect(res.status).toBe(200);
    expect(res.text).toBe('conditional');
  });

  it('should 200 for If-Match: *', async () => {
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-Match': '*' });
    expect(res.status).toBe(200);
  });
});

describe('If-Unmodified-Since', () => {
  it('should 412 when the file changed after the date', async () => {
    const res = await raw(t.server, 'GET', '/big.bin', { 'If-Unmodified-Since': 'Thu, 01 Jan 1970 00:00:00 GMT' });
    expect(res.status).toBe(412);
    expect(res.text).toBe('Precondition Failed');
  });

  it('should 200 when the file did not change since the date', async () => {
    const lastModified = statSync(fx.path('a.txt')).mtime.toUTCString();
    const res = await raw(t.server, 'GET', '/a.txt', { 'If-Unmodified-Since': lastModified });
    expect(res.status).toBe(200);
    expect(res.text).toBe('conditional');
  });
});
