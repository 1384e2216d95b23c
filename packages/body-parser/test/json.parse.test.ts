import bodyParser, { json } from '@webfw/body-parser';
import { post, send, serve, type TestServer } from './helpers';

describe('json()', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(json());
  });
  afterAll(() => s.close());

  it('should parse an application/json body into req.body', async () => {
    const res = await post(s.port, 'application/json', '{"user":"tobi","n":[1,2.5,null,true]}');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { user: 'tobi', n: [1, 2.5, null, true] } });
  });

  it('should parse a top-level array', async () => {
    const res = await post(s.port, 'application/json', ' [1, {"a": "b"}] ');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'array', body: [1, { a: 'b' }] });
  });

  it('should parse an empty body as {}', async () => {
    const res = await post(s.port, 'application/json', '');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'object', body: {} });
  });

  it('should match the media type case-insensitively and ignore parameters', async () => {
    const res = await post(s.port, 'Application/JSON; foo=bar', '{"a":1}');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
  });

  it('should tolerate a malformed parameter list and use UTF-8', async () => {
    const res = await post(s.port, 'application/json;;', '{"é":"ü"}');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { é: 'ü' } });
  });

  it('should skip other content types and leave req.body undefined', async () => {
    const res = await post(s.port, 'text/plain', '{"a":1}');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should skip +json types by default', async () => {
    const res = await post(s.port, 'application/vnd.api+json', '{"a":1}');
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should skip a request without Content-Type', async () => {
    const res = await post(s.port, undefined, '{"a":1}');
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should skip a request without a body (no Content-Length, no Transfer-Encoding)', async () => {
    const res = await send(s.port, { method: 'GET', headers: { 'Content-Type': 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ has: true, kind: 'undefined', body: null });
  });

  it('should parse a chunked body (no Content-Length)', async () => {
    const res = await send(s.port, { headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }, body: '{"chunked":true}' });
    expect(res.json).toEqual({ has: true, kind: 'object', body: { chunked: true } });
  });

  it('should parse bodies of any method that has one (DELETE)', async () => {
    const res = await send(s.port, { method: 'DELETE', headers: { 'Content-Type': 'application/json', 'Content-Length': 7 }, body: '{"a":1}' });
    expect(res.json).toEqual({ has: true, kind: 'object', body: { a: 1 } });
  });

  it('should be reachable as bodyParser.json', async () => {
    expect(bodyParser.json).toBe(json);
  });
});

describe('json() malformed bodies', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await serve(json());
  });
  afterAll(() => s.close());

  const cases: Array<[string, string]> = [
    ['{"a":', 'Unexpected end of JSON input'],
    ['{"a":1,}', 'Expected double-quoted property name in JSON at position 7'],
    ['[1,2', "Expected ',' or ']' after array element in JSON at position 4"],
    ['{"a":1}}', 'Unexpected non-whitespace character after JSON at position 7'],
    ['{"a": x}', 'Unexpected token \'x\', "{"a": x}" is not valid JSON'],
    ['{"a":"\u0001"}', 'Bad control character in string literal in JSON at position 6'],
  ];
  it.each(cases)('should 400 entity.parse.failed for %j with a message that says where', async (body, message) => {
    const res = await post(s.port, 'application/json', body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json).toEqual({
      error: { name: 'SyntaxError', message, status: 400, statusCode: 400, expose: true, type: 'entity.parse.failed', body },
    });
  });

  it('should 400 for a whitespace-only body', async () => {
    const res = await post(s.port, 'application/json', ' \n ');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      error: {
        name: 'SyntaxError',
        message: 'Unexpected end of JSON input',
        status: 400,
        statusCode: 400,
        expose: true,
        type: 'entity.parse.failed',
        body: ' \n ',
      },
    });
  });

  it('should keep serving after a malformed body', async () => {
    await post(s.port, 'application/json', '{');
    const res = await post(s.port, 'application/json', '{"ok":true}');
    expect(res.json).toEqual({ has: true, kind: 'object', body: { ok: true } });
  });
});
