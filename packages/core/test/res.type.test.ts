import { expectCase, type Handler, type ResponseCase } from './support/res';

/** The case `name`: res.type(t) must send the Content-Type `type`. */
const typed = (name: string, t: string, type: string): ResponseCase => ({
  name,
  handler: (_req, res) => res.type(t).end(),
  expected: { status: 200, headers: { 'content-type': type } },
});

describe('res.type(type)', () => {
  it.each<ResponseCase>([
    typed('should look up an extension with its charset (html)', 'html', 'text/html; charset=utf-8'),
    typed('should look up an extension with its charset (json)', 'json', 'application/json; charset=utf-8'),
    typed('should look up an extension with its charset (png, none)', 'png', 'image/png'),
    typed('should accept an extension with a leading dot', '.txt', 'text/plain; charset=utf-8'),
    typed('should use a value containing / as the type', 'application/vnd.api+json', 'application/vnd.api+json'),
    typed('should use a value containing / as the type, adding the charset of a text type', 'text/x-custom', 'text/x-custom; charset=utf-8'),
    typed('should fall back to application/octet-stream for an unknown extension', 'nope-such-ext', 'application/octet-stream'),
    {
      name: 'should be aliased as res.contentType',
      handler: (_req, res) => res.contentType('css').end(),
      expected: { status: 200, headers: { 'content-type': 'text/css; charset=utf-8' } },
    },
  ])('$name', expectCase);
});

describe('res.attachment([filename])', () => {
  it.each<ResponseCase>([
    {
      name: 'should set Content-Disposition to attachment',
      handler: (_req, res) => res.attachment().end(),
      expected: { status: 200, headers: { 'content-disposition': 'attachment', 'content-type': undefined } },
    },
    {
      name: 'should add the base name and the Content-Type of the extension',
      handler: (_req, res) => res.attachment('path/to/report.json').send('{}'),
      expected: {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename=report.json', 'content-type': 'application/json; charset=utf-8' },
        body: '{}',
      },
    },
    {
      name: 'should encode a non-ASCII file name (RFC 5987) with an ASCII fallback',
      handler: (_req, res) => res.attachment('résumé.pdf').end(),
      expected: {
        status: 200,
        headers: { 'content-disposition': 'attachment; filename="r?sum?.pdf"; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf', 'content-type': 'application/pdf' },
      },
    },
    {
      name: 'should quote a name with a quote or CR/LF instead of breaking the header',
      handler: (req, res) => res.attachment(req.query.name as string).end(),
      ask: '/?name=' + encodeURIComponent('a"b\r\nX-Evil: 1.txt'),
      expected: {
        status: 200,
        headers: { 'x-evil': undefined, 'content-disposition': 'attachment; filename="a\\"b??X-Evil: 1.txt"; filename*=UTF-8\'\'a%22b%0D%0AX-Evil%3A%201.txt' },
      },
    },
  ])('$name', expectCase);
});

describe('res.vary(field)', () => {
  it.each<ResponseCase>([
    {
      name: 'should add the field to Vary',
      handler: (_req, res) => res.vary('Accept').vary('Origin').vary('accept').end(),
      expected: { status: 200, headers: { vary: 'Accept, Origin' } },
    },
    {
      name: 'should accept an array of fields',
      handler: (_req, res) => res.vary(['Accept-Encoding', 'Accept-Language']).end(),
      expected: { status: 200, headers: { vary: 'Accept-Encoding, Accept-Language' } },
    },
    { name: 'should leave Vary unset for an empty array', handler: (_req, res) => res.vary([]).end(), expected: { status: 200, headers: { vary: undefined } } },
    {
      name: 'should throw a TypeError for an invalid field name',
      handler: (_req, res) => res.vary('bad name').end(),
      expected: { status: 500, json: { name: 'TypeError', message: 'field argument contains an invalid header name' } },
    },
    {
      name: 'should throw a TypeError without a field',
      handler: (_req, res) => {
        (res.vary as (field?: string) => unknown)();
        res.end();
      },
      expected: { status: 500, json: { name: 'TypeError', message: 'field argument is required' } },
    },
  ])('$name', expectCase);
});

describe('res.links(links)', () => {
  it.each<ResponseCase>([
    {
      name: 'should set the Link header',
      handler: (_req, res) => res.links({ next: 'http://api.example.com/users?page=2', last: 'http://api.example.com/users?page=5' }).end(),
      expected: { status: 200, headers: { link: '<http://api.example.com/users?page=2>; rel="next", <http://api.example.com/users?page=5>; rel="last"' } },
    },
    {
      name: 'should append to an existing Link header and expand arrays',
      handler: (_req, res) =>
        res
          .links({ next: '/p2' })
          .links({ alternate: ['/a.json', '/a.xml'] })
          .end(),
      expected: { status: 200, headers: { link: '</p2>; rel="next", </a.json>; rel="alternate", </a.xml>; rel="alternate"' } },
    },
  ])('$name', expectCase);
});

describe('res.location(url)', () => {
  const locate: Handler = (req, res) => res.location(req.query.to as string).end();

  it.each<[string, string, Record<string, string>, Record<string, string | undefined>]>([
    ['should set Location', 'http://example.com/a?b=c', {}, { location: 'http://example.com/a?b=c' }],
    ['should percent-encode what is not already encoded', '/ü?a=b c#ü', {}, { location: '/%C3%BC?a=b%20c#%C3%BC' }],
    ['should keep valid escapes and encode a lone %', '/%20a%zz', {}, { location: '/%20a%25zz' }],
    [
      'should encode CR/LF so no header can be injected',
      '/a\r\nSet-Cookie: admin=1',
      {},
      { location: '/a%0D%0ASet-Cookie:%20admin=1', 'set-cookie': undefined },
    ],
    ["should not treat 'back' specially (5.x)", 'back', { Referer: 'http://example.com/from' }, { location: 'back' }],
  ])('%s', (name, to, requestHeaders, headers) =>
    expectCase({ name, handler: locate, ask: { path: '/?to=' + encodeURIComponent(to), headers: requestHeaders }, expected: { status: 200, headers } }),
  );
});
