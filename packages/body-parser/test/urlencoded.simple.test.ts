import bodyParser, { urlencoded } from '@webfw/body-parser';
import { post, send, serve, type TestServer } from './helpers';

const FORM = 'application/x-www-form-urlencoded';

describe('urlencoded() (extended: false, the default)', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(urlencoded());
  });
  afterAll(() => s.close());

  it('should parse key/value pairs into req.body', async () => {
    const res = await post(s.port, FORM, 'user=tobi&pet=loki');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'object', body: { user: 'tobi', pet: 'loki' } });
  });

  it('should collect repeated keys into an array in order', async () => {
    const res = await post(s.port, FORM, 'a=1&b=2&a=3&a=4');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: ['1', '3', '4'], b: '2' } });
  });

  it('should not nest bracketed keys', async () => {
    const res = await post(s.port, FORM, 'user[name]=tobi&tags[]=a&tags[]=b&a%5Bb%5D=c');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { 'user[name]': 'tobi', 'tags[]': ['a', 'b'], 'a[b]': 'c' } });
  });

  it('should decode + as a space and percent escapes as UTF-8', async () => {
    const res = await post(s.port, FORM, 'q=hello+world&e=%E2%82%AC+%C3%A9&k%20ey=v');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { q: 'hello world', e: '€ é', 'k ey': 'v' } });
  });

  it('should keep malformed escapes as they are', async () => {
    const res = await post(s.port, FORM, 'a=%&b=%FF&c=%zz+1&d=100%');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: '%', b: '%FF', c: '%zz 1', d: '100%' } });
  });

  it('should give keys without = the value "" and drop empty keys', async () => {
    const res = await post(s.port, FORM, 'a&&=x&b=&=&c=d=e&');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: '', b: '', c: 'd=e' } });
  });

  it('should parse an empty body as {}', async () => {
    const res = await post(s.port, FORM, '');
    expect(res.json).toEqual({ has: true, kind: 'object', body: {} });
  });

  it('should skip other types and leave req.body undefined', async () => {
    const res = await post(s.port, 'text/plain', 'a=b');
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should skip a request without a body', async () => {
    const res = await send(s.port, { method: 'GET', headers: { 'Content-Type': FORM } });
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should be reachable as bodyParser.urlencoded', () => {
    expect(bodyParser.urlencoded).toBe(urlencoded);
  });
});

describe('urlencoded() charsets', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(urlencoded());
  });
  afterAll(() => s.close());

  it('should decode an iso-8859-1 form (bytes and escapes as Latin-1)', async () => {
    const res = await post(s.port, `${FORM}; charset=iso-8859-1`, Buffer.concat([Buffer.from('a=%E9&b='), Buffer.from([0xe8])]));
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é', b: 'è' } });
  });

  it('should accept charset=UTF-8 in any case', async () => {
    const res = await post(s.port, `${FORM}; charset=UTF-8`, 'a=%C3%A9');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 'é' } });
  });

  it.each(['utf-16', 'latin1', 'koi8-r'])('should 415 charset.unsupported for charset=%s', async (charset) => {
    const res = await post(s.port, `${FORM}; charset=${charset}`, 'a=1');
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
});
