import type { Application } from '@webfw/core';
import { expectResponse, type Ask, type Expected } from './support/helpers';
import { appFor, expectCase, type ResponseCase } from './support/res';

const WEAK = 'W/"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';
const STRONG = '"5-qvTGHdzF6KLavt4PO0gs2a6pQ00"';

/** The case `name`: res.send('hello') with the etag setting `etag`. */
const hello = (name: string, etag: unknown, expected: Expected): ResponseCase => ({
  name,
  handler: (_req, res) => res.send('hello'),
  configure: etag === undefined ? undefined : (app: Application) => app.set('etag', etag),
  expected,
});

describe('res.send() and the etag setting', () => {
  it.each<ResponseCase>([
    hello('should send a weak ETag by default', undefined, { status: 200, headers: { etag: WEAK }, body: 'hello' }),
    hello('should send a weak ETag for true', true, { status: 200, headers: { etag: WEAK } }),
    hello("should send a weak ETag for 'weak'", 'weak', { status: 200, headers: { etag: WEAK } }),
    hello("should send a strong ETag for 'strong'", 'strong', { status: 200, headers: { etag: STRONG } }),
    hello('should send no ETag for false', false, { status: 200, headers: { etag: undefined }, body: 'hello' }),
    hello('should send no ETag when a custom generator returns nothing', () => undefined, { status: 200, headers: { etag: undefined }, body: 'hello' }),
    {
      name: 'should keep an ETag set by the handler',
      handler: (_req, res) => res.set('ETag', '"mine"').send('hello'),
      expected: { status: 200, headers: { etag: '"mine"' }, body: 'hello' },
    },
    { name: 'should hash a Buffer body as is', handler: (_req, res) => res.send(Buffer.from('hello')), expected: { status: 200, headers: { etag: WEAK } } },
  ])('$name', expectCase);

  it('should hand a custom generator the body as a Buffer', async () => {
    const seen: unknown[] = [];
    const generate = (body: Buffer | string, encoding?: BufferEncoding) => {
      seen.push(Buffer.isBuffer(body), body.toString(), encoding);
      return '"custom"';
    };
    await expectCase(hello('custom', generate, { status: 200, headers: { etag: '"custom"' }, body: 'hello' }));
    expect(seen).toEqual([true, 'hello', undefined]);
  });
});

describe('res.send() and freshness', () => {
  const app = appFor((req, res) => {
    if (req.query.status) res.status(Number(req.query.status));
    res.send('hello');
  });
  const lastModified = appFor(
    (_req, res) => res.set('Last-Modified', 'Sun, 01 Jan 2023 00:00:00 GMT').send('hello'),
    (a) => a.set('etag', false),
  );

  it.each<[string, Application, Ask, Expected]>([
    [
      'should answer 304 without body when If-None-Match matches',
      app,
      { path: '/', headers: { 'If-None-Match': WEAK } },
      { status: 304, headers: { etag: WEAK, 'content-type': undefined, 'content-length': undefined }, body: '' },
    ],
    ['should answer 304 for If-None-Match: *', app, { path: '/', headers: { 'If-None-Match': '*' } }, { status: 304, body: '' }],
    ['should answer 200 when If-None-Match differs', app, { path: '/', headers: { 'If-None-Match': 'W/"5-other"' } }, { status: 200, body: 'hello' }],
    [
      'should answer 304 when If-Modified-Since is not older than Last-Modified',
      lastModified,
      { path: '/', headers: { 'If-Modified-Since': 'Mon, 02 Jan 2023 00:00:00 GMT' } },
      { status: 304, body: '' },
    ],
    [
      'should answer 200 when If-Modified-Since is older than Last-Modified',
      lastModified,
      { path: '/', headers: { 'If-Modified-Since': 'Sat, 31 Dec 2022 00:00:00 GMT' } },
      { status: 200, body: 'hello' },
    ],
    ['should ignore conditional headers for POST', app, { method: 'post', path: '/', headers: { 'If-None-Match': WEAK } }, { status: 200, body: 'hello' }],
    [
      'should ignore conditional headers for an error status',
      app,
      { path: '/?status=500', headers: { 'If-None-Match': WEAK } },
      { status: 500, body: 'hello' },
    ],
    ['should answer 304 to HEAD when fresh', app, { method: 'head', path: '/', headers: { 'If-None-Match': WEAK } }, { status: 304 }],
    [
      'should honour Cache-Control: no-cache',
      app,
      { path: '/', headers: { 'If-None-Match': WEAK, 'Cache-Control': 'no-cache' } },
      { status: 200, body: 'hello' },
    ],
  ])('%s', (_name, target, ask, expected) => expectResponse(target, ask, expected));
});
