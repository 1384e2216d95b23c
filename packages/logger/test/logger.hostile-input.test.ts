import type { RequestListener, Server } from 'node:http';
import net from 'node:net';
import request from 'supertest';
import logger from '@webfw/logger';
import { rawRequest } from '@webfw/test-support';
import { get, LineCapture, logged, withServed, type Middleware } from './support/helpers';

describe('hostile and broken input', () => {
  it('should write - for an unknown token', async () => {
    expect((await logged(':method :no-such-token[x] :status', get('/'))).lines).toEqual(['GET - 200']);
  });

  it('should write - for a token that throws, and still answer the request', async () => {
    logger.token('explodes', () => {
      throw new Error('boom');
    });
    await logged(':method :explodes :status', async (server, _port, stream) => {
      await request(server).get('/').expect(200, 'hello');
      expect(await stream.waitFor(1)).toEqual(['GET - 200']);
      await request(server).get('/again').expect(200, 'hello');
    });
  });

  it('should survive a format function or skip that throws', async () => {
    const stream = new LineCapture();
    const marker = new LineCapture();
    const failing = [
      logger(
        () => {
          throw new Error('format failed');
        },
        { stream },
      ),
      logger(':url', {
        stream,
        skip: () => {
          throw new Error('skip failed');
        },
      }),
    ];
    await withServed([...failing, logger(':url', { stream: marker })], async (server) => {
      await request(server).get('/x').expect(200, 'hello');
      await request(server).get('/y').expect(200, 'hello');
      expect(await marker.waitFor(2)).toEqual(['/x', '/y']);
    });
    expect(stream.chunks).toEqual([]);
  });

  it('should not let a Basic auth user name with a newline forge a log line', async () => {
    const forged = 'evil\n127.0.0.1 - admin [01/Jan/2000:00:00:00 +0000] "GET /admin HTTP/1.1" 200 0';
    const header = `Basic ${Buffer.from(`${forged}:pw`).toString('base64')}`;
    const stream = await logged('common', get('/', 200, { Authorization: header }));
    await new Promise((r) => setTimeout(r, 20));
    expect(stream.chunks).toHaveLength(1);
    expect(stream.lines).toHaveLength(1);
    expect(stream.lines[0]).toContain('- evil\\n127.0.0.1 - admin [01/Jan/2000');
  });

  it('should escape CR, LF and ESC in header values set by earlier middleware and in custom tokens', async () => {
    const tamper: Middleware = (req, _res, next) => {
      req.headers['user-agent'] = 'ua\r\nforged line';
      req.headers['x-esc'] = '\x1b[31mred';
      next();
    };
    logger.token('newline-token', () => 'a\nb');
    const { chunks } = await logged(':user-agent | :req[x-esc] | :newline-token', get('/'), { before: [tamper] });
    expect(chunks).toEqual(['ua\\r\\nforged line | \\u001b[31mred | a\\nb\n']);
  });

  it('should escape a value that is not a string, returned by a custom token, once written into a line', async () => {
    logger.token('query-list', (req) => (req.url === '/list' ? (['a\n', 'b"'] as unknown as string) : undefined));
    expect((await logged(':url :query-list', get('/list'))).lines).toEqual(['/list a\\n,b\\"']);
  });

  it('should not log a line for a request the HTTP parser rejected (folded header)', async () => {
    const stream = new LineCapture();
    await withServed([logger(':url :req[x-evil]', { stream })], async (_server, port) => {
      const answer = await rawRequest(port, 'GET /fold HTTP/1.1\r\nHost: x\r\nX-Evil: a\r\n forged\r\nConnection: close\r\n\r\n');
      if (answer.startsWith('HTTP/1.1 400')) {
        await new Promise((r) => setTimeout(r, 30));
        expect(stream.lines).toEqual([]);
      } else {
        const lines = await stream.waitFor(1);
        expect(lines).toHaveLength(1);
        expect(lines[0]!.startsWith('/fold ')).toBe(true);
      }
    });
  });

  it('should log status - when the client aborts before the response', async () => {
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    const handler = (): void => arrived();
    const { lines } = await logged(
      ':method :url :status :res[content-length] :response-time :total-time',
      async (_server, port) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npartial'));
        await arrival;
        socket.destroy();
      },
      { handler },
    );
    expect(lines).toEqual(['POST /upload - - - -']);
  });

  it('should keep logging other requests after an aborted one', async () => {
    const handler: RequestListener = (req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('late'), 100);
      else res.end('ok');
    };
    const exchange = async (server: Server, port: number): Promise<void> => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n'));
      await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
      await request(server).get('/fast').expect(200, 'ok');
    };
    const { lines } = await logged(':url :status', exchange, { handler, count: 2 });
    expect([...lines].sort()).toEqual(['/fast 200', '/slow -']);
  });

  it('should treat __proto__ and constructor as ordinary unknown token and format names', async () => {
    const stream = new LineCapture();
    await withServed([logger(':__proto__ :constructor :toString', { stream }), logger('constructor', { stream })], async (server) => {
      await request(server).get('/').expect(200);
      await stream.waitFor(2);
    });
    expect([...stream.lines].sort()).toEqual(['- - -', 'constructor']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
