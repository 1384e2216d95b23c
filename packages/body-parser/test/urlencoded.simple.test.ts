import bodyParser, { urlencoded } from '@webfw/body-parser';
import { answer, charsetUnsupported, send, serveAll } from './support/helpers';

const FORM = 'application/x-www-form-urlencoded';

describe('urlencoded() (extended: false, the default)', () => {
  const s = serveAll(urlencoded());

  it.each([
    ['should parse key/value pairs into req.body', 'user=tobi&pet=loki', { user: 'tobi', pet: 'loki' }],
    ['should collect repeated keys into an array in order', 'a=1&b=2&a=3&a=4', { a: ['1', '3', '4'], b: '2' }],
    ['should not nest bracketed keys', 'user[name]=tobi&tags[]=a&tags[]=b&a%5Bb%5D=c', { 'user[name]': 'tobi', 'tags[]': ['a', 'b'], 'a[b]': 'c' }],
    ['should decode + as a space and percent escapes as UTF-8', 'q=hello+world&e=%E2%82%AC+%C3%A9&k%20ey=v', { q: 'hello world', e: '€ é', 'k ey': 'v' }],
    ['should keep malformed escapes as they are', 'a=%&b=%FF&c=%zz+1&d=100%', { a: '%', b: '%FF', c: '%zz 1', d: '100%' }],
    ['should give keys without = the value "" and drop empty keys', 'a&&=x&b=&=&c=d=e&', { a: '', b: '', c: 'd=e' }],
    ['should parse an empty body as {}', '', {}],
  ])('%s', async (_title, body, parsed) => {
    expect(await answer(s.port, FORM, body)).toEqual({ status: 200, json: { has: true, kind: 'object', body: parsed } });
  });

  it.each([
    ['should skip other types and leave req.body undefined', { headers: { 'Content-Type': 'text/plain', 'Content-Length': 3 }, body: 'a=b' }],
    ['should skip a request without a body', { method: 'GET', headers: { 'Content-Type': FORM } }],
  ])('%s', async (_title, request) => {
    const res = await send(s.port, request);
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should be reachable as bodyParser.urlencoded', () => {
    expect(bodyParser.urlencoded).toBe(urlencoded);
  });
});

describe('urlencoded() charsets', () => {
  const s = serveAll(urlencoded());

  it.each([
    [
      'should decode an iso-8859-1 form (bytes and escapes as Latin-1)',
      `${FORM}; charset=iso-8859-1`,
      Buffer.concat([Buffer.from('a=%E9&b='), Buffer.from([0xe8])]),
      { a: 'é', b: 'è' },
    ],
    ['should accept charset=UTF-8 in any case', `${FORM}; charset=UTF-8`, 'a=%C3%A9', { a: 'é' }],
  ])('%s', async (_title, contentType, body, parsed) => {
    expect(await answer(s.port, contentType, body)).toEqual({ status: 200, json: { has: true, kind: 'object', body: parsed } });
  });

  it.each(['utf-16', 'latin1', 'koi8-r'])('should 415 charset.unsupported for charset=%s', async (charset) => {
    expect(await answer(s.port, `${FORM}; charset=${charset}`, 'a=1')).toEqual({ status: 415, json: { error: charsetUnsupported(charset) } });
  });
});
