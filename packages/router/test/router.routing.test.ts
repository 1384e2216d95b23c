import type { IncomingMessage, ServerResponse } from 'node:http';
import request from 'supertest';
import Router, { type RouterOptions } from '@webfw/router';
import { createServer } from './support/helpers';

/**
 * One table of routing cases, each run against the whole router (a node:http server with the
 * tests' final handler) and against router 2.3 in the same server: a route on `path` under
 * `options`, `GET url`, and the expected outcome (the route's `req.params`, or 404).
 */
interface Case {
  should: string;
  path: string | RegExp | Array<string | RegExp>;
  url: string;
  /** `req.params` the route answers with, or 404 (`Cannot GET <url>` from the final handler). */
  expected: Record<string, unknown> | 404;
  options?: RouterOptions;
}

const CASES: Case[] = [
  { should: 'hold named parameters', path: '/users/:userId/books/:bookId', url: '/users/34/books/8989', expected: { userId: '34', bookId: '8989' } },
  { should: 'percent-decode parameter values', path: '/f/:name', url: '/f/caf%C3%A9%20%2F%20bar', expected: { name: 'café / bar' } },
  { should: 'split parameters on - as path-to-regexp does', path: '/flights/:from-:to', url: '/flights/LAX-SFO', expected: { from: 'LAX', to: 'SFO' } },
  {
    should: 'split parameters on . as path-to-regexp does',
    path: '/plantae/:genus.:species',
    url: '/plantae/Prunus.persica',
    expected: { genus: 'Prunus', species: 'persica' },
  },
  { should: 'omit an optional parameter that is absent', path: '/files{/:name}', url: '/files', expected: {} },
  { should: 'fill an optional parameter that is present', path: '/files{/:name}', url: '/files/a.txt', expected: { name: 'a.txt' } },
  { should: 'omit an optional parameter inside the path', path: '/:lang{/:region}/home', url: '/en/home', expected: { lang: 'en' } },
  { should: 'fill an optional parameter inside the path', path: '/:lang{/:region}/home', url: '/en/us/home', expected: { lang: 'en', region: 'us' } },
  {
    should: 'give a splat as the array of its decoded segments',
    path: '/assets/*path',
    url: '/assets/css/site%20main.css',
    expected: { path: ['css', 'site main.css'] },
  },
  { should: 'keep empty segments and decoded slashes in a splat', path: '/assets/*path', url: '/assets/a%2Fb//c', expected: { path: ['a/b', '', 'c'] } },
  { should: 'not match a splat with nothing to take', path: '/assets/*path', url: '/assets', expected: 404 },
  { should: 'omit an optional splat that is absent', path: '/opt{/*rest}', url: '/opt', expected: {} },
  { should: 'fill an optional splat that is present', path: '/opt{/*rest}', url: '/opt/x/y', expected: { rest: ['x', 'y'] } },
  {
    should: 'number the captures of a regular expression and name its named groups',
    path: /^\/item\/(\d+)\/(?<slug>[a-z%0-9]+)$/,
    url: '/item/12/b%61r',
    expected: { 0: '12', slug: 'bar' },
  },
  { should: 'not number a non-capturing group', path: /^\/lit\/(?:a|b)\/(\w+)$/, url: '/lit/a/z', expected: { 0: 'z' } },
  { should: 'match a regular expression anywhere in the path', path: /ab+c/, url: '/xabbbc/y', expected: {} },
  { should: 'not match a regular expression that is not in the path', path: /ab+c/, url: '/ac', expected: 404 },
  { should: 'accept quoted parameter names', path: '/q/:"with space"', url: '/q/v', expected: { 'with space': 'v' } },
  { should: 'match escaped special characters literally', path: '/price\\:usd/\\*', url: '/price:usd/*', expected: {} },
  { should: 'match the whole path', path: '/user', url: '/user', expected: {} },
  { should: 'match with one trailing slash', path: '/user', url: '/user/', expected: {} },
  { should: 'match case-insensitively by default', path: '/user', url: '/USER', expected: {} },
  { should: 'not match a longer path', path: '/user', url: '/user/x', expected: 404 },
  { should: 'not match two trailing slashes', path: '/user', url: '/user//', expected: 404 },
  { should: 'route the first element of an array of paths', path: ['/one', '/two/:n', /^\/three$/], url: '/one', expected: {} },
  { should: 'route a pattern in an array of paths', path: ['/one', '/two/:n', /^\/three$/], url: '/two/2', expected: { n: '2' } },
  { should: 'route a regular expression in an array of paths', path: ['/one', '/two/:n', /^\/three$/], url: '/three', expected: {} },
  { should: 'not route a path outside an array of paths', path: ['/one', '/two/:n', /^\/three$/], url: '/four', expected: 404 },
  {
    should: 'match case-sensitively when caseSensitive is set',
    path: '/Users/:id',
    url: '/Users/Ab',
    expected: { id: 'Ab' },
    options: { caseSensitive: true },
  },
  {
    should: 'compare static text case-sensitively when caseSensitive is set',
    path: '/Users/:id',
    url: '/users/Ab',
    expected: 404,
    options: { caseSensitive: true },
  },
  { should: 'not fold the path when caseSensitive is set', path: '/Foo', url: '/FOO', expected: 404, options: { caseSensitive: true } },
  { should: 'match a trailing slash route without it by default', path: '/bar/', url: '/bar', expected: {} },
  { should: 'match the path as written when strict is set', path: '/foo', url: '/foo', expected: {}, options: { strict: true } },
  { should: 'not match a trailing slash when strict is set', path: '/foo', url: '/foo/', expected: 404, options: { strict: true } },
  { should: 'require the trailing slash of the route when strict is set', path: '/bar/', url: '/bar', expected: 404, options: { strict: true } },
  { should: 'match the trailing slash of the route when strict is set', path: '/bar/', url: '/bar/', expected: {}, options: { strict: true } },
  { should: 'not match a pattern with a trailing slash when strict is set', path: '/p/:id', url: '/p/1/', expected: 404, options: { strict: true } },
  { should: 'match a parameter holding an encoded slash', path: '/user/:id/posts', url: '/user/a%2Fb/posts', expected: { id: 'a/b' } },
  { should: 'match a pattern with one trailing slash', path: '/user/:id/posts', url: '/user/1/posts/', expected: { id: '1' } },
  { should: 'not match a pattern with more segments than the path', path: '/user/:id/posts', url: '/user/1', expected: 404 },
  { should: 'not match a pattern with two trailing slashes', path: '/user/:id', url: '/user/1//', expected: 404 },
  { should: 'not match a pattern with fewer segments than the path', path: '/user/:id', url: '/user/1/posts', expected: 404 },
];

type Req = IncomingMessage & { params: Record<string, unknown> };
type AnyRouter = ((req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void) & {
  get(path: unknown, fn: (req: Req, res: ServerResponse) => void): void;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const reference = require('router') as (options?: RouterOptions) => AnyRouter;

/** Answers with `req.params` as JSON. */
function params(req: Req, res: ServerResponse): void {
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(req.params));
}

async function outcome(router: AnyRouter, { path, url, expected }: Case): Promise<void> {
  router.get(path, params);
  const test = request(createServer(router)).get(url);
  if (expected === 404) await test.expect(404, `Cannot GET ${url}`);
  else await test.expect(200, expected);
}

describe('routing: a route on path, GET url', () => {
  it.each(CASES)('should $should (GET $url on $path)', async (c) => {
    await outcome(Router(c.options) as unknown as AnyRouter, c);
  });

  it.each(CASES)('should $should as router 2.3 does (GET $url on $path)', async (c) => {
    await outcome(reference(c.options), c);
  });
});
