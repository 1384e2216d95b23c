import request from 'supertest';
import webfw from '@webfw/core';
import type { Request } from '@webfw/core';

function echo(fn: (req: Request) => unknown) {
  const app = webfw();
  app.use((req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(fn(req)));
  });
  return app;
}

/** One case: what the handler answers from `req`, the request headers, and the answer expected. */
interface AcceptsCase {
  name: string;
  answer: (req: Request) => unknown;
  headers: Record<string, string>;
  expected: unknown;
}

/** Asserts the JSON `answer` sends for a GET with `headers`. */
async function expectAnswer({ answer, headers, expected }: AcceptsCase): Promise<void> {
  const res = await request(echo(answer)).get('/').set(headers);
  expect(res.body).toEqual(expected);
}

describe('req.accepts()', () => {
  it.each<AcceptsCase>([
    {
      name: 'should return the best type as given (extension or MIME)',
      answer: (req) => [req.accepts('html'), req.accepts('text/html'), req.accepts('json'), req.accepts(['json', 'html']), req.accepts('json', 'html')],
      headers: { Accept: 'text/html;q=0.9, application/json' },
      expected: ['html', 'text/html', 'json', 'json', 'json'],
    },
    {
      name: 'should return false when nothing is acceptable',
      answer: (req) => req.accepts(['json', 'png']),
      headers: { Accept: 'text/html' },
      expected: false,
    },
    { name: 'should return the first type without an Accept header', answer: (req) => req.accepts(['json', 'html']), headers: {}, expected: 'json' },
    {
      name: 'should list every accepted type by preference without arguments',
      answer: (req) => req.accepts(),
      headers: { Accept: 'text/plain;q=0.5, application/json, text/html;q=0.8' },
      expected: ['application/json', 'text/html', 'text/plain'],
    },
    { name: 'should list */* without arguments nor Accept header', answer: (req) => req.accepts(), headers: {}, expected: ['*/*'] },
    { name: 'should match wildcards', answer: (req) => [req.accepts('png'), req.accepts('json')], headers: { Accept: 'image/*' }, expected: ['png', false] },
    { name: 'should ignore unknown extensions', answer: (req) => req.accepts(['nosuchext', 'json']), headers: { Accept: '*/*' }, expected: 'json' },
  ])('$name', expectAnswer);

  it('should handle an Accept header with hundreds of entries', async () => {
    const entries = Array.from({ length: 500 }, (_, i) => `application/x-type-${i};q=0.${(i % 9) + 1}`);
    entries.push('application/json;q=1');
    const res = await request(echo((req) => [req.accepts(['html', 'json']), req.accepts().length]))
      .get('/')
      .set('Accept', entries.join(', '));
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['json', 501]);
  });
});

/** One test: GET with the header at `value` (absent when undefined); the handler makes each call of `calls` (its arguments) and answers the results. */
type NegotiationRow = [name: string, value: string | undefined, calls: unknown[][], expected: unknown[]];

describe.each<[string, 'acceptsEncodings' | 'acceptsCharsets' | 'acceptsLanguages', string, NegotiationRow[]]>([
  [
    'req.acceptsEncodings()',
    'acceptsEncodings',
    'Accept-Encoding',
    [
      ['should return the first accepted encoding', 'gzip, br;q=0.5', [['gzip'], [['br', 'gzip']], ['deflate']], ['gzip', 'gzip', false]],
      ['should list the accepted encodings (identity included) without arguments', 'br', [[]], [['br', 'identity']]],
    ],
  ],
  [
    'req.acceptsCharsets()',
    'acceptsCharsets',
    'Accept-Charset',
    [
      [
        'should return the first accepted charset or false',
        'utf-8, iso-8859-1;q=0.2',
        [['utf-8'], ['iso-8859-1', 'utf-8'], [['ascii']]],
        ['utf-8', 'utf-8', false],
      ],
      ['should accept any charset without the header', undefined, [['utf-8'], []], ['utf-8', ['*']]],
    ],
  ],
  [
    'req.acceptsLanguages()',
    'acceptsLanguages',
    'Accept-Language',
    [
      ['should return the first accepted language or false', 'en-US, en;q=0.8, fr;q=0.5', [['fr'], [['es', 'en']], ['de']], ['fr', 'en', false]],
      ['should list every language of the header without arguments', 'fr;q=0.5, en-GB', [[]], [['en-GB', 'fr']]],
      ['should list * without arguments nor header', undefined, [[]], [['*']]],
    ],
  ],
])('%s', (_title, method, header, rows) => {
  it.each(rows)('%s', async (_name, value, calls, expected) => {
    const app = echo((req) => calls.map((args) => (req[method] as (...a: unknown[]) => unknown)(...args)));
    const res = await request(app)
      .get('/')
      .set(value === undefined ? {} : { [header]: value });
    expect(res.body).toEqual(expected);
  });
});
