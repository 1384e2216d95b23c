import { expectResponse, type Ask, type Expected } from './support/helpers';
import { appFor } from './support/res';

const HTML_PAGE = (text: string) => `<!DOCTYPE html><head><title>Found</title></head><body><p>${text}</p></body>`;

/** The request for a redirect to `to`, with ?status and an Accept header when given. */
const toUrl = (to: string, { status, accept, method = 'get' }: { status?: number; accept?: string; method?: 'get' | 'head' } = {}): Ask => ({
  method,
  path: `/?${status ? `status=${status}&` : ''}to=${encodeURIComponent(to)}`,
  headers: accept ? { Accept: accept } : {},
});

describe('res.redirect([status,] url)', () => {
  const app = appFor((req, res) => {
    const to = req.query.to as string;
    if (req.query.status) res.redirect(Number(req.query.status), to);
    else res.redirect(to);
  });

  const cases: Array<[string, Ask, Expected]> = [
    [
      'should redirect with 302 and a text body by default',
      toUrl('/login'),
      {
        status: 302,
        headers: { location: '/login', vary: 'Accept', 'content-type': 'text/plain; charset=utf-8', 'content-length': '28', etag: undefined },
        body: 'Found. Redirecting to /login',
      },
    ],
    [
      'should use the given status (301)',
      toUrl('/new', { status: 301 }),
      { status: 301, headers: { location: '/new' }, body: 'Moved Permanently. Redirecting to /new' },
    ],
    ['should use the given status (303)', toUrl('/next', { status: 303 }), { status: 303, body: 'See Other. Redirecting to /next' }],
    [
      'should send an HTML body (escaped) when HTML is accepted',
      toUrl('/search?q=<b>&x="1"', { accept: 'text/html' }),
      {
        status: 302,
        headers: { 'content-type': 'text/html; charset=utf-8', location: '/search?q=%3Cb%3E&x=%221%22' },
        body: HTML_PAGE('Found. Redirecting to /search?q=%3Cb%3E&amp;x=%221%22'),
      },
    ],
    [
      'should send an empty body when neither text nor HTML is accepted',
      toUrl('/x', { accept: 'image/png' }),
      { status: 302, headers: { location: '/x', 'content-length': '0', 'content-type': undefined }, body: '' },
    ],
    ['should encode the URL (non-ASCII, spaces)', toUrl('http://example.com/ü a'), { status: 302, headers: { location: 'http://example.com/%C3%BC%20a' } }],
    ['should say undefined for a status without reason phrase', toUrl('/x', { status: 399 }), { status: 399, body: 'undefined. Redirecting to /x' }],
    [
      'should throw a RangeError for a status out of range',
      toUrl('/x', { status: 1000 }),
      { status: 500, json: { name: 'RangeError', message: 'Invalid status code: 1000. Status code must be greater than 99 and less than 1000.' } },
    ],
  ];
  it.each(cases)('%s', (_name, ask, expected) => expectResponse(app, ask, expected));

  it('should send headers and no body for HEAD', async () => {
    const res = await expectResponse(app, toUrl('/x', { method: 'head' }), { status: 302, headers: { location: '/x', 'content-length': '24' } });
    expect(res.text).toBeUndefined();
  });

  describe('with hostile input', () => {
    const hostile: Array<[string, Ask, Expected]> = [
      [
        'should encode CR/LF so no header can be injected',
        toUrl('/ok\r\nSet-Cookie: session=stolen'),
        {
          status: 302,
          headers: { location: '/ok%0D%0ASet-Cookie:%20session=stolen', 'set-cookie': undefined },
          body: 'Found. Redirecting to /ok%0D%0ASet-Cookie:%20session=stolen',
        },
      ],
      [
        'should pass a protocol-relative URL through unchanged (the app must validate targets)',
        toUrl('//evil.example'),
        { status: 302, headers: { location: '//evil.example' } },
      ],
      [
        'should pass a backslash through unchanged, as express does (the app must validate targets)',
        toUrl('/\\evil.example'),
        { status: 302, headers: { location: '/\\evil.example' } },
      ],
      [
        'should escape a javascript: URL in the HTML body',
        toUrl('javascript:alert("x")', { accept: 'text/html' }),
        { status: 302, headers: { location: 'javascript:alert(%22x%22)' }, body: HTML_PAGE('Found. Redirecting to javascript:alert(%22x%22)') },
      ],
      [
        'should escape markup that survives encoding in the HTML body',
        toUrl("/a'b&c", { accept: 'text/html' }),
        { status: 302, headers: { location: "/a'b&c" }, body: HTML_PAGE('Found. Redirecting to /a&#39;b&amp;c') },
      ],
    ];
    it.each(hostile)('%s', (_name, ask, expected) => expectResponse(app, ask, expected));
  });
});
