import zlib from 'node:zlib';
import { json, raw, text } from '@webfw/body-parser';
import { post, send, serve, type TestServer } from './helpers';

const DOC = '{"name":"tobi","list":[1,2,3]}';
const PARSED = { name: 'tobi', list: [1, 2, 3] };

describe('option inflate (default true)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(json());
  });
  afterAll(() => s.close());

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

  it('should decode the inflated bytes with the charset', async () => {
    const t = await serve(text());
    try {
      const res = await post(t.port, 'text/plain; charset=utf-16le', zlib.gzipSync(Buffer.from('héllo', 'utf16le')), { 'Content-Encoding': 'gzip' });
      expect(res.json).toEqual({ has: true, kind: 'string', body: 'héllo' });
    } finally {
      await t.close();
    }
  });

  it('should 415 encoding.unsupported for an unknown Content-Encoding', async () => {
    const res = await post(s.port, 'application/json', DOC, { 'Content-Encoding': 'compress' });
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      error: {
        name: 'UnsupportedMediaTypeError',
        message: 'unsupported content encoding "compress"',
        status: 415,
        statusCode: 415,
        expose: true,
        encoding: 'compress',
        type: 'encoding.unsupported',
      },
    });
  });

  it('should 415 a list of encodings it does not read as one', async () => {
    const res = await post(s.port, 'application/json', DOC, { 'Content-Encoding': 'gzip, br' });
    expect(res.status).toBe(415);
    expect((res.json.error as { message: string }).message).toBe('unsupported content encoding "gzip, br"');
  });

  it('should 400 a body that is not valid gzip', async () => {
    const res = await post(s.port, 'application/json', DOC, { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { name: 'Error', message: 'incorrect header check', status: 400, statusCode: 400, expose: true, errno: -3, code: 'Z_DATA_ERROR' },
    });
  });

  it('should 400 a truncated gzip stream', async () => {
    const whole = zlib.gzipSync(DOC);
    const res = await post(s.port, 'application/json', whole.subarray(0, whole.length - 6), { 'Content-Encoding': 'gzip' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { name: 'Error', message: 'unexpected end of file', status: 400, statusCode: 400, expose: true, errno: -5, code: 'Z_BUF_ERROR' },
    });
  });

  it('should 400 a body that is not valid brotli', async () => {
    const res = await post(s.port, 'application/json', Buffer.from('not brotli at all, really not'), { 'Content-Encoding': 'br' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: { name: 'Error', message: 'Decompression failed', status: 400, statusCode: 400, expose: true, errno: -15, code: 'ERR__ERROR_FORMAT_PADDING_2' },
    });
  });

  it('should keep serving after an invalid gzip body', async () => {
    await post(s.port, 'application/json', 'garbage', { 'Content-Encoding': 'gzip' });
    expect((await post(s.port, 'application/json', zlib.gzipSync(DOC), { 'Content-Encoding': 'gzip' })).json.body).toEqual(PARSED);
  });
});

describe('option inflate: false', () => {
  it('should 415 encoding.unsupported for a compressed body, naming the encoding', async () => {
    const s = await serve(raw({ inflate: false }));
    try {
      const res = await post(s.port, 'application/octet-stream', zlib.gzipSync('abc'), { 'Content-Encoding': 'gzip' });
      expect(res.status).toBe(415);
      expect(res.json).toEqual({
        error: {
          name: 'UnsupportedMediaTypeError',
          message: 'content encoding unsupported',
          status: 415,
          statusCode: 415,
          expose: true,
          encoding: 'gzip',
          charset: 'gzip',
          type: 'encoding.unsupported',
        },
      });
    } finally {
      await s.close();
    }
  });

  it('should still read identity bodies', async () => {
    const s = await serve(raw({ inflate: false }));
    try {
      const res = await post(s.port, 'application/octet-stream', 'abc', { 'Content-Encoding': 'identity' });
      expect(res.json).toEqual({ has: true, kind: 'buffer', body: '616263' });
    } finally {
      await s.close();
    }
  });
});

describe('compression bombs', () => {
  it('should apply limit to the inflated size and stop inflating (gzip)', async () => {
    const bomb = zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const s = await serve(json());
    try {
      const res = await post(s.port, 'application/json', bomb, { 'Content-Encoding': 'gzip' });
      expect(res.status).toBe(413);
      const error = res.json.error as Record<string, unknown>;
      expect(error).toEqual({
        name: 'PayloadTooLargeError',
        message: 'request entity too large',
        status: 413,
        statusCode: 413,
        expose: true,
        limit: 102_400,
        received: error.received,
        type: 'entity.too.large',
      });
      // reading stopped within one inflated chunk of the limit, far from the 20 MB
      expect(error.received as number).toBeGreaterThan(102_400);
      expect(error.received as number).toBeLessThanOrEqual(102_400 + 64 * 1024);
    } finally {
      await s.close();
    }
  });

  it('should apply limit to the inflated size (br)', async () => {
    const bomb = zlib.brotliCompressSync(Buffer.alloc(20 * 1024 * 1024, 0x61));
    const s = await serve(text({ limit: '10kb' }));
    try {
      const res = await post(s.port, 'text/plain', bomb, { 'Content-Encoding': 'br' });
      expect(res.status).toBe(413);
      const error = res.json.error as Record<string, unknown>;
      expect(error.type).toBe('entity.too.large');
      expect(error.limit).toBe(10_240);
      expect(error.received as number).toBeLessThanOrEqual(10_240 + 64 * 1024);
    } finally {
      await s.close();
    }
  });
});
