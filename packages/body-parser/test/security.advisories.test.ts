/**
 * body-parser's public advisories, and qs's where a urlencoded body reaches qs, replayed over HTTP
 * on @webfw/body-parser (body-parser 2.x) and @webfw/body-parser/v4 (1.x). Every case also runs
 * on the fixed body-parser of the same major, so the expected answer is the fixed upstream one.
 */
import request from 'supertest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import bodyParser from '@webfw/body-parser';
import bodyParserV4 from '@webfw/body-parser/v4';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
type Any = any;
const bodyParser2 = require('body-parser');
const bodyParser1 = require('body-parser-v1');

/** A server around one parser: the parsed body as JSON, or the error's status, type and message. */
function serve(middleware: Any): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) =>
    middleware(req, res, (err: Any) => {
      res.statusCode = err ? err.status : 200;
      res.end(err ? `${err.type}: ${err.message}` : JSON.stringify((req as Any).body));
    });
}

/** POST a form body through `middleware` and read status and body. */
async function postForm(middleware: Any, body: string): Promise<[number, string]> {
  const res = await request(serve(middleware)).post('/').type('form').send(body);
  return [res.status, res.text];
}

describe.each([
  ['@webfw/body-parser', bodyParser],
  ['body-parser 2 (fixed upstream)', bodyParser2],
  ['@webfw/body-parser/v4', bodyParserV4],
  ['body-parser 1.20 (fixed upstream)', bodyParser1],
])('%s', (_name, parsers: Any) => {
  const extended = parsers.urlencoded({ extended: true });

  it('GHSA-qwcr-r2fm-qrc7 (CVE-2024-45590): extended urlencoded nesting stops at depth 32 with a 400', async () => {
    expect(await postForm(extended, `a${'[a]'.repeat(33)}=1`)).toEqual([400, 'querystring.parse.rangeError: The input exceeded the depth']);
    const nested = await postForm(extended, `a${'[a]'.repeat(32)}=1`);
    expect(nested).toEqual([200, `${'{"a":'.repeat(33)}"1"${'}'.repeat(33)}`]);
  });

  it('GHSA-wqch-xfxh-vrr4 (CVE-2025-13466): a body of empty parameters is counted against parameterLimit before parsing', async () => {
    for (const options of [{ extended: true }, { extended: false }]) {
      expect(await postForm(parsers.urlencoded(options), `${'&'.repeat(90000)}a=1`)).toEqual([413, 'parameters.too.many: too many parameters']);
    }
    const overLimit = Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join('&');
    expect(await postForm(extended, overLimit)).toEqual([413, 'parameters.too.many: too many parameters']);
  });

  it('GHSA-v422-hmwv-36x6 (CVE-2026-12590): an invalid limit throws when the parser is made instead of lifting the limit', () => {
    for (const make of [parsers.json, parsers.raw, parsers.text, parsers.urlencoded]) {
      expect(() => make({ limit: 'abc', extended: true })).toThrow(new TypeError('option limit "abc" is invalid'));
      expect(() => make({ limit: NaN, extended: true })).toThrow(new TypeError('option limit "NaN" is invalid'));
      expect(() => make({ limit: {}, extended: true })).toThrow(new TypeError('option limit "[object Object]" is invalid'));
    }
  });

  it('GHSA-v422-hmwv-36x6: a valid limit still answers 413 past it', async () => {
    const res = await request(serve(parsers.json({ limit: '1kb' })))
      .post('/')
      .type('json')
      .send(JSON.stringify({ a: 'x'.repeat(2000) }));
    expect([res.status, res.text]).toEqual([413, 'entity.too.large: request entity too large']);
  });

  it('GHSA-hrpp-h998-j3pp (CVE-2022-24999, qs): __proto__ keys build no array and hang nothing', async () => {
    expect(await postForm(extended, 'a[__proto__]=b&a[__proto__]&a[length]=100000000')).toEqual([200, '{"a":{"length":"100000000"}}']);
  });

  it('GHSA-hrpp-h998-j3pp: no key of an extended body reaches Object.prototype', async () => {
    const parsed = await postForm(extended, '__proto__[polluted]=1&constructor[prototype][polluted]=1&a=1');
    expect(parsed).toEqual([200, '{"constructor":{"prototype":{"polluted":"1"}},"a":"1"}']);
    expect(({} as Any).polluted).toBeUndefined();
  });

  it('GHSA-6rw7-vpxm-498p (CVE-2025-15284, qs): bracket arrays stay within the parameters counted', async () => {
    // the parser sets qs's arrayLimit from the body's own parameter count, bounded by parameterLimit
    const items = Array.from({ length: 30 }, (_, i) => String(i));
    expect(await postForm(extended, items.map((i) => `a[]=${i}`).join('&'))).toEqual([200, JSON.stringify({ a: items })]);
    const many = Array.from({ length: 1001 }, (_, i) => `a[]=${i}`).join('&');
    expect(await postForm(extended, many)).toEqual([413, 'parameters.too.many: too many parameters']);
  });
});
