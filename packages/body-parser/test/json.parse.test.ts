import bodyParser, { json } from '@webfw/body-parser';
import { parseFailed, post, send, serveAll } from './support/helpers';

const SKIPPED = { has: true, kind: 'undefined', body: null };

describe('json()', () => {
  const s = serveAll(json());

  it.each([
    {
      title: 'should parse an application/json body into req.body',
      contentType: 'application/json',
      body: '{"user":"tobi","n":[1,2.5,null,true]}',
      expected: { has: true, kind: 'object', body: { user: 'tobi', n: [1, 2.5, null, true] } },
    },
    {
      title: 'should parse a top-level array',
      contentType: 'application/json',
      body: ' [1, {"a": "b"}] ',
      expected: { has: true, kind: 'array', body: [1, { a: 'b' }] },
    },
    { title: 'should parse an empty body as {}', contentType: 'application/json', body: '', expected: { has: true, kind: 'object', body: {} } },
    {
      title: 'should match the media type case-insensitively and ignore parameters',
      contentType: 'Application/JSON; foo=bar',
      body: '{"a":1}',
      expected: { has: true, kind: 'object', body: { a: 1 } },
    },
    {
      title: 'should tolerate a malformed parameter list and use UTF-8',
      contentType: 'application/json;;',
      body: '{"é":"ü"}',
      expected: { has: true, kind: 'object', body: { é: 'ü' } },
    },
    { title: 'should skip other content types and leave req.body undefined', contentType: 'text/plain', body: '{"a":1}', expected: SKIPPED },
    { title: 'should skip +json types by default', contentType: 'application/vnd.api+json', body: '{"a":1}', expected: SKIPPED },
    { title: 'should skip a request without Content-Type', contentType: undefined, body: '{"a":1}', expected: SKIPPED },
  ])('$title', async ({ contentType, body, expected }) => {
    const res = await post(s.port, contentType, body);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json).toEqual(expected);
  });

  it.each<{ title: string; request: Parameters<typeof send>[1]; expected: unknown }>([
    {
      title: 'should skip a request without a body (no Content-Length, no Transfer-Encoding)',
      request: { method: 'GET', headers: { 'Content-Type': 'application/json' } },
      expected: SKIPPED,
    },
    {
      title: 'should parse a chunked body (no Content-Length)',
      request: { headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, body: '{"chunked":true}' },
      expected: { has: true, kind: 'object', body: { chunked: true } },
    },
    {
      title: 'should parse bodies of any method that has one (DELETE)',
      request: { method: 'DELETE', headers: { 'Content-Type': 'application/json', 'Content-Length': 7 }, body: '{"a":1}' },
      expected: { has: true, kind: 'object', body: { a: 1 } },
    },
  ])('$title', async ({ request, expected }) => {
    const res = await send(s.port, request);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(expected);
  });

  it('should be reachable as bodyParser.json', async () => {
    expect(bodyParser.json).toBe(json);
  });
});

/**
 * The message `JSON.parse` gives for `body` on the running node: body-parser 2.x (so express)
 * passes V8's own wording through, and V8 words it by version (from Node 22 on it adds
 * "(line 1 column N)" after the position).
 */
function jsonParseMessage(body: string): string {
  try {
    JSON.parse(body);
  } catch (err) {
    return (err as SyntaxError).message;
  }
  throw new Error(`${JSON.stringify(body)} is valid JSON`);
}

describe('json() malformed bodies', () => {
  const s = serveAll(json());

  // the second column is Node 20's wording; later versions may add to its end
  it.each([
    ['{"a":', 'Unexpected end of JSON input'],
    ['{"a":1,}', 'Expected double-quoted property name in JSON at position 7'],
    ['[1,2', "Expected ',' or ']' after array element in JSON at position 4"],
    ['{"a":1}}', 'Unexpected non-whitespace character after JSON at position 7'],
    ['{"a": x}', 'Unexpected token \'x\', "{"a": x}" is not valid JSON'],
    ['{"a":"\u0001"}', 'Bad control character in string literal in JSON at position 6'],
    // a whitespace-only body
    [' \n ', 'Unexpected end of JSON input'],
  ])('should 400 entity.parse.failed for %j with a message that says where', async (body, node20Message) => {
    const message = jsonParseMessage(body);
    expect(message.startsWith(node20Message)).toBe(true);
    const res = await post(s.port, 'application/json', body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json).toEqual({ error: parseFailed(message, body) });
  });

  it('should keep serving after a malformed body', async () => {
    await post(s.port, 'application/json', '{');
    const res = await post(s.port, 'application/json', '{"ok":true}');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { ok: true } });
  });
});
