import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import type { FormatFunction, TokenIndexer } from '@webfw/logger';
import { rawRequest } from '@webfw/test-support';
import { get, logged, runNode, type LineCapture, type Middleware } from './support/helpers';

/**
 * Every token whose value does not depend on the moment it is read, with and without
 * arguments, plus unknown ones: what a compiled line is compared on.
 */
const EVERY_TOKEN =
  ':remote-addr|:remote-user|:method|:url|:http-version|:status|:res[content-length]|:res[set-cookie]|:res[x-obj]|' +
  ':referrer|:user-agent|:req[x-multi]|:req[Authorization]|:req|:res|:date[nope]|:unknown-token|:response-time[-1]|:total-time[101]|' +
  ':custom-value|:custom-number|:custom-empty|:custom-throws';

/**
 * A format whose line is the compiled format built both ways: with the registry's tokens
 * (bound, straight-line code) and with a copy of them (looked up by name, each token guarded).
 */
function bothWays(): FormatFunction {
  const line = logger.compile(EVERY_TOKEN);
  return (tokens, req, res) => {
    const bound = line(tokens, req, res);
    const byName = line({ ...tokens } as TokenIndexer, req, res);
    return bound === byName ? bound : `MISMATCH bound=${String(bound)} byName=${String(byName)}`;
  };
}

describe('compiled format strings', () => {
  beforeAll(() => {
    logger.token('custom-value', (req) => `v:${req.headers['x-custom'] ?? ''}`);
    logger.token('custom-number', () => 42 as unknown as string);
    logger.token('custom-empty', () => '');
    logger.token('custom-throws', () => {
      throw new Error('token failed');
    });
  });

  it('should build the same line as the token functions looked up by name, for a plain request', async () => {
    const handler: RequestListener = (_req, res) => {
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.writeHead(404, { 'Content-Length': 2, 'X-Obj': 'o' });
      res.end('no');
    };
    const { lines } = await logged(bothWays(), get('/plain?x=1', 404, { 'User-Agent': 'agent/1' }), { handler });
    expect(lines).toEqual(['127.0.0.1|-|GET|/plain?x=1|1.1|404|2|a=1, b=2|o|-|agent/1|-|-|-|-|-|-|-|-|v:|42|-|-']);
  });

  it('should build the same line as the token functions looked up by name, for hostile values', async () => {
    const tamper: Middleware = (req, _res, next) => {
      req.headers['user-agent'] = 'ua\r\nforged';
      req.headers.referer = '\x1b[31mred';
      req.headers['x-custom'] = 'c\nc';
      (req as IncomingMessage & { ip: string }).ip = '10.0.0.1\n';
      next();
    };
    const user = Buffer.from('bad\nuser:pw').toString('base64');
    const handler: RequestListener = (_req, res) => {
      res.statusCode = 201;
      res.end();
    };
    const exchange = (_server: Server, port: number) =>
      rawRequest(port, `PUT /a%0Ab HTTP/1.0\r\nAuthorization: Basic ${user}\r\nX-Multi: 1\r\nX-Multi: 2\r\n\r\n`);
    expect((await logged(bothWays(), exchange, { before: [tamper], handler })).lines).toEqual([
      `10.0.0.1\\n|bad\\nuser|PUT|/a%0Ab|1.0|201|-|-|-|\\u001b[31mred|ua\\r\\nforged|1, 2|Basic ${user}|-|-|-|-|-|-|v:c\\nc|42|-|-`,
    ]);
  });

  it('should use a token defined after the logger was created', async () => {
    const exchange = async (server: Server, _port: number, stream: LineCapture): Promise<void> => {
      await request(server).get('/').expect(200);
      await stream.waitFor(1);
      logger.token('defined-later', () => 'now defined');
      await request(server).get('/').expect(200);
    };
    expect((await logged(':method :defined-later', exchange, { count: 2 })).lines).toEqual(['GET -', 'GET now defined']);
  });

  it('should keep each line right when a token is redefined on every request', async () => {
    const perRequest: Middleware = (req, _res, next) => {
      const url = req.url;
      logger.token('per-request', () => `seen ${url}\n`);
      next();
    };
    const exchange = async (server: Server): Promise<void> => {
      for (let i = 0; i < 20; i++) await request(server).get(`/r${i}`).expect(200);
    };
    const { lines } = await logged(':method :per-request :status', exchange, { before: [perRequest], count: 20 });
    expect(lines).toEqual(Array.from({ length: 20 }, (_, i) => `GET seen /r${i}\\n 200`));
  });

  it('should escape a value equal in length to a clean value seen just before, and the clean value again after', async () => {
    const exchange = async (server: Server, _port: number, stream: LineCapture): Promise<void> => {
      for (const [i, agent] of ['abc', 'a\tc', 'abc'].entries()) {
        await request(server).get('/').set('User-Agent', agent).expect(200);
        await stream.waitFor(i + 1);
      }
    };
    expect((await logged(':user-agent', exchange, { count: 3 })).lines).toEqual(['abc', 'a\\tc', 'abc']);
  });

  it('should escape a built-in token redefined after the logger was created', async () => {
    const exchange = async (server: Server, _port: number, stream: LineCapture): Promise<void> => {
      await request(server).get('/u').set('User-Agent', 'plain').expect(200);
      await stream.waitFor(1);
      logger.token('user-agent', () => 'now\x1b[1m bold');
      await request(server).get('/u').set('User-Agent', 'plain').expect(200);
    };
    try {
      expect((await logged(':user-agent :url', exchange, { count: 2 })).lines).toEqual(['plain /u', 'now\\u001b[1m bold /u']);
    } finally {
      logger.token('user-agent', (req) => req.headers['user-agent']);
    }
  });

  it('should print - for a built-in token that throws on a broken request, and the other tokens as usual', async () => {
    const breakUrl: Middleware = (req, _res, next) => {
      Object.defineProperty(req, 'originalUrl', {
        get() {
          throw new Error('broken by a middleware');
        },
      });
      next();
    };
    const exchange = (server: Server) => request(server).get('/broken').set('X-Custom', 'k').expect(200, 'hello');
    expect((await logged(':method :url :status :custom-value', exchange, { before: [breakUrl] })).lines).toEqual(['GET - 200 v:k']);
  });

  it('should build the line without generated code when code generation from strings is disallowed', () => {
    const probe = `
      const http = require('node:http');
      const logger = require('@webfw/logger');
      let generated = true;
      try { new Function('return 1'); } catch { generated = false; }
      logger.token('late', () => 'late\\n');
      const lines = [];
      const mw = logger(':method :url :status :res[content-length] :late :nope', { stream: { write: (l) => lines.push(l) } });
      const server = http.createServer((req, res) => mw(req, res, () => res.writeHead(200, { 'Content-Length': 2 }).end('ok')));
      server.listen(0, '127.0.0.1', async () => {
        await fetch('http://127.0.0.1:' + server.address().port + '/no-eval');
        setTimeout(() => { console.log(JSON.stringify({ generated, lines })); server.close(); }, 50);
      });
    `;
    const run = runNode(['--disallow-code-generation-from-strings', '-e', probe]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ generated: false, lines: ['GET /no-eval 200 2 late\\n -\n'] });
  });

  it('should build lines with a tokens object of its own, looking tokens up by name, its strings as given (as morgan)', () => {
    const line = logger.compile(':aa :bb[x] :missing :empty');
    const tokens: TokenIndexer = { aa: () => 'A', bb: (_req, _res, arg) => `B"${arg ?? ''}`, empty: () => '' };
    expect(line(tokens, {} as IncomingMessage, {} as ServerResponse)).toBe('A B"x - -');
  });

  it('should escape a value that is not a string once converted, where morgan writes it as it is', () => {
    const line = logger.compile(':list :num :zero');
    const tokens = { list: () => ['a\n', 'b"'], num: () => 7, zero: () => 0 } as unknown as TokenIndexer;
    expect(line(tokens, {} as IncomingMessage, {} as ServerResponse)).toBe('a\\n,b\\" 7 -');
  });
});
