/**
 * The logger on node's `http2` servers, used alone: `:http-version` is `2.0`, and the response
 * tokens (status, headers, times) come from node's HTTP/2 compat response, over h2c and TLS.
 */
import type { RequestListener } from 'node:http';
import logger from '@webfw/logger';
import { http2Request, withHttp2Server } from '@webfw/test-support';
import { LineCapture } from './support/helpers';

function served(format: string, stream: LineCapture): RequestListener {
  const log = logger(format, { stream });
  return (req, res) =>
    log(req, res, () => {
      res.setHeader('Content-Type', 'text/plain');
      res.setHeader('Content-Length', '5');
      res.statusCode = req.url === '/missing' ? 404 : 200;
      res.end('hello');
    });
}

describe('logger on an HTTP/2 server', () => {
  it.each([false, true])('should log HTTP/2.0 with the status, headers and client address (TLS: %s)', async (tls) => {
    const stream = new LineCapture();
    const format = ':remote-addr ":method :url HTTP/:http-version" :status :res[content-length] :res[content-type] :req[user-agent]';
    await withHttp2Server(
      served(format, stream),
      async (server) => {
        await http2Request(server, { path: '/a?b=1', headers: { 'user-agent': 'h2-test' }, tls });
        await http2Request(server, { path: '/missing', method: 'HEAD', tls });
      },
      { tls },
    );
    expect(await stream.waitFor(2)).toEqual([
      '127.0.0.1 "GET /a?b=1 HTTP/2.0" 200 5 text/plain h2-test',
      '127.0.0.1 "HEAD /missing HTTP/2.0" 404 5 text/plain -',
    ]);
  });

  it('should measure :response-time and :total-time', async () => {
    const stream = new LineCapture();
    await withHttp2Server(served(':response-time :total-time', stream), async (server) => {
      await http2Request(server);
    });
    const [line] = await stream.waitFor(1);
    expect(line).toMatch(/^\d+\.\d{3} \d+\.\d{3}$/);
  });

  it('should log the predefined combined format', async () => {
    const stream = new LineCapture();
    await withHttp2Server(served('combined', stream), async (server) => {
      await http2Request(server, { path: '/c', headers: { referer: 'https://example.com/' } });
    });
    const [line] = await stream.waitFor(1);
    expect(line).toMatch(/^127\.0\.0\.1 - - \[\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000\] "GET \/c HTTP\/2\.0" 200 5 "https:\/\/example\.com\/" "-"$/);
  });
});
