import request from 'supertest';
import logger from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve } from './helpers';

describe('option immediate', () => {
  it('should have written the line when the request arrives, before the next middleware runs', async () => {
    const stream = new LineCapture();
    let linesWhenHandled: string[] = [];
    const { server } = await serve([logger(':method :url :status :res[x-a] :response-time', { stream, immediate: true })], (_req, res) => {
      linesWhenHandled = [...stream.chunks];
      res.setHeader('x-a', 'set-later');
      res.end();
    });
    try {
      await request(server).get('/now').expect(200);
      expect(linesWhenHandled).toEqual(['GET /now - - -\n']);
      expect(stream.chunks).toEqual(['GET /now - - -\n']);
    } finally {
      await close(server);
    }
  });

  it('should log a request whose response never comes', async () => {
    const stream = new LineCapture();
    const { server, url } = await serve([logger(':method :url', { stream, immediate: true })], () => {
      /* never answers */
    });
    try {
      const controller = new AbortController();
      const pending = fetch(`${url}/hang`, { signal: controller.signal }).catch(() => 'aborted');
      expect(await stream.waitFor(1)).toEqual(['GET /hang']);
      controller.abort();
      expect(await pending).toBe('aborted');
    } finally {
      await close(server);
    }
  });
});

describe('option skip', () => {
  it('should write no line when skip returns truthy', async () => {
    const stream = new LineCapture();
    const skip = (_req: unknown, res: import('node:http').ServerResponse) => res.statusCode < 400;
    const { server } = await serve([logger(':url :status', { stream, skip })], (req, res) => {
      res.statusCode = req.url === '/bad' ? 404 : 200;
      res.end();
    });
    try {
      await request(server).get('/good').expect(200);
      await request(server).get('/bad').expect(404);
      await request(server).get('/good2').expect(200);
      expect(await stream.waitFor(1)).toEqual(['/bad 404']);
      await new Promise((r) => setTimeout(r, 30));
      expect(stream.lines).toEqual(['/bad 404']);
    } finally {
      await close(server);
    }
  });

  it('should write every line when skip is false', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger(':url', { stream, skip: false })]);
    try {
      await request(server).get('/a').expect(200);
      await request(server).get('/b').expect(200);
      expect(await stream.waitFor(2)).toEqual(['/a', '/b']);
    } finally {
      await close(server);
    }
  });
});

describe('option stream', () => {
  it('should default to standard output', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const { server } = await serve([logger('stdout :url')]);
    try {
      await request(server).get('/out').expect(200);
      for (let i = 0; i < 50 && !writes.includes('stdout /out\n'); i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      spy.mockRestore();
      await close(server);
    }
    expect(writes).toContain('stdout /out\n');
  });

  it('should use standard output for a falsy stream, as morgan', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const { server } = await serve([logger('falsy :url', { stream: null as never, immediate: true })]);
    try {
      await request(server).get('/out').expect(200);
    } finally {
      spy.mockRestore();
      await close(server);
    }
    expect(writes).toContain('falsy /out\n');
  });

  it('should write each line followed by a newline, one write per request made in separate turns', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger(':url', { stream })]);
    try {
      await request(server).get('/one').expect(200);
      await stream.waitFor(1);
      await request(server).get('/two').expect(200);
      await stream.waitFor(2);
      expect(stream.chunks).toEqual(['/one\n', '/two\n']);
    } finally {
      await close(server);
    }
  });
});

describe('several loggers on one app', () => {
  it('should write to each stream with its own format and options', async () => {
    const all = new LineCapture();
    const errors = new LineCapture();
    const early = new LineCapture();
    const { server } = await serve(
      [
        logger(':method :url', { stream: early, immediate: true }),
        logger('tiny', { stream: all }),
        logger(':status :url', { stream: errors, skip: (_req, res) => res.statusCode < 400 }),
      ],
      (req, res) => {
        res.statusCode = req.url === '/boom' ? 500 : 200;
        res.setHeader('Content-Length', 2);
        res.end('ok');
      },
    );
    try {
      await request(server).get('/fine').expect(200);
      await request(server).get('/boom').expect(500);
      expect(await early.waitFor(2)).toEqual(['GET /fine', 'GET /boom']);
      const lines = await all.waitFor(2);
      expect(lines[0]).toMatch(/^GET \/fine 200 2 - \d+\.\d{3} ms$/);
      expect(lines[1]).toMatch(/^GET \/boom 500 2 - \d+\.\d{3} ms$/);
      expect(await errors.waitFor(1)).toEqual(['500 /boom']);
    } finally {
      await close(server);
    }
  });
});
