import net from 'node:net';
import request from 'supertest';
import logger from '@webfw/logger';
import { close, rawRequest } from '../../../tooling/test-support';
import { LineCapture, serve, type Middleware } from './helpers';

describe('hostile and broken input', () => {
  it('should write - for an unknown token', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger(':method :no-such-token[x] :status', { stream })]);
    try {
      await request(server).get('/').expect(200);
      expect(await stream.waitFor(1)).toEqual(['GET - 200']);
    } finally {
      await close(server);
    }
  });

  it('should write - for a token that throws, and still answer the request', async () => {
    logger.token('explodes', () => {
      throw new Error('boom');
    });
    const stream = new LineCapture();
    const { server } = await serve([logger(':method :explodes :status', { stream })]);
    try {
      await request(server).get('/').expect(200, 'hello');
      expect(await stream.waitFor(1)).toEqual(['GET - 200']);
      await request(server).get('/again').expect(200, 'hello');
    } finally {
      await close(server);
    }
  });

  it('should survive a format function or skip that throws', async () => {
    const stream = new LineCapture();
    const marker = new LineCapture();
    const { server } = await serve([
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
      logger(':url', { stream: marker }),
    ]);
    try {
      await request(server).get('/x').expect(200, 'hello');
      await request(server).get('/y').expect(200, 'hello');
      expect(await marker.waitFor(2)).toEqual(['/x', '/y']);
      expect(stream.chunks).toEqual([]);
    } finally {
      await close(server);
    }
  });

  it('should not let a Basic auth user name with a newline forge a log line', async () => {
    const stream = new LineCapture();
    const forged = 'evil\n127.0.0.1 - admin [01/Jan/2000:00:00:00 +0000] "GET /admin HTTP/1.1" 200 0';
    const header = `Basic ${Buffer.from(`${forged}:pw`).toString('base64')}`;
    const { server } = await serve([logger('common', { stream })]);
    try {
      await request(server).get('/').set('Authorization', header).expect(200);
      const lines = await stream.waitFor(1);
      await new Promise((r) => setTimeout(r, 20));
      expect(stream.chunks).toHaveLength(1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('- evil\\n127.0.0.1 - admin [01/Jan/2000');
    } finally {
      await close(server);
    }
  });

  it('should escape CR, LF and ESC in header values set by earlier middleware and in custom tokens', async () => {
    const stream = new LineCapture();
    const tamper: Middleware = (req, _res, next) => {
      req.headers['user-agent'] = 'ua\r\nforged line';
      req.headers['x-esc'] = '\x1b[31mred';
      next();
    };
    logger.token('newline-token', () => 'a\nb');
    const { server } = await serve([tamper, logger(':user-agent | :req[x-esc] | :newline-token', { stream })]);
    try {
      await request(server).get('/').expect(200);
      await stream.waitFor(1);
      expect(stream.chunks).toEqual(['ua\\r\\nforged line | \\u001b[31mred | a\\nb\n']);
    } finally {
      await close(server);
    }
  });

  it('should escape a value that is not a string, returned by a custom token, once written into a line', async () => {
    const stream = new LineCapture();
    logger.token('query-list', (req) => (req.url === '/list' ? (['a\n', 'b"'] as unknown as string) : undefined));
    const { server } = await serve([logger(':url :query-list', { stream })]);
    try {
      await request(server).get('/list').expect(200);
      expect(await stream.waitFor(1)).toEqual(['/list a\\n,b\\"']);
    } finally {
      await close(server);
    }
  });

  it('should not log a line for a request the HTTP parser rejected (folded header)', async () => {
    const stream = new LineCapture();
    const { server, port } = await serve([logger(':url :req[x-evil]', { stream })]);
    try {
      const answer = await rawRequest(port, 'GET /fold HTTP/1.1\r\nHost: x\r\nX-Evil: a\r\n forged\r\nConnection: close\r\n\r\n');
      if (answer.startsWith('HTTP/1.1 400')) {
        await new Promise((r) => setTimeout(r, 30));
        expect(stream.lines).toEqual([]);
      } else {
        const lines = await stream.waitFor(1);
        expect(lines).toHaveLength(1);
        expect(lines[0]!.startsWith('/fold ')).toBe(true);
      }
    } finally {
      await close(server);
    }
  });

  it('should log status - when the client aborts before the response', async () => {
    const stream = new LineCapture();
    let arrived!: () => void;
    const arrival = new Promise<void>((r) => (arrived = r));
    const { server, port } = await serve([logger(':method :url :status :res[content-length] :response-time :total-time', { stream })], () => {
      arrived();
    });
    try {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('POST /upload HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\npartial'));
      await arrival;
      socket.destroy();
      expect(await stream.waitFor(1)).toEqual(['POST /upload - - - -']);
    } finally {
      await close(server);
    }
  });

  it('should keep logging other requests after an aborted one', async () => {
    const stream = new LineCapture();
    const { server, port } = await serve([logger(':url :status', { stream })], (req, res) => {
      if (req.url === '/slow') setTimeout(() => res.end('late'), 100);
      else res.end('ok');
    });
    try {
      const socket = net.connect(port, '127.0.0.1', () => socket.write('GET /slow HTTP/1.1\r\nHost: x\r\n\r\n'));
      await new Promise((r) => setTimeout(r, 20));
      socket.destroy();
      await request(server).get('/fast').expect(200, 'ok');
      const lines = await stream.waitFor(2);
      expect([...lines].sort()).toEqual(['/fast 200', '/slow -']);
    } finally {
      await close(server);
    }
  });

  it('should treat __proto__ and constructor as ordinary unknown token and format names', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger(':__proto__ :constructor :toString', { stream }), logger('constructor', { stream })]);
    try {
      await request(server).get('/').expect(200);
      const lines = await stream.waitFor(2);
      expect([...lines].sort()).toEqual(['- - -', 'constructor']);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    } finally {
      await close(server);
    }
  });
});
