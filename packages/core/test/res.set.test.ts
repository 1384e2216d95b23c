import { expectCase, type ResponseCase } from './support/res';

describe('res.set(field, value)', () => {
  it.each<ResponseCase>([
    {
      name: 'should set a header and be chainable',
      handler: (_req, res) => res.set('X-Answer', '42').end(),
      expected: { status: 200, headers: { 'x-answer': '42' } },
    },
    {
      name: 'should stringify numbers',
      handler: (_req, res) => res.set('X-Count', 5).json(typeof res.get('X-Count')),
      expected: { status: 200, headers: { 'x-count': '5' }, body: '"string"' },
    },
    {
      name: 'should send an array as several header lines',
      handler: (_req, res) => res.set('X-List', ['a', 1]).end(),
      expected: { status: 200, headers: { 'x-list': 'a, 1' } },
    },
    {
      name: 'should add the charset to a text Content-Type',
      handler: (_req, res) => res.set('Content-Type', 'text/plain').end('x'),
      expected: { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'x' },
    },
    {
      name: 'should keep an explicit charset',
      handler: (_req, res) => res.set('Content-Type', 'text/html; charset=iso-8859-1').end('x'),
      expected: { status: 200, headers: { 'content-type': 'text/html; charset=iso-8859-1' } },
    },
    {
      name: 'should leave a non-text Content-Type alone',
      handler: (_req, res) => res.set('Content-Type', 'image/png').end(),
      expected: { status: 200, headers: { 'content-type': 'image/png' } },
    },
    {
      name: 'should throw a TypeError for an array Content-Type',
      handler: (_req, res) => res.set('Content-Type', ['text/plain', 'text/html']).end(),
      expected: { status: 500, json: { name: 'TypeError', message: 'Content-Type cannot be set to an Array' } },
    },
    {
      name: 'should be aliased as res.header',
      handler: (_req, res) => res.header('X-Alias', 'yes').end(),
      expected: { status: 200, headers: { 'x-alias': 'yes' } },
    },
  ])('$name', expectCase);
});

describe('res.set(object)', () => {
  it.each<ResponseCase>([
    {
      name: 'should set every field, Content-Type with its charset',
      handler: (_req, res) => res.set({ 'X-A': '1', 'Content-Type': 'text/css', 'X-B': ['b', 'c'] }).end(),
      expected: { status: 200, headers: { 'x-a': '1', 'content-type': 'text/css; charset=utf-8', 'x-b': 'b, c' } },
    },
  ])('$name', expectCase);
});

describe('res.get(field)', () => {
  it.each<ResponseCase>([
    {
      name: 'should return a header case-insensitively',
      handler: (_req, res) =>
        res.setHeader('X-Custom', 'value').json({ lower: res.get('x-custom'), upper: res.get('X-CUSTOM'), missing: res.get('X-None') ?? null }),
      expected: { status: 200, json: { lower: 'value', upper: 'value', missing: null } },
    },
  ])('$name', expectCase);
});

describe('res.append(field, value)', () => {
  it.each<ResponseCase>([
    {
      name: 'should create the header when unset',
      handler: (_req, res) => res.append('Link', '<http://localhost/>').end(),
      expected: { status: 200, headers: { link: '<http://localhost/>' } },
    },
    {
      name: 'should add values and arrays after the existing ones',
      handler: (_req, res) => res.append('X-L', 'a').append('X-L', ['b', 'c']).append('X-L', 'd').json(res.get('X-L')),
      expected: { status: 200, json: ['a', 'b', 'c', 'd'] },
    },
    {
      name: 'should send several Set-Cookie lines',
      handler: (_req, res) => res.append('Set-Cookie', 'a=1').append('Set-Cookie', 'b=2').end(),
      expected: { status: 200, headers: { 'set-cookie': ['a=1', 'b=2'] } },
    },
    {
      name: 'should be reset by a later res.set',
      handler: (_req, res) => res.append('X-L', 'a').set('X-L', 'b').append('X-L', 'c').end(),
      expected: { status: 200, headers: { 'x-l': 'b, c' } },
    },
    {
      name: 'should keep a cookie set by res.cookie',
      handler: (_req, res) => res.cookie('first', '1').append('Set-Cookie', 'second=2').end(),
      expected: { status: 200, headers: { 'set-cookie': ['first=1; Path=/', 'second=2'] } },
    },
  ])('$name', expectCase);
});

describe('header injection', () => {
  it.each<ResponseCase>([
    {
      name: 'should refuse CR/LF in a value given to res.set',
      handler: (req, res) => res.set('X-Echo', req.query.v as string).end('not reached'),
      ask: '/?v=' + encodeURIComponent('ok\r\nSet-Cookie: admin=1'),
      expected: {
        status: 500,
        headers: { 'set-cookie': undefined, 'x-echo': undefined },
        json: { name: 'TypeError', message: 'Invalid character in header content ["X-Echo"]', code: 'ERR_INVALID_CHAR' },
      },
    },
    {
      name: 'should refuse CR/LF in a value given to res.append',
      handler: (req, res) => res.append('X-Echo', req.query.v as string).end('not reached'),
      ask: '/?v=' + encodeURIComponent('a\nX-Injected: 1'),
      expected: { status: 500, headers: { 'x-injected': undefined }, json: expect.objectContaining({ code: 'ERR_INVALID_CHAR' }) },
    },
    {
      name: 'should refuse an invalid header name',
      handler: (_req, res) => res.set('X Bad: y', '1').end('not reached'),
      expected: { status: 500, json: { name: 'TypeError', message: 'Header name must be a valid HTTP token ["X Bad: y"]', code: 'ERR_INVALID_HTTP_TOKEN' } },
    },
  ])('$name', expectCase);
});
