import zlib from 'node:zlib';
import { json, raw, text } from '@webfw/body-parser';
import { answer, encodingUnsupported, httpError, expectStoppedAtLimit, inflateDisabled, post, send, serveAll, withServe } from './support/helpers';

const DOC = '{"name":"tobi","list":[1,2,3]}';
const PARSED = { name: 'tobi', list: [1, 2, 3] };

describe('option inflate (default true)', () => {
  const s = serveAll(json());

  it.each([
    ['gzip', zlib.gzipSync(DOC)],
    ['deflate', zlib.deflateSync(DOC)],
    ['br', zlib.brotliCompressSync(DOC)],
    ['GZIP', zlib.gzipSync(DOC)],
  ])('should inflate a %s body', async (encoding, bytes) => {
    const res = await post(s.port, 'application/json', bytes, { 'Content-Encoding': encoding });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'object', body: PARSED });
  });

  it('should read identity (and an empty Content-Encoding) as is', async () => {
    expect((await post(s.port, 'application/json', DOC, { 'Content-Encoding': 'identity' })).json.body).toEqual(PARSED);
    expect((await post(s.port, 'application/json', DOC, { 'Content-Encoding': '' })).json.body).toEqual(PARSED);
  });

  it('should inflate a chunked gzip body', async () => {
    const res = await send(s.port, {
      headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip', 'Transfer-Encoding': 'chunked' },
      body: zlib.gzipSync(DOC),
    });
    expect(res.json.body).toEqual(PARSED);
  });

  it('should decode the inflated bytes with the charset', () =>
    withServe(text(), async (t) => {
      const res = await post(t.port, 'text/plain; charset=utf-16le', zlib.gzipSync(Buffer.from('héllo', 'utf16le')), { 'Content-Encoding': 'gzip' });
      expect(res.json).toEqual({ has: true, kind: 'string', body: 'héllo' });
    }));

  it.each([
    ['for an unknown Content-Encoding', 'compress'],
    ['for a list of encodings it does not read as one', 'gzip, br'],
  ])('should 415 encoding.unsupported %s', async (_title, encoding) => {
    expect(await answer(s.port, 'application/json', DOC, { 'Content-Encoding': encoding })).toEqual({
      status: 415,
      json: { error: encodingUnsupported(encoding) },
    });
  });

  it.each([
    ['a body that is not valid gzip', 'gzip', Buffer.from(DOC), { message: 'incorrect header check', errno: -3, code: 'Z_DATA_ERROR' }],
    ['a truncated gzip stream', 'gzip', zlib.gzipSync(DOC).subarray(0, -6), { message: 'unexpected end of file', errno: -5, code: 'Z_BUF_ERROR' }],
    [
      'a body that is not valid brotli',
      'br',
      Buffer.from('not brotli at all, really not'),
      { message: 'Decompression failed', errno: -15, code: 'ERR__ERROR_FORMAT_PADDING_2' },
    ],
  ])('should 400 %s', async (_title, encoding, bytes, { message, ...props }) => {
    const res = await answer(s.port, 'application/json', bytes, { 'Content-Encoding': encoding });
    expect(res).toEqual({ status: 400, json: { error: httpError(400, 'Error', message, props) } });
  });

  it('should keep serving after an invalid gzip body', async () => {
    await post(s.port, 'application/json', 'garbage', { 'Content-Encoding': 'gzip' });
    expect((await post(s.port, 'application/json', zlib.gzipSync(DOC), { 'Content-Encoding': 'gzip' })).json.body).toEqual(PARSED);
  });
});

describe('option inflate: false', () => {
  const s = serveAll(raw({ inflate: false }));

  it('should 415 encoding.unsupported for a compressed body, naming the encoding', async () => {
    const res = await answer(s.port, 'application/octet-stream', zlib.gzipSync('abc'), { 'Content-Encoding': 'gzip' });
    expect(res).toEqual({ status: 415, json: { error: inflateDisabled('gzip') } });
  });

  it('should still read identity bodies', async () => {
    const res = await post(s.port, 'application/octet-stream', 'abc', { 'Content-Encoding': 'identity' });
    expect(res.json).toEqual({ has: true, kind: 'buffer', body: '616263' });
  });
});

describe('compression bombs', () => {
  it.each([
    ['gzip', json(), 'application/json', zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)), 102_400],
    ['br', text({ limit: '10kb' }), 'text/plain', zlib.brotliCompressSync(Buffer.alloc(20 * 1024 * 1024, 0x61)), 10_240],
  ])('should apply limit to the inflated size and stop inflating (%s)', (encoding, parser, contentType, bomb, limit) => {
    expect(bomb.length).toBeLessThan(100 * 1024);
    return withServe(parser, async (s) => {
      const res = await post(s.port, contentType, bomb, { 'Content-Encoding': encoding });
      expect(res.status).toBe(413);
      // reading stopped within one inflated chunk of the limit, far from the 20 MB
      expectStoppedAtLimit(res.json.error as Record<string, unknown>, limit);
    });
  });
});
