import type { RequestListener } from 'node:http';
import { Writable } from 'node:stream';
import request from 'supertest';
import logger from '@webfw/logger';
import { get, LineCapture, StdoutCapture, withServed, type Middleware } from './support/helpers';

/** A plain object with a `write` method, as used to hand each line to another logger. */
function recordWriter(): { write(line: string): void; writes: unknown[] } {
  const writes: unknown[] = [];
  return { writes, write: (line) => void writes.push(line) };
}

/** An object-mode stream that keeps each chunk written to it as it is. */
function objectStream(): Writable & { writes: unknown[] } {
  const writes: unknown[] = [];
  const stream = new Writable({
    objectMode: true,
    write(chunk: unknown, _enc, cb) {
      writes.push(chunk);
      cb();
    },
  });
  return Object.assign(stream, { writes });
}

describe('when lines are written: on response, batched per event-loop turn', () => {
  it('should join the lines made when responses complete in one turn into one write, in order', async () => {
    const stream = new LineCapture();
    await withServed([logger('first :url', { stream }), logger('second :method', { stream }), logger('third :status', { stream })], async (server) => {
      await request(server).get('/turn').expect(200, 'hello');
      await stream.waitFor(3);
    });
    expect(stream.chunks).toEqual(['first /turn\nsecond GET\nthird 200\n']);
  });

  it('should not have written a response line yet when the listeners after it run, and write it by the next turn', async () => {
    const stream = new LineCapture();
    let chunksAfterLine = -1;
    const handler: RequestListener = (_req, res) => {
      // runs after the logger's own listener made the line
      res.on('close', () => {
        chunksAfterLine = stream.chunks.length;
      });
      res.end('ok');
    };
    await withServed([logger(':url :status', { stream })], handler, async (server) => {
      await request(server).get('/later').expect(200, 'ok');
      await stream.waitFor(1);
    });
    expect(stream.lines).toEqual(['/later 200']);
    expect(chunksAfterLine).toBe(0);
  });

  it('should give each stream its own write', async () => {
    const a = new LineCapture();
    const b = new LineCapture();
    await withServed([logger('a1 :url', { stream: a }), logger('b1 :url', { stream: b }), logger('a2 :url', { stream: a })], async (server) => {
      await request(server).get('/s').expect(200);
      await a.waitFor(2);
      await b.waitFor(1);
    });
    expect(a.chunks).toEqual(['a1 /s\na2 /s\n']);
    expect(b.chunks).toEqual(['b1 /s\n']);
  });

  it('should write at once when more than 64 KiB of lines are pending', async () => {
    const big = 'x'.repeat(40 * 1024);
    logger.token('forty-kib', () => big);
    const stream = new LineCapture();
    await withServed([logger('1:forty-kib', { stream }), logger('2:forty-kib', { stream }), logger('3 :url', { stream })], async (server) => {
      await request(server).get('/big').expect(200);
      await stream.waitFor(3);
    });
    expect(stream.chunks).toEqual([`1${big}\n2${big}\n`, '3 /big\n']);
  });

  it('should batch response lines for standard output by default', async () => {
    const stdout = new StdoutCapture();
    try {
      await withServed([logger('out-a :url'), logger('out-b :url')], get('/std'));
      await stdout.waitFor((w) => w.includes('out-b /std'));
    } finally {
      stdout.restore();
    }
    expect(stdout.writes.filter((w) => w.includes('/std'))).toEqual(['out-a /std\nout-b /std\n']);
  });

  it('should listen for process exit once, not per logger or per request', async () => {
    logger(':url', { stream: new LineCapture() });
    const listeners = process.listenerCount('exit');
    const streams = Array.from({ length: 10 }, () => new LineCapture());
    await withServed(
      streams.map((stream) => logger(':url', { stream })),
      async (server) => {
        for (let i = 0; i < 3; i++) await request(server).get(`/e${i}`).expect(200);
        for (const stream of streams) expect(await stream.waitFor(3)).toEqual(['/e0', '/e1', '/e2']);
      },
    );
    expect(process.listenerCount('exit')).toBe(listeners);
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
    await withServed([logger('in-1 :url', { stream, immediate: true }), look, logger('in-2 :method', { stream, immediate: true }), look], (server) =>
      request(server).get('/now').expect(200, 'hello'),
    );
    expect(seen).toEqual([['in-1 /now\n'], ['in-1 /now\n', 'in-2 GET\n']]);
  });

  it('should write response lines still pending before an immediate line, in the same write, at once', async () => {
    const stream = new LineCapture();
    const arrival = logger('in :url', { stream, immediate: true }) as Middleware;
    let chunksRightAfter: string[] = [];
    const handler: RequestListener = (req, res) => {
      res.on('close', () => {
        // the response line is pending here; an immediate line must not overtake it
        arrival(req, res, () => undefined);
        chunksRightAfter = [...stream.chunks];
      });
      res.end();
    };
    await withServed([logger('out :url :status', { stream })], handler, async (server) => {
      await request(server).get('/order').expect(200);
      await stream.waitFor(2);
    });
    expect(chunksRightAfter).toEqual(['out /order 200\nin /order\n']);
    expect(stream.chunks).toEqual(['out /order 200\nin /order\n']);
  });

  it('should write a line on arrival and a line on completion of the same request in their order', async () => {
    const stream = new LineCapture();
    const handler: RequestListener = (_req, res) => {
      setTimeout(() => res.end('late'), 10);
    };
    await withServed([logger('in :url', { stream, immediate: true }), logger('out :url :status', { stream })], handler, async (server) => {
      await request(server).get('/both').expect(200, 'late');
      await stream.waitFor(2);
    });
    expect(stream.chunks).toEqual(['in /both\n', 'out /both 200\n']);
  });

  it('should write immediate lines to standard output at once', async () => {
    const stdout = new StdoutCapture();
    let inHandler: string[] = [];
    const handler: RequestListener = (_req, res) => {
      inHandler = stdout.writes.filter((w) => w.includes('/std-now'));
      res.end();
    };
    try {
      await withServed([logger('now-a :url', { immediate: true }), logger('now-b :url', { immediate: true })], handler, get('/std-now'));
    } finally {
      stdout.restore();
    }
    expect(inHandler).toEqual(['now-a /std-now\n', 'now-b /std-now\n']);
  });
});

describe('when lines are written: streams that are not byte streams', () => {
  it.each([
    ['an object with a write method that is not a Node stream', recordWriter, '/w'],
    ['an object-mode stream', objectStream, '/o'],
  ])('should write each line on its own to %s', async (_name, make, path) => {
    const sink = make();
    const marker = new LineCapture();
    await withServed([logger('one :url', { stream: sink }), logger('two :url', { stream: sink }), logger(':url', { stream: marker })], async (server) => {
      await request(server).get(path).expect(200);
      await marker.waitFor(1);
    });
    expect(sink.writes).toEqual([`one ${path}\n`, `two ${path}\n`]);
  });

  it('should write an object a format function returns to an object-mode stream as it is, as morgan does', async () => {
    const objects = objectStream();
    const writer = recordWriter();
    const record = (_tokens: unknown, req: { method?: string; url?: string }) => ({ method: req.method, url: req.url }) as unknown as string;
    await withServed([logger(record, { stream: objects }), logger(record, { stream: writer })], async (server) => {
      await request(server).get('/rec').expect(200);
      for (let i = 0; i < 50 && writer.writes.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    });
    expect(objects.writes).toEqual([{ method: 'GET', url: '/rec' }]);
    expect(writer.writes).toEqual(['[object Object]\n']);
  });
});
