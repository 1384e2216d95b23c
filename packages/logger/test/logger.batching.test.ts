import { Writable } from 'node:stream';
import request from 'supertest';
import logger from '@webfw/logger';
import { close } from '../../../tooling/test-support';
import { LineCapture, serve, type Middleware } from './helpers';

/** A plain object with a `write` method, as used to hand each line to another logger. */
function recordWriter(): { write(line: string): void; writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (line) => void writes.push(line) };
}

describe('when lines are written: on response, batched per event-loop turn', () => {
  it('should join the lines made when responses complete in one turn into one write, in order', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('first :url', { stream }), logger('second :method', { stream }), logger('third :status', { stream })]);
    try {
      await request(server).get('/turn').expect(200, 'hello');
      await stream.waitFor(3);
      expect(stream.chunks).toEqual(['first /turn\nsecond GET\nthird 200\n']);
    } finally {
      await close(server);
    }
  });

  it('should not have written a response line yet when the listeners after it run, and write it by the next turn', async () => {
    const stream = new LineCapture();
    let chunksAfterLine = -1;
    const { server } = await serve([logger(':url :status', { stream })], (_req, res) => {
      // runs after the logger's own listener made the line
      res.on('close', () => {
        chunksAfterLine = stream.chunks.length;
      });
      res.end('ok');
    });
    try {
      await request(server).get('/later').expect(200, 'ok');
      expect(await stream.waitFor(1)).toEqual(['/later 200']);
      expect(chunksAfterLine).toBe(0);
    } finally {
      await close(server);
    }
  });

  it('should give each stream its own write', async () => {
    const a = new LineCapture();
    const b = new LineCapture();
    const { server } = await serve([logger('a1 :url', { stream: a }), logger('b1 :url', { stream: b }), logger('a2 :url', { stream: a })]);
    try {
      await request(server).get('/s').expect(200);
      await a.waitFor(2);
      await b.waitFor(1);
      expect(a.chunks).toEqual(['a1 /s\na2 /s\n']);
      expect(b.chunks).toEqual(['b1 /s\n']);
    } finally {
      await close(server);
    }
  });

  it('should write at once when more than 64 KiB of lines are pending', async () => {
    const big = 'x'.repeat(40 * 1024);
    logger.token('forty-kib', () => big);
    const stream = new LineCapture();
    const { server } = await serve([logger('1:forty-kib', { stream }), logger('2:forty-kib', { stream }), logger('3 :url', { stream })]);
    try {
      await request(server).get('/big').expect(200);
      await stream.waitFor(3);
      expect(stream.chunks).toEqual([`1${big}\n2${big}\n`, '3 /big\n']);
    } finally {
      await close(server);
    }
  });

  it('should batch response lines for standard output by default', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const { server } = await serve([logger('out-a :url'), logger('out-b :url')]);
    try {
      await request(server).get('/std').expect(200);
      for (let i = 0; i < 50 && !writes.some((w) => w.includes('out-b /std')); i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      spy.mockRestore();
      await close(server);
    }
    expect(writes.filter((w) => w.includes('/std'))).toEqual(['out-a /std\nout-b /std\n']);
  });

  it('should listen for process exit once, not per logger or per request', async () => {
    logger(':url', { stream: new LineCapture() });
    const listeners = process.listenerCount('exit');
    const streams = Array.from({ length: 10 }, () => new LineCapture());
    const { server } = await serve(streams.map((stream) => logger(':url', { stream })));
    try {
      for (let i = 0; i < 3; i++) await request(server).get(`/e${i}`).expect(200);
      for (const stream of streams) expect(await stream.waitFor(3)).toEqual(['/e0', '/e1', '/e2']);
      expect(process.listenerCount('exit')).toBe(listeners);
    } finally {
      await close(server);
    }
  });
});

describe('when lines are written: immediate lines at once', () => {
  it('should hand each immediate line to the stream before the next middleware runs, one write each', async () => {
    const stream = new LineCapture();
    const seen: string[][] = [];
    const look: Middleware = (_req, _res, next) => {
      seen.push([...stream.chunks]);
      next();
    };
    const { server } = await serve([logger('in-1 :url', { stream, immediate: true }), look, logger('in-2 :method', { stream, immediate: true }), look]);
    try {
      await request(server).get('/now').expect(200, 'hello');
      expect(seen).toEqual([['in-1 /now\n'], ['in-1 /now\n', 'in-2 GET\n']]);
    } finally {
      await close(server);
    }
  });

  it('should write response lines still pending before an immediate line, in the same write, at once', async () => {
    const stream = new LineCapture();
    const arrival = logger('in :url', { stream, immediate: true }) as Middleware;
    let chunksRightAfter: string[] = [];
    const { server } = await serve([logger('out :url :status', { stream })], (req, res) => {
      res.on('close', () => {
        // the response line is pending here; an immediate line must not overtake it
        arrival(req, res, () => undefined);
        chunksRightAfter = [...stream.chunks];
      });
      res.end();
    });
    try {
      await request(server).get('/order').expect(200);
      await stream.waitFor(2);
      expect(chunksRightAfter).toEqual(['out /order 200\nin /order\n']);
      expect(stream.chunks).toEqual(['out /order 200\nin /order\n']);
    } finally {
      await close(server);
    }
  });

  it('should write a line on arrival and a line on completion of the same request in their order', async () => {
    const stream = new LineCapture();
    const { server } = await serve([logger('in :url', { stream, immediate: true }), logger('out :url :status', { stream })], (_req, res) => {
      setTimeout(() => res.end('late'), 10);
    });
    try {
      await request(server).get('/both').expect(200, 'late');
      await stream.waitFor(2);
      expect(stream.chunks).toEqual(['in /both\n', 'out /both 200\n']);
    } finally {
      await close(server);
    }
  });

  it('should write immediate lines to standard output at once', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    let inHandler: string[] = [];
    const { server } = await serve([logger('now-a :url', { immediate: true }), logger('now-b :url', { immediate: true })], (_req, res) => {
      inHandler = writes.filter((w) => w.includes('/std-now'));
      res.end();
    });
    try {
      await request(server).get('/std-now').expect(200);
    } finally {
      spy.mockRestore();
      await close(server);
    }
    expect(inHandler).toEqual(['now-a /std-now\n', 'now-b /std-now\n']);
  });
});

describe('when lines are written: streams that are not byte streams', () => {
  it('should write each line on its own to an object with a write method that is not a Node stream', async () => {
    const writer = recordWriter();
    const marker = new LineCapture();
    const { server } = await serve([logger('one :url', { stream: writer }), logger('two :url', { stream: writer }), logger(':url', { stream: marker })]);
    try {
      await request(server).get('/w').expect(200);
      await marker.waitFor(1);
      expect(writer.writes).toEqual(['one /w\n', 'two /w\n']);
    } finally {
      await close(server);
    }
  });

  it('should write each line on its own to an object-mode stream', async () => {
    const records: string[] = [];
    const objects = new Writable({
      objectMode: true,
      write(chunk: unknown, _enc, cb) {
        records.push(String(chunk));
        cb();
      },
    });
    const marker = new LineCapture();
    const { server } = await serve([logger('one :url', { stream: objects }), logger('two :url', { stream: objects }), logger(':url', { stream: marker })]);
    try {
      await request(server).get('/o').expect(200);
      await marker.waitFor(1);
      expect(records).toEqual(['one /o\n', 'two /o\n']);
    } finally {
      await close(server);
    }
  });

  it('should write an object a format function returns to an object-mode stream as it is, as morgan does', async () => {
    const records: unknown[] = [];
    const objects = new Writable({
      objectMode: true,
      write(chunk: unknown, _enc, cb) {
        records.push(chunk);
        cb();
      },
    });
    const writer = recordWriter();
    const record = (_tokens: unknown, req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }) as unknown as string;
    const { server } = await serve([logger(record, { stream: objects }), logger(record, { stream: writer })]);
    try {
      await request(server).get('/rec').expect(200);
      for (let i = 0; i < 50 && writer.writes.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      expect(records).toEqual([{ method: 'GET', url: '/rec' }]);
      expect(writer.writes).toEqual(['[object Object]\n']);
    } finally {
      await close(server);
    }
  });
});
