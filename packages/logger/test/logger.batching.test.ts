import { Writable } from 'node:stream';
import request from 'supertest';
import logger from '@webfw/logger';
import { close, LineCapture, serve } from './helpers';

/** A plain object with a `write` method, as used to hand each line to another logger. */
function recordWriter(): { write(line: string): void; writes: string[] } {
  const writes: string[] = [];
  return { writes, write: (line) => void writes.push(line) };
}

describe('when lines are written', () => {
  it('should join the lines of one event-loop turn into one write, in the order they were made', async () => {
    const stream = new LineCapture();
    const { server } = await serve([
      logger('first :url', { stream, immediate: true }),
      logger('second :method', { stream, immediate: true }),
      logger('third :status', { stream, immediate: true }),
    ]);
    try {
      await request(server).get('/turn').expect(200, 'hello');
      await stream.waitFor(3);
      expect(stream.chunks).toEqual(['first /turn\nsecond GET\nthird -\n']);
    } finally {
      await close(server);
    }
  });

  it('should not have written the line yet when the next middleware runs', async () => {
    const stream = new LineCapture();
    let chunksInHandler = -1;
    const { server } = await serve([logger(':url', { stream, immediate: true })], (_req, res) => {
      chunksInHandler = stream.chunks.length;
      res.end('ok');
    });
    try {
      await request(server).get('/later').expect(200, 'ok');
      expect(await stream.waitFor(1)).toEqual(['/later']);
      expect(chunksInHandler).toBe(0);
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

  it('should give each stream its own write', async () => {
    const a = new LineCapture();
    const b = new LineCapture();
    const { server } = await serve([
      logger('a1 :url', { stream: a, immediate: true }),
      logger('b1 :url', { stream: b, immediate: true }),
      logger('a2 :url', { stream: a, immediate: true }),
    ]);
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
    const { server } = await serve([
      logger('1:forty-kib', { stream, immediate: true }),
      logger('2:forty-kib', { stream, immediate: true }),
      logger('3 :url', { stream, immediate: true }),
    ]);
    try {
      await request(server).get('/big').expect(200);
      await stream.waitFor(3);
      expect(stream.chunks).toEqual([`1${big}\n2${big}\n`, '3 /big\n']);
    } finally {
      await close(server);
    }
  });

  it('should write each line on its own to an object with a write method that is not a Node stream', async () => {
    const writer = recordWriter();
    const marker = new LineCapture();
    const { server } = await serve([
      logger('one :url', { stream: writer, immediate: true }),
      logger('two :url', { stream: writer, immediate: true }),
      logger(':url', { stream: marker }),
    ]);
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
    const { server } = await serve([
      logger('one :url', { stream: objects, immediate: true }),
      logger('two :url', { stream: objects, immediate: true }),
      logger(':url', { stream: marker }),
    ]);
    try {
      await request(server).get('/o').expect(200);
      await marker.waitFor(1);
      expect(records).toEqual(['one /o\n', 'two /o\n']);
    } finally {
      await close(server);
    }
  });

  it('should listen for process exit once, not per logger or per request', async () => {
    logger(':url', { stream: new LineCapture() });
    const listeners = process.listenerCount('exit');
    const streams = Array.from({ length: 10 }, () => new LineCapture());
    const { server } = await serve(streams.map((stream) => logger(':url', { stream, immediate: true })));
    try {
      for (let i = 0; i < 3; i++) await request(server).get(`/e${i}`).expect(200);
      for (const stream of streams) expect(await stream.waitFor(3)).toEqual(['/e0', '/e1', '/e2']);
      expect(process.listenerCount('exit')).toBe(listeners);
    } finally {
      await close(server);
    }
  });

  it('should batch lines for standard output by default', async () => {
    const writes: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      writes.push(String(chunk));
      return true;
    });
    const { server } = await serve([logger('out-a :url', { immediate: true }), logger('out-b :url', { immediate: true })]);
    try {
      await request(server).get('/std').expect(200);
      for (let i = 0; i < 50 && !writes.some((w) => w.includes('out-b /std')); i++) await new Promise((r) => setTimeout(r, 10));
    } finally {
      spy.mockRestore();
      await close(server);
    }
    expect(writes.filter((w) => w.includes('/std'))).toEqual(['out-a /std\nout-b /std\n']);
  });
});
