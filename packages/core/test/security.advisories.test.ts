/**
 * express's public advisories, and those of the libraries it hands client input to (cookie, qs
 * through the query parser, fresh, negotiator), replayed over HTTP on the 5.x and 4.x entries.
 * Every case also runs on the fixed express of the same major, so the expected answer is the
 * fixed upstream answer, byte for byte. SECURITY.md lists each advisory and its test.
 */
import request from 'supertest';
import webfw from '@webfw/core';
import webfwV4 from '@webfw/core/v4';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
const express5 = require('express');
const express4 = require('express-v4');
type Any = any;

/** The app every advisory is replayed against; each route hands one piece of client input to the API at fault. */
function advisoryApp(factory: Any, queryParser?: string): Any {
  const app = factory();
  if (queryParser) app.set('query parser', queryParser);
  app.get('/location', (req: Any, res: Any) => res.location(req.query.to).end());
  app.get('/redirect', (req: Any, res: Any) => res.redirect(req.query.to));
  app.get('/html', (_req: Any, res: Any) => res.send('<p>hi</p>'));
  app.get('/cookie', (req: Any, res: Any) => res.cookie(req.query.name, 'v', JSON.parse(req.query.options || '{}')).end('set'));
  app.get('/query', (req: Any, res: Any) => res.json(req.query));
  app.get('/etag', (_req: Any, res: Any) => res.send('hello'));
  app.get('/languages', (req: Any, res: Any) => res.json(req.acceptsLanguages('en', 'fr')));
  // the error's name and message, so a rejected input is read exactly
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(500).send(`${err.name}: ${err.message}`));
  return app;
}

const q = (value: string) => encodeURIComponent(value);

/** webfw beside the fixed express of the same major; `major` picks what differs between 5.x and 4.x. */
const subjects: Array<[string, Any, 5 | 4]> = [
  ['@webfw/core', webfw, 5],
  ['express 5 (fixed upstream)', express5, 5],
  ['@webfw/core/v4', webfwV4, 4],
  ['express 4 (fixed upstream)', express4, 4],
];

describe.each(subjects)('%s', (_name, factory, major) => {
  const app = advisoryApp(factory);
  const extended = advisoryApp(factory, 'extended');

  it('GHSA-rv95-896h-c2vc (CVE-2024-29041): res.location keeps the host of a malformed URL as the browser reads it', async () => {
    for (const to of ['http://google.com\\@apple.com', '//google.com\\@apple.com']) {
      const res = await request(app).get(`/location?to=${q(to)}`);
      expect(res.status).toBe(200);
      expect(res.headers.location).toBe(to);
      expect(new URL(String(res.headers.location), 'http://localhost').host).toBe('google.com');
    }
    const encoded = await request(app).get(`/location?to=${q('http://google.com%5C@apple.com')}`);
    expect(encoded.headers.location).toBe('http://google.com%5C@apple.com');
  });

  it('GHSA-qw6h-vgh9-j6wx (CVE-2024-43796): res.redirect writes no link, so a javascript: URL is never clickable', async () => {
    const res = await request(app)
      .get(`/redirect?to=${q('javascript:alert(1)')}`)
      .set('Accept', 'text/html');
    const text = '<p>Found. Redirecting to javascript:alert(1)</p>';
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('javascript:alert(1)');
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe(major === 5 ? `<!DOCTYPE html><head><title>Found</title></head><body>${text}</body>` : text);

    const tag = await request(app)
      .get(`/redirect?to=${q('"><script>alert(1)</script>')}`)
      .set('Accept', 'text/html');
    expect(tag.headers.location).toBe('%22%3E%3Cscript%3Ealert(1)%3C/script%3E');
    expect(tag.text).toContain('<p>Found. Redirecting to %22%3E%3Cscript%3Ealert(1)%3C/script%3E</p>');
    expect(tag.text).not.toMatch(/<a |<script>/);
  });

  it('GHSA-gpvr-g6gh-9mc2 (CVE-2014-6393): an HTML string is sent with its charset', async () => {
    const res = await request(app).get('/html');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toBe('<p>hi</p>');
  });

  it('GHSA-pxg6-pf52-xh8x (CVE-2024-47764): res.cookie rejects a name, path or domain that would add attributes', async () => {
    const cases: Array<[string, string]> = [
      [`/cookie?name=${q('a=b; Path=/')}`, 'TypeError: argument name is invalid'],
      [`/cookie?name=n&options=${q(JSON.stringify({ path: '/; Domain=evil.example' }))}`, 'TypeError: option path is invalid'],
      [`/cookie?name=n&options=${q(JSON.stringify({ domain: 'example.com; SameSite=None' }))}`, 'TypeError: option domain is invalid'],
    ];
    for (const [path, message] of cases) {
      const res = await request(app).get(path);
      expect([res.status, res.text, res.headers['set-cookie']]).toEqual([500, message, undefined]);
    }
  });

  it('GHSA-hrpp-h998-j3pp (CVE-2022-24999): the extended query parser keeps __proto__ out of arrays and hangs nothing', async () => {
    const res = await request(extended).get('/query?a[__proto__]=b&a[__proto__]&a[length]=100000000');
    expect(res.status).toBe(200);
    expect(res.text).toBe('{"a":{"length":"100000000"}}');
  });

  it('GHSA-hrpp-h998-j3pp: neither query parser lets a key reach Object.prototype', async () => {
    const path = '/query?__proto__[polluted]=1&constructor[prototype][polluted]=1';
    const res = await request(extended).get(path);
    expect(res.text).toBe('{"constructor":{"prototype":{"polluted":"1"}}}');
    const simple = await request(advisoryApp(factory, 'simple')).get(path);
    expect(simple.text).toBe('{"__proto__[polluted]":"1","constructor[prototype][polluted]":"1"}');
    expect(({} as Any).polluted).toBeUndefined();
  });

  it('GHSA-6rw7-vpxm-498p (CVE-2025-15284): the extended query parser holds bracket arrays to its arrayLimit', async () => {
    const items = (count: number) => Array.from({ length: count }, (_, i) => String(i));
    const query = (count: number) =>
      `/query?${items(count)
        .map((i) => `a[]=${i}`)
        .join('&')}`;
    if (major === 5) {
      // qs's arrayLimit (20): past it the values stay, keyed by index, in an object
      const res = await request(extended).get(query(25));
      expect([res.status, Array.isArray(res.body.a)]).toEqual([200, false]);
      expect(res.body).toEqual({ a: Object.fromEntries(items(25).map((i) => [i, i])) });
    } else {
      // express 4's arrayLimit is 1000, the same as qs's parameterLimit, which drops what follows
      const res = await request(extended).get(query(1005));
      expect([res.status, res.body]).toEqual([200, { a: items(1000) }]);
    }
  });

  it('CVE-2014-7191 (qs): a huge array index builds an object, not a sparse array of that length', async () => {
    const res = await request(extended).get('/query?a[999999999]=1&b[0]=x');
    expect([res.status, res.text]).toEqual([200, '{"a":{"999999999":"1"},"b":["x"]}']);
  });

  it('GHSA-9qj9-36jm-prpv (CVE-2017-16119, fresh): a long If-None-Match is read in linear time', async () => {
    const res = await request(app)
      .get('/etag')
      .set('If-None-Match', `${' '.repeat(8000)}x`);
    expect([res.status, res.text, res.headers.etag]).toEqual([200, 'hello', 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"']);
  });

  it('GHSA-7mc5-chhp-fmc3 (CVE-2016-10539, negotiator): a crafted Accept-Language is read in linear time', async () => {
    const res = await request(app)
      .get('/languages')
      .set('Accept-Language', `a${'-a'.repeat(5000)};q=1`);
    expect([res.status, res.text]).toEqual([200, 'false']);
  });
});
