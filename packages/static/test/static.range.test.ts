import serveStatic from '@webfw/static';
import { errorOf, fixture, header, raw, serve, type Fixture, type RawResponse, type TestServer } from './support/helpers';

let fx: Fixture;
let t: TestServer;
const digits = '0123456789';
const large = Buffer.alloc(300 * 1024);
for (let i = 0; i < large.length; i++) large[i] = i % 256;
beforeAll(async () => {
  fx = fixture({ 'digits.txt': digits, 'big.bin': large });
  t = await serve(serveStatic(fx.root));
});
afterAll(async () => {
  await t.close();
  fx.remove();
});

describe('Range', () => {
  it.each<[string, string, string]>([
    ['bytes=0-4', '01234', 'bytes 0-4/10'],
    ['bytes=3-', '3456789', 'bytes 3-9/10'],
    ['bytes=-3', '789', 'bytes 7-9/10'],
    ['bytes=5-100', '56789', 'bytes 5-9/10'],
    ['bytes=0-2,1-4', '01234', 'bytes 0-4/10'],
    ['bytes=0-1,2-3', '0123', 'bytes 0-3/10'],
  ])('should 206 %s', async (range, body, contentRange) => {
    const res = await raw(t.server, 'GET', '/digits.txt', { Range: range });
    expect(res.status).toBe(206);
    expect(res.text).toBe(body);
    expect(res.headers['content-range']).toBe(contentRange);
    expect(res.headers['content-length']).toBe(String(body.length));
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  });

  it('should 206 a range of a large file', async () => {
    const res = await raw(t.server, 'GET', '/big.bin', { Range: 'bytes=100000-100099' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe(`bytes 100000-100099/${large.length}`);
    expect(res.body.equals(large.subarray(100000, 100100))).toBe(true);
  });

  it('should 206 a HEAD request without a body', async () => {
    const res = await raw(t.server, 'HEAD', '/digits.txt', { Range: 'bytes=1-2' });
    expect(res.status).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 1-2/10');
    expect(res.headers['content-length']).toBe('2');
    expect(res.body.length).toBe(0);
  });

  it('should 416 through next(err) with Content-Range when unsatisfiable', async () => {
    const before = t.calls.length;
    const res = await raw(t.server, 'GET', '/digits.txt', { Range: 'bytes=10-' });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10');
    expect(res.text).toBe('Range Not Satisfiable');
    expect(errorOf(t, before)).toMatchObject({ status: 416, expose: true, message: 'Range Not Satisfiable', headers: { 'Content-Range': 'bytes */10' } });
  });

  it('should 416 a range whose start is past its end (range-parser drops it)', async () => {
    const res = await raw(t.server, 'GET', '/digits.txt', { Range: 'bytes=5-2' });
    expect(res.status).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10');
  });

  it('should send the whole file for several disjoint ranges, as send does', async () => {
    const res = await raw(t.server, 'GET', '/digits.txt', { Range: 'bytes=0-1,5-6' });
    expect(res.status).toBe(200);
    expect(res.text).toBe(digits);
    expect(res.headers['content-range']).toBeUndefined();
  });

  it.each(['bytes=x-y', 'items=0-1', 'bytes'])('should ignore the malformed or foreign range %s', async (range) => {
    const res = await raw(t.server, 'GET', '/digits.txt', { Range: range });
    expect(res.status).toBe(200);
    expect(res.text).toBe(digits);
  });
});

describe('If-Range', () => {
  it.each<{ outcome: string; validator: string; range: string; ifRange: (current: RawResponse) => string; status: number; text: string }>([
    { outcome: 'honour the range', validator: 'the current ETag', range: 'bytes=0-0', ifRange: (r) => header(r, 'etag'), status: 206, text: '0' },
    { outcome: 'send the whole file', validator: 'another ETag', range: 'bytes=0-0', ifRange: () => '"stale"', status: 200, text: digits },
    { outcome: 'honour the range', validator: 'the Last-Modified date', range: 'bytes=9-', ifRange: (r) => header(r, 'last-modified'), status: 206, text: '9' },
    {
      outcome: 'send the whole file',
      validator: 'an older date',
      range: 'bytes=9-',
      ifRange: () => 'Thu, 01 Jan 1970 00:00:00 GMT',
      status: 200,
      text: digits,
    },
  ])('should $outcome when If-Range is $validator', async ({ range, ifRange, status, text }) => {
    const current = await raw(t.server, 'GET', '/digits.txt');
    const res = await raw(t.server, 'GET', '/digits.txt', { Range: range, 'If-Range': ifRange(current) });
    expect(res.status).toBe(status);
    expect(res.text).toBe(text);
  });
});
