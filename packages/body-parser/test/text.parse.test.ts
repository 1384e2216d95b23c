import iconv from 'iconv-lite';
import bodyParser, { text } from '@webfw/body-parser';
import { answer, charsetUnsupported, send, serveAll, withServe } from './support/helpers';

describe('text()', () => {
  const s = serveAll(text());

  it.each([
    ['should read a text/plain body into a string', 'text/plain', 'user is tobi', 'string', 'user is tobi'],
    ['should read an empty body as ""', 'text/plain', '', 'string', ''],
    ['should skip other types (text/html) and leave req.body undefined', 'text/html', '<p>hi</p>', 'undefined', null],
    ['should drop a UTF-8 byte order mark', 'text/plain; charset=utf-8', Buffer.from('\ufeffhello'), 'string', 'hello'],
  ])('%s', async (_title, contentType, sent, kind, body) => {
    expect(await answer(s.port, contentType, sent)).toEqual({ status: 200, json: { has: true, kind, body } });
  });

  it('should skip a request without a body', async () => {
    const res = await send(s.port, { method: 'GET', headers: { 'Content-Type': 'text/plain' } });
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it.each([
    ['iso-8859-1', 'façade'],
    ['koi8-r', 'привет'],
    ['windows-1251', 'привет'],
    ['shift_jis', 'こんにちは'],
    ['utf-16le', 'Zoë 😀'],
  ])('should decode charset=%s with iconv-lite', async (charset, phrase) => {
    expect(await answer(s.port, `text/plain; charset=${charset}`, iconv.encode(phrase, charset))).toEqual({
      status: 200,
      json: { has: true, kind: 'string', body: phrase },
    });
  });

  it('should 415 charset.unsupported for a charset iconv-lite does not know', async () => {
    expect(await answer(s.port, 'text/plain; charset=x-bogus', 'hi')).toEqual({ status: 415, json: { error: charsetUnsupported('x-bogus') } });
  });

  it('should be reachable as bodyParser.text', () => {
    expect(bodyParser.text).toBe(text);
  });
});

describe('text({ defaultCharset })', () => {
  const decoded = { status: 200, json: { has: true, kind: 'string', body: 'привет' } };

  it.each([
    {
      title: 'should decode with defaultCharset when the Content-Type names none',
      options: { defaultCharset: 'koi8-r' },
      contentType: 'text/plain',
      body: iconv.encode('привет', 'koi8-r'),
      expected: decoded,
    },
    {
      title: 'should decode with the charset the Content-Type names, not defaultCharset',
      options: { defaultCharset: 'koi8-r' },
      contentType: 'text/plain; charset=utf-8',
      body: 'привет',
      expected: decoded,
    },
    { title: 'should default to utf-8', options: {}, contentType: 'text/plain', body: Buffer.from('привет'), expected: decoded },
    {
      title: 'should 415 at request time when defaultCharset is unknown',
      options: { defaultCharset: 'NOPE' },
      contentType: 'text/plain',
      body: 'hi',
      expected: { status: 415, json: { error: charsetUnsupported('nope') } },
    },
  ])('$title', ({ options, contentType, body, expected }) =>
    withServe(text(options), async (s) => {
      expect(await answer(s.port, contentType, body)).toEqual(expected);
    }),
  );
});
