import { json } from '@webfw/body-parser';
import { post, serve, type TestServer } from './helpers';

const DOC = '{"name":"Zoë","emoji":"😀"}';
const PARSED = { name: 'Zoë', emoji: '😀' };

function utf16be(text: string): Buffer {
  const le = Buffer.from(text, 'utf16le');
  return Buffer.from(le).swap16();
}

function utf32le(text: string): Buffer {
  const codes = Array.from(text, (ch) => ch.codePointAt(0) as number);
  const buf = Buffer.alloc(codes.length * 4);
  codes.forEach((c, i) => buf.writeUInt32LE(c, i * 4));
  return buf;
}

describe('json() charsets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(json());
  });
  afterAll(() => s.close());

  it('should decode UTF-8 by default', async () => {
    const res = await post(s.port, 'application/json', Buffer.from(DOC, 'utf8'));
    expect(res.json).toEqual({ has: true, kind: 'object', body: PARSED });
  });

  it('should drop a UTF-8 byte order mark', async () => {
    const res = await post(s.port, 'application/json', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(DOC)]));
    expect(res.json).toEqual({ has: true, kind: 'object', body: PARSED });
  });

  it('should replace invalid UTF-8 sequences with U+FFFD', async () => {
    const res = await post(s.port, 'application/json', Buffer.from([0x5b, 0x22, 0xff, 0xc3, 0x22, 0x5d]));
    expect(res.json).toEqual({ has: true, kind: 'array', body: ['\ufffd\ufffd'] });
  });

  it.each([
    ['utf-16le', Buffer.from(DOC, 'utf16le')],
    ['utf-16be', utf16be(DOC)],
    ['UTF-16', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(DOC)])],
    ['utf-32le', utf32le(DOC)],
    ['utf-8', Buffer.from(DOC)],
  ])('should decode charset=%s', async (charset, bytes) => {
    const res = await post(s.port, `application/json; charset=${charset}`, bytes);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'object', body: PARSED });
  });

  it('should read a quoted charset parameter', async () => {
    const res = await post(s.port, 'application/json; charset="utf-16le"', Buffer.from(DOC, 'utf16le'));
    expect(res.json).toEqual({ has: true, kind: 'object', body: PARSED });
  });

  it.each(['iso-8859-1', 'koi8-r', 'latin1'])('should 415 charset.unsupported for the non-Unicode charset %s', async (charset) => {
    const res = await post(s.port, `application/json; charset=${charset}`, '{}');
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      error: {
        name: 'UnsupportedMediaTypeError',
        message: `unsupported charset "${charset.toUpperCase()}"`,
        status: 415,
        statusCode: 415,
        expose: true,
        charset,
        type: 'charset.unsupported',
      },
    });
  });

  it('should 415 charset.unsupported for a utf-* charset iconv-lite does not know', async () => {
    const res = await post(s.port, 'application/json; charset=UTF-9', '{}');
    expect(res.status).toBe(415);
    expect(res.json).toEqual({
      error: {
        name: 'UnsupportedMediaTypeError',
        message: 'unsupported charset "UTF-9"',
        status: 415,
        statusCode: 415,
        expose: true,
        charset: 'utf-9',
        type: 'charset.unsupported',
      },
    });
  });
});
