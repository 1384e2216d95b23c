import type { RequestListener } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import { rawRequest } from '@webfw/test-support';
import { get, logged, type Exchange } from './support/helpers';

const CLF_DATE = String.raw`\d{2}/[A-Z][a-z]{2}/\d{4}:\d{2}:\d{2}:\d{2} \+0000`;

/** A handler that answers 200 with `body` and its Content-Length. */
function sized(body: string): RequestListener {
  return (_req, res) => {
    res.setHeader('Content-Length', body.length);
    res.end(body);
  };
}

describe('predefined formats', () => {
  it.each<{ title: string; format: string; handler: RequestListener; exchange: Exchange; line: RegExp }>([
    {
      title: 'should write the combined format',
      format: 'combined',
      handler: sized('hello'),
      exchange: (server) =>
        request(server).get('/path?q=1').set('Referer', 'http://ref.example/').set('User-Agent', 'agent/1.0').auth('tobi', 'secret').expect(200),
      line: new RegExp(`^127\\.0\\.0\\.1 - tobi \\[${CLF_DATE}\\] "GET /path\\?q=1 HTTP/1\\.1" 200 5 "http://ref\\.example/" "agent/1\\.0"$`),
    },
    {
      title: 'should write the common format with - for absent values',
      format: 'common',
      handler: (_req, res) => {
        res.statusCode = 204;
        res.end();
      },
      exchange: (_server, port) => rawRequest(port, 'DELETE /thing HTTP/1.0\r\nHost: x\r\n\r\n'),
      line: new RegExp(`^127\\.0\\.0\\.1 - - \\[${CLF_DATE}\\] "DELETE /thing HTTP/1\\.0" 204 -$`),
    },
    {
      title: 'should write the short format',
      format: 'short',
      handler: sized('abc'),
      exchange: (server) => request(server).post('/s').expect(200),
      line: /^127\.0\.0\.1 - POST \/s HTTP\/1\.1 200 3 - \d+\.\d{3} ms$/,
    },
    {
      title: 'should write the tiny format',
      format: 'tiny',
      handler: sized('abcd'),
      exchange: get('/t'),
      line: /^GET \/t 200 4 - \d+\.\d{3} ms$/,
    },
  ])('$title', async ({ format, handler, exchange, line }) => {
    const { lines } = await logged(format, exchange, { handler });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(line);
  });

  it.each([
    [200, 32],
    [201, 32],
    [304, 36],
    [302, 36],
    [404, 33],
    [400, 33],
    [500, 31],
    [503, 31],
  ])('should colour status %i with ANSI %i in the dev format', async (status, color) => {
    const handler: RequestListener = (_req, res) => {
      res.statusCode = status;
      res.end();
    };
    const [line] = (await logged('dev', get('/d', status), { handler })).lines;
    expect(line).toMatch(new RegExp(`^\\x1b\\[0mGET /d \\x1b\\[${color}m${status}\\x1b\\[0m \\d+\\.\\d{3} ms - -\\x1b\\[0m$`));
  });

  it('should leave the status uncoloured in dev when no response was sent', async () => {
    const handler: RequestListener = (req) => {
      req.socket.destroy();
    };
    const { lines } = await logged('dev', (_server, port) => rawRequest(port, 'GET /gone HTTP/1.1\r\nHost: x\r\n\r\n'), { handler });
    expect(lines[0]).toBe('\x1b[0mGET /gone \x1b[0m-\x1b[0m - ms - -\x1b[0m');
  });

  it('should expose the predefined format strings on logger', () => {
    expect(logger.combined).toBe(
      ':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length] ":referrer" ":user-agent"',
    );
    expect(logger.common).toBe(':remote-addr - :remote-user [:date[clf]] ":method :url HTTP/:http-version" :status :res[content-length]');
    expect(logger.short).toBe(':remote-addr :remote-user :method :url HTTP/:http-version :status :res[content-length] - :response-time ms');
    expect(logger.tiny).toBe(':method :url :status :res[content-length] - :response-time ms');
    expect(typeof logger.dev).toBe('function');
  });
});
