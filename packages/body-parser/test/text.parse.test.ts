import iconv from 'iconv-lite';
import bodyParser, { text } from '@webfw/body-parser';
import { post, send, serve, type TestServer } from './helpers';

describe('text()', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(text());
  });
  afterAll(() => s.close());

  it('should read a text/plain body into a string', async () => {
    const res = await post(s.port, 'text/plain', 'user is tobi');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'string', body: 'user is tobi' });
  });

  it('should read an empty body as ""', async () => {
    const res = await post(s.port, 'text/plain', '');
    expect(res.json).toEqual({ has: true, kind: 'string', body: '' });
  });

  it('should skip other types (text/html) and leave req.body undefined', async () => {
    const res = await post(s.port, 'text/html', '<p>hi</p>');
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should skip a request without a body', async () => {
    const res = await send(s.port, { method: 'GET', headers: { 'Content-Type': 'text/plain' } });
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it.each(['iso-8859-1', 'koi8-r', 'windows-1251', 'shift_jis', 'utf-16le'])('should decode charset=%s with iconv-lite', async (charset) => {
    const phrase = charset === 'shift_jis' ? 'こんにちは' : charset === 'iso-8859-1' ? 'façade' : charset === 'utf-16le' ? 'Zoë 😀' : 'привет';
    const res = await post(s.port, `text/plain; charset=${charset}`, iconv.encode(phrase, charset));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'string', body: phrase });
  });

  it('should drop a UTF-8 byte order mark', async () => {
    const res = await post(s.port, 'text/plain; charset=utf-8', Buffer.from('\ufeffhello'));
    expect(res.json).toEqual({ has: true, kind: 'string', body: 'hello' });
  });

  it('should 415 charset.unsupported for a charset iconv-lite does not know', async () => {
    const res = await post(s.port, 'text/plain; charset=x-bogus', 'hi');
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      error: {
        name: 'UnsupportedMediaTypeError',
        message: 'unsupported charset "X-BOGUS"',
        status: 415,
        statusCode: 415,
        expose: true,
        charset: 'x-bogus',
        type: 'charset.unsupported',
      },
    });
  });

  it('should be reachable as bodyParser.text', () => {
    expect(bodyParser.text).toBe(text);
  });
});

describe('text({ defaultCharset })', () => {
  it('should decode with defaultCharset when the Content-Type names none', async () => {
    const s = await serve(text({ defaultCharset: 'koi8-r' }));
    try {
      const res = await post(s.port, 'text/plain', iconv.encode('привет', 'koi8-r'));
      expect(res.json).toEqual({ has: true, kind: 'string', body: 'привет' });
      const named = await post(s.port, 'text/plain; charset=utf-8', 'привет');
      expect(named.json).toEqual({ has: true, kind: 'string', body: 'привет' });
    } finally {
      await s.close();
    }
  });

  it('should default to utf-8', async () => {
    const s = await serve(text());
    try {
      const res = await post(s.port, 'text/plain', Buffer.from('привет'));
      expect(res.json).toEqual({ has: true, kind: 'string', body: 'привет' });
    } finally {
      await s.close();
    }
  });

  it('should 415 at request time when defaultCharset is unknown', async () => {
    const s = await serve(text({ defaultCharset: 'NOPE' }));
    try {
      const res = await post(s.port, 'text/plain', 'hi');
      expect(res.status).toBe(415);
      expect(res.json).toEqual({
        error: {
          name: 'UnsupportedMediaTypeError',
          message: 'unsupported charset "NOPE"',
          status: 415,
          statusCode: 415,
          expose: true,
          charset: 'nope',
          type: 'charset.unsupported',
        },
      });
    } finally {
      await s.close();
    }
  });
});
