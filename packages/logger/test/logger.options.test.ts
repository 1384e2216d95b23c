import type { RequestListener, Server, ServerResponse } from 'node:http';
import request from 'supertest';
import logger from '@webfw/logger';
import { get, LineCapture, logged, StdoutCapture, withServed } from './support/helpers';

describe('option immediate', () => {
  it('should have written the line when the request arrives, before the next middleware runs', async () => {
    const stream = new LineCapture();
    let linesWhenHandled: string[] = [];
    const handler: RequestListener = (_req, res) => {
      linesWhenHandled = [...stream.chunks];
      res.setHeader('x-a', 'set-later');
      res.end();
    };
    await withServed([logger(':method :url :status :res[x-a] :response-time', { stream, immediate: true })], handler, get('/now'));
    expect(linesWhenHandled).toEqual(['GET /now - - -\n']);
    expect(stream.chunks).toEqual(['GET /now - - -\n']);
  });

  it('should log a request whose response never comes', async () => {
    const handler = (): void => {
      /* never answers */
    };
    const exchange = async (_server: Server, port: number, stream: LineCapture): Promise<void> => {
      const controller = new AbortController();
      const pending = fetch(`http://127.0.0.1:${port}/hang`, { signal: controller.signal }).catch(() => 'aborted');
      expect(await stream.waitFor(1)).toEqual(['GET /hang']);
      controller.abort();
      expect(await pending).toBe('aborted');
    };
    await logged(':method :url', exchange, { options: { immediate: true }, handler });
  });
});

describe('option skip', () => {
  it('should write no line when skip returns truthy', async () => {
    const skip = (_req: unknown, res: ServerResponse) => res.statusCode < 400;
    const handler: RequestListener = (req, res) => {
      res.statusCode = req.url === '/bad' ? 404 : 200;
      res.end();
    };
    const exchange = async (server: Server, _port: number, stream: LineCapture): Promise<void> => {
      await request(server).get('/good').expect(200);
      await request(server).get('/bad').expect(404);
      await request(server).get('/good2').expect(200);
      expect(await stream.waitFor(1)).toEqual(['/bad 404']);
      await new Promise((r) => setTimeout(r, 30));
    };
    expect((await logged(':url :status', exchange, { options: { skip }, handler })).lines).toEqual(['/bad 404']);
  });

  it('should write every line when skip is false', async () => {
    const exchange = async (server: Server): Promise<void> => {
      await request(server).get('/a').expect(200);
      await request(server).get('/b').expect(200);
    };
    expect((await logged(':url', exchange, { options: { skip: false }, count: 2 })).lines).toEqual(['/a', '/b']);
  });
});

describe('option stream', () => {
  it('should default to standard output', async () => {
    const stdout = new StdoutCapture();
    try {
      await withServed([logger('stdout :url')], get('/out'));
      await stdout.waitFor((write) => write === 'stdout /out\n');
    } finally {
      stdout.restore();
    }
    expect(stdout.writes).toContain('stdout /out\n');
  });

  it('should use standard output for a falsy stream, as morgan', async () => {
    const stdout = new StdoutCapture();
    try {
      await withServed([logger('falsy :url', { stream: null as never, immediate: true })], get('/out'));
    } finally {
      stdout.restore();
    }
    expect(stdout.writes).toContain('falsy /out\n');
  });

  it('should write each line followed by a newline, one write per request made in separate turns', async () => {
    const exchange = async (server: Server, _port: number, stream: LineCapture): Promise<void> => {
      await request(server).get('/one').expect(200);
      await stream.waitFor(1);
      await request(server).get('/two').expect(200);
    };
    expect((await logged(':url', exchange, { count: 2 })).chunks).toEqual(['/one\n', '/two\n']);
  });
});

describe('several loggers on one app', () => {
  it('should write to each stream with its own format and options', async () => {
    const all = new LineCapture();
    const errors = new LineCapture();
    const early = new LineCapture();
    const loggers = [
      logger(':method :url', { stream: early, immediate: true }),
      logger('tiny', { stream: all }),
      logger(':status :url', { stream: errors, skip: (_req, res) => res.statusCode < 400 }),
    ];
    const handler: RequestListener = (req, res) => {
      res.statusCode = req.url === '/boom' ? 500 : 200;
      res.setHeader('Content-Length', 2);
      res.end('ok');
    };
    await withServed(loggers, handler, async (server) => {
      await request(server).get('/fine').expect(200);
      await request(server).get('/boom').expect(500);
      expect(await early.waitFor(2)).toEqual(['GET /fine', 'GET /boom']);
      const lines = await all.waitFor(2);
      expect(lines[0]).toMatch(/^GET \/fine 200 2 - \d+\.\d{3} ms$/);
      expect(lines[1]).toMatch(/^GET \/boom 500 2 - \d+\.\d{3} ms$/);
      expect(await errors.waitFor(1)).toEqual(['500 /boom']);
    });
  });
});
