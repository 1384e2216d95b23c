/**
 * The parsers on node's `http2` servers, used alone: bodies with and without Content-Length
 * (HTTP/2 frames them), inflated bodies, limits, and a request without body; the same for the
 * body-parser 1.x parsers of `@webfw/body-parser/v4` (and their `{}` body without one).
 */
import type { RequestListener } from 'node:http';
import { gzipSync } from 'node:zlib';
import { json, raw, text, urlencoded } from '@webfw/body-parser';
import bodyParserV4 from '@webfw/body-parser/v4';
import { http2Request, withHttp2Server, type Http2RequestOptions } from '@webfw/test-support';

type Parser = ReturnType<typeof json>;

function served(parser: Parser): RequestListener {
  return (req, res) =>
    parser(req as never, res as never, (err?: unknown) => {
      const e = err as { status?: number; type?: string } | undefined;
      res.statusCode = e ? (e.status ?? 500) : 200;
      res.setHeader('Content-Type', 'application/json');
      const body = (req as { body?: unknown }).body;
      res.end(JSON.stringify(e ? { type: e.type } : { body: Buffer.isBuffer(body) ? body.toString('hex') : (body ?? null) }));
    });
}

async function ask(parser: Parser, options: Http2RequestOptions): Promise<{ status: number; body: unknown }> {
  return withHttp2Server(served(parser), async (server) => {
    const res = await http2Request(server, { method: 'POST', ...options });
    return { status: res.status, body: JSON.parse(res.body.toString()) as unknown };
  });
}

describe('body parsers on an HTTP/2 server', () => {
  it.each([true, false])('should parse JSON (Content-Length sent: %s)', async (withLength) => {
    expect(await ask(json(), { headers: { 'content-type': 'application/json' }, body: '{"a":1}', noContentLength: !withLength })).toEqual({
      status: 200,
      body: { body: { a: 1 } },
    });
  });

  it('should parse urlencoded, text and raw bodies without Content-Length', async () => {
    expect(await ask(urlencoded(), { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&a=2', noContentLength: true })).toEqual({
      status: 200,
      body: { body: { a: ['1', '2'] } },
    });
    expect(await ask(text(), { headers: { 'content-type': 'text/plain' }, body: 'héllo', noContentLength: true })).toEqual({
      status: 200,
      body: { body: 'héllo' },
    });
    expect(await ask(raw(), { headers: { 'content-type': 'application/octet-stream' }, body: 'AB', noContentLength: true })).toEqual({
      status: 200,
      body: { body: '4142' },
    });
  });

  it('should inflate a gzip body', async () => {
    const body = gzipSync('{"zipped":true}');
    expect(await ask(json(), { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body, noContentLength: true })).toEqual({
      status: 200,
      body: { body: { zipped: true } },
    });
  });

  it('should answer 413 entity.too.large past the limit, with or without Content-Length', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(200) });
    expect(await ask(json({ limit: 100 }), { headers: { 'content-type': 'application/json' }, body })).toEqual({
      status: 413,
      body: { type: 'entity.too.large' },
    });
    expect(await ask(json({ limit: 100 }), { headers: { 'content-type': 'application/json' }, body, noContentLength: true })).toEqual({
      status: 413,
      body: { type: 'entity.too.large' },
    });
  });

  it('should answer 400 entity.parse.failed for invalid JSON', async () => {
    expect(await ask(json(), { headers: { 'content-type': 'application/json' }, body: '{nope', noContentLength: true })).toEqual({
      status: 400,
      body: { type: 'entity.parse.failed' },
    });
  });

  it('should leave req.body undefined when the HEADERS frame ends the stream', async () => {
    expect(await ask(json(), { headers: { 'content-type': 'application/json' } })).toEqual({ status: 200, body: { body: null } });
  });
});

describe('body-parser 1.x parsers (@webfw/body-parser/v4) on an HTTP/2 server', () => {
  it.each([true, false])('should parse JSON, urlencoded (extended), text and raw bodies (Content-Length sent: %s)', async (withLength) => {
    const noContentLength = !withLength;
    expect(await ask(bodyParserV4.json(), { headers: { 'content-type': 'application/json' }, body: '{"a":1}', noContentLength })).toEqual({
      status: 200,
      body: { body: { a: 1 } },
    });
    expect(
      await ask(bodyParserV4.urlencoded({ extended: true }), {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a[b]=1',
        noContentLength,
      }),
    ).toEqual({ status: 200, body: { body: { a: { b: '1' } } } });
    expect(await ask(bodyParserV4.text(), { headers: { 'content-type': 'text/plain' }, body: 'héllo', noContentLength })).toEqual({
      status: 200,
      body: { body: 'héllo' },
    });
    expect(await ask(bodyParserV4.raw(), { headers: { 'content-type': 'application/octet-stream' }, body: 'AB', noContentLength })).toEqual({
      status: 200,
      body: { body: '4142' },
    });
  });

  it('should answer 413 past the limit and 400 for invalid JSON without Content-Length', async () => {
    const body = JSON.stringify({ a: 'x'.repeat(200) });
    expect(await ask(bodyParserV4.json({ limit: 100 }), { headers: { 'content-type': 'application/json' }, body, noContentLength: true })).toEqual({
      status: 413,
      body: { type: 'entity.too.large' },
    });
    expect(await ask(bodyParserV4.json(), { headers: { 'content-type': 'application/json' }, body: '{nope', noContentLength: true })).toEqual({
      status: 400,
      body: { type: 'entity.parse.failed' },
    });
  });

  it('should set req.body to {} when the HEADERS frame ends the stream', async () => {
    expect(await ask(bodyParserV4.json(), { headers: { 'content-type': 'application/json' } })).toEqual({ status: 200, body: { body: {} } });
  });
});
