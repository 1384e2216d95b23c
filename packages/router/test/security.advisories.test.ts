/**
 * path-to-regexp's public advisories (the only ones router 1.x and 2.x have had), replayed on
 * @webfw/router (path-to-regexp 8 syntax) and @webfw/router/v4 (0.1 syntax). Each case also runs
 * on the fixed upstream: router 2 for 5.x; for 4.x express 4.22's router, since router 1.3.8
 * still pins path-to-regexp 0.1.7. ReDoS cases assert the answer to the crafted URL (a request
 * that backtracks would time the test out) and that the route compiles as the fixed release does.
 */
import path from 'node:path';
import request from 'supertest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Router from '@webfw/router';
import RouterV4 from '@webfw/router/v4';

/* eslint-disable @typescript-eslint/no-require-imports, @typescript-eslint/no-explicit-any */
type Any = any;
const Router2 = require('router');
const RouterE4 = require(require.resolve('express-v4/lib/router', { paths: [path.join(__dirname, '../../core')] }));
const pathToRegexpV0 = require('path-to-regexp-v0');

/** A server whose router answers one route with its params as JSON, and 404 when nothing matched. */
function serve(factory: Any, route: string): (req: IncomingMessage, res: ServerResponse) => void {
  const router = factory();
  router.get(route, (req: Any, res: Any) => res.end(JSON.stringify(req.params)));
  return (req, res) =>
    router(req, res, () => {
      res.statusCode = 404;
      res.end('no route');
    });
}

/** GET `url` (a path that backtracks on a vulnerable regexp, or a plain one) and read status and body. */
async function replay(factory: Any, route: string, url: string): Promise<[number, string]> {
  const res = await request(serve(factory, route)).get(url);
  return [res.status, res.text];
}

const dashes = '-'.repeat(8000);

describe.each([
  ['@webfw/router', Router],
  ['router 2 (fixed upstream)', Router2],
])('%s (path-to-regexp 8 syntax)', (_name, factory: Any) => {
  it('GHSA-9wv6-86v2-598j (CVE-2024-45296): two parameters in one segment match without backtracking', async () => {
    expect(await replay(factory, '/:a-:b', `/${dashes}/x`)).toEqual([404, 'no route']);
    expect(await replay(factory, '/:a-:b', `/a${dashes}x`)).toEqual([200, JSON.stringify({ a: `a${dashes.slice(1)}`, b: 'x' })]);
    expect(await replay(factory, '/:a-:b', '/left-right')).toEqual([200, '{"a":"left","b":"right"}']);
  });

  it('GHSA-27v5-c462-wpq7 (CVE-2026-4923): several wildcards with a parameter match without backtracking', async () => {
    expect(await replay(factory, '/*foo-*bar-:baz', `/${'a-'.repeat(4000)}/`)).toEqual([404, 'no route']);
    expect(await replay(factory, '/*foo-*bar-:baz', `/${dashes}`)).toEqual([404, 'no route']);
    expect(await replay(factory, '/*foo-*bar-:baz', '/a/b-c-d')).toEqual([200, '{"foo":["a","b"],"bar":["c"],"baz":"d"}']);
  });

  it('GHSA-j3q9-mxjg-w52f (CVE-2026-4926): a route whose optional groups multiply past 256 paths is refused at registration', async () => {
    const groups = (n: number) => Array.from({ length: n }, (_, i) => `{/${String.fromCharCode(97 + i)}}`).join('') + '/:z';
    expect(() => factory().get(groups(9), () => {})).toThrow(`Too many path combinations: ${groups(9)}; visit https://git.new/pathToRegexpError for info`);
    expect(await replay(factory, groups(8), '/a/c/h/z')).toEqual([200, '{"z":"z"}']);
  });
});

describe.each([
  ['@webfw/router/v4', RouterV4],
  ['express 4.22 router (fixed upstream)', RouterE4],
])('%s (path-to-regexp 0.1 syntax)', (_name, factory: Any) => {
  /** The route's compiled regexp, as express 4 tools read it from the stack. */
  const compiled = (route: string) => {
    const router = factory();
    router.get(route, () => {});
    return router.stack[0].regexp.source;
  };
  const fixed = (route: string) => pathToRegexpV0(route, [], { end: true }).source;

  it('GHSA-9wv6-86v2-598j (CVE-2024-45296): two parameters in one segment compile as path-to-regexp 0.1.10+ and match without backtracking', async () => {
    expect(compiled('/:a-:b')).toBe(fixed('/:a-:b'));
    expect(compiled('/:a-:b')).toBe('^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))\\/?$');
    expect(await replay(factory, '/:a-:b', `/${dashes}/x`)).toEqual([404, 'no route']);
    expect(await replay(factory, '/:a-:b', '/left-right')).toEqual([200, '{"a":"left","b":"right"}']);
  });

  it('GHSA-rhx6-c78j-4q9w (CVE-2024-52798): wildcards and literal prefixes beside parameters compile as path-to-regexp 0.1.12+', async () => {
    for (const route of ['/*-:a', '/x-:a-:b', '/:a-x:b', '/:a-:b?']) expect(compiled(route)).toBe(fixed(route));
    expect(compiled('/*-:a')).toBe('^\\/(.*)-(?:((?:(?!\\/|-).)+?))\\/?$');
    expect(await replay(factory, '/x-:a-:b', `/x-${dashes}/`)).toEqual([404, 'no route']);
  });

  it('GHSA-37ch-88jc-xwx2 (CVE-2026-4867): three or more parameters in one segment compile as path-to-regexp 0.1.13', async () => {
    for (const route of ['/:a-:b-:c', '/:a-*-:b']) expect(compiled(route)).toBe(fixed(route));
    expect(compiled('/:a-:b-:c')).toBe('^(?:\\/([^/]+?))-(?:((?:(?!\\/|-).)+?))-(?:((?:(?!\\/|-).)+?))\\/?$');
    expect(await replay(factory, '/:a-:b-:c', `/a${dashes}/`)).toEqual([404, 'no route']);
    expect(await replay(factory, '/:a-:b-:c', '/1-2-3')).toEqual([200, '{"a":"1","b":"2","c":"3"}']);
  });
});
