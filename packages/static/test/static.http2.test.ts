/**
 * Static files on node's `http2` servers, used alone: the small-file fast path and send's
 * streaming path, ranges, conditional GET, HEAD, and the directory redirect, over h2c and TLS;
 * serve-static 1.x (`@webfw/static/v4`) the same way.
 */
import type { RequestListener } from 'node:http';
import serveStatic from '@webfw/static';
import serveStaticV4 from '@webfw/static/v4';
import { http2Request, withHttp2Server, type Http2RequestOptions } from '@webfw/test-support';
import { useFixture } from './support/helpers';

const BIG = 'b'.repeat(300 * 1024);

describe('static files on an HTTP/2 server', () => {
  const fx = useFixture({ 'hello.txt': 'hello world', 'big.txt': BIG, 'dir/index.html': '<p>index</p>' });

  function served(): RequestListener {
    const serve = serveStatic(fx.root);
    return (req, res) =>
      serve(req as never, res as never, () => {
        res.statusCode = 404;
        res.end('next');
      });
  }

  async function ask(options: Http2RequestOptions & { tls?: boolean }): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
    return withHttp2Server(
      served(),
      async (server) => {
        const res = await http2Request(server, options);
        return { status: res.status, headers: res.headers, body: res.body.toString() };
      },
      { tls: options.tls },
    );
  }

  it.each([false, true])('should serve a small file with its headers (TLS: %s)', async (tls) => {
    const res = await ask({ path: '/hello.txt', tls });
    expect([res.status, res.body, res.headers['content-type'], res.headers['content-length'], res.headers['accept-ranges'], typeof res.headers.etag]).toEqual([
      200,
      'hello world',
      'text/plain; charset=utf-8',
      '11',
      'bytes',
      'string',
    ]);
  });

  it('should stream a large file whole', async () => {
    const res = await ask({ path: '/big.txt' });
    expect([res.status, res.headers['content-length'], res.body.length, res.body === BIG]).toEqual([200, String(BIG.length), BIG.length, true]);
  });

  it('should answer a range with 206', async () => {
    const res = await ask({ path: '/hello.txt', headers: { range: 'bytes=0-4' } });
    expect([res.status, res.body, res.headers['content-range']]).toEqual([206, 'hello', 'bytes 0-4/11']);
  });

  it('should answer 304 to a matching If-None-Match', async () => {
    const first = await ask({ path: '/hello.txt' });
    const res = await ask({ path: '/hello.txt', headers: { 'if-none-match': String(first.headers.etag) } });
    expect([res.status, res.body]).toEqual([304, '']);
  });

  it('should answer HEAD without a body', async () => {
    const res = await ask({ path: '/hello.txt', method: 'HEAD' });
    expect([res.status, res.body, res.headers['content-length']]).toEqual([200, '', '11']);
  });

  it('should redirect a directory to its trailing slash and serve its index', async () => {
    const redirect = await ask({ path: '/dir' });
    const index = await ask({ path: '/dir/' });
    expect([redirect.status, redirect.headers.location, index.status, index.body]).toEqual([301, '/dir/', 200, '<p>index</p>']);
  });

  it('should call next for a missing file', async () => {
    expect(await ask({ path: '/missing.txt' })).toMatchObject({ status: 404, body: 'next' });
  });
});

describe('serve-static 1.x (@webfw/static/v4) on an HTTP/2 server', () => {
  const fx = useFixture({ 'hello.txt': 'hello world', 'dir/index.html': '<p>index</p>' });

  it('should serve files, ranges and the directory redirect, and never a path outside the root', async () => {
    const serve = serveStaticV4(fx.root);
    const listener: RequestListener = (req, res) =>
      serve(req as never, res as never, () => {
        res.statusCode = 404;
        res.end('next');
      });
    await withHttp2Server(listener, async (server) => {
      const ask = async (path: string, headers: Record<string, string> = {}) => {
        const res = await http2Request(server, { path, headers });
        return [res.status, res.body.toString(), res.headers['content-type'], res.headers.location];
      };
      expect(await ask('/hello.txt')).toEqual([200, 'hello world', 'text/plain; charset=UTF-8', undefined]);
      expect(await ask('/hello.txt', { range: 'bytes=6-' })).toEqual([206, 'world', 'text/plain; charset=UTF-8', undefined]);
      expect([(await ask('/dir'))[0], (await ask('/dir'))[3]]).toEqual([301, '/dir/']);
      expect(await ask('/dir/')).toEqual([200, '<p>index</p>', 'text/html; charset=UTF-8', undefined]);
      // a traversal is send's 403, which fallthrough (the default) turns into next()
      expect(await ask('/../hello.txt')).toEqual([404, 'next', undefined, undefined]);
      expect(await ask('/%2e%2e/%2e%2e/etc/passwd')).toEqual([404, 'next', undefined, undefined]);
    });
  });
});
