import fs, { writeFileSync } from 'node:fs';
import serveStatic from '@webfw/static';
import { closeAll } from '../src/fd-cache';
import { SMALL_FILE_LIMIT } from '../src/serve-static';
import { fixture, header, raw, withServer, type Fixture } from './support/helpers';

// Small files are answered by the package's own stat + cached-descriptor read, everything
// else by send. These tests pin down which path a request takes (by counting fs calls) and
// that both give the same answer.

let fx: Fixture;
beforeAll(() => {
  fx = fixture({ 'small.txt': 'small file', 'edge.bin': Buffer.alloc(SMALL_FILE_LIMIT, 5), 'over.bin': Buffer.alloc(SMALL_FILE_LIMIT + 1, 6) });
});
afterEach(() => jest.restoreAllMocks());
afterAll(() => {
  closeAll();
  fx.remove();
});

function countCalls(): { stat: number; open: number } {
  const counts = { stat: 0, open: 0 };
  const realStat = fs.stat;
  const realOpen = fs.open;
  jest.spyOn(fs, 'stat').mockImplementation(((...a: unknown[]) => {
    counts.stat++;
    return (realStat as (...x: unknown[]) => void)(...a);
  }) as typeof fs.stat);
  jest.spyOn(fs, 'open').mockImplementation(((...a: unknown[]) => {
    counts.open++;
    return (realOpen as (...x: unknown[]) => void)(...a);
  }) as typeof fs.open);
  return counts;
}

describe('small-file fast path', () => {
  it.each<[string, string, Buffer, { stat: number; open: number }]>([
    ['serve a warm small file with one stat and no open', '/small.txt', Buffer.from('small file'), { stat: 1, open: 0 }],
    ['stat a known large file once per request (send only)', '/over.bin', Buffer.alloc(SMALL_FILE_LIMIT + 1, 6), { stat: 1, open: 1 }],
  ])('should %s', async (_name, target, content, calls) => {
    await withServer(serveStatic(fx.root), async (t) => {
      expect((await raw(t.server, 'GET', target)).body.equals(content)).toBe(true);
      const counts = countCalls();
      const res = await raw(t.server, 'GET', target);
      expect(res.status).toBe(200);
      expect(res.body.equals(content)).toBe(true);
      expect(counts).toEqual(calls);
    });
  });

  it('should serve a file of exactly the limit on the fast path and one byte more through send', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      await raw(t.server, 'GET', '/edge.bin');
      const counts = countCalls();
      const edge = await raw(t.server, 'GET', '/edge.bin');
      expect(edge.body.equals(Buffer.alloc(SMALL_FILE_LIMIT, 5))).toBe(true);
      expect(counts).toEqual({ stat: 1, open: 0 });
      const over = await raw(t.server, 'GET', '/over.bin');
      expect(over.body.equals(Buffer.alloc(SMALL_FILE_LIMIT + 1, 6))).toBe(true);
      expect(counts).toEqual({ stat: 3, open: 1 });
    });
  });

  it('should return to the fast path when a large file becomes small', async () => {
    writeFileSync(fx.path('shrinks.bin'), Buffer.alloc(SMALL_FILE_LIMIT * 2, 1));
    await withServer(serveStatic(fx.root), async (t) => {
      expect((await raw(t.server, 'GET', '/shrinks.bin')).body.length).toBe(SMALL_FILE_LIMIT * 2);
      writeFileSync(fx.path('shrinks.bin'), 'tiny now');
      expect((await raw(t.server, 'GET', '/shrinks.bin')).text).toBe('tiny now');
      await raw(t.server, 'GET', '/shrinks.bin');
      const counts = countCalls();
      expect((await raw(t.server, 'GET', '/shrinks.bin')).text).toBe('tiny now');
      expect(counts).toEqual({ stat: 1, open: 0 });
    });
  });

  it('should answer a conditional request through send with the validators the fast path sent', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const first = await raw(t.server, 'GET', '/small.txt');
      const counts = countCalls();
      const again = await raw(t.server, 'GET', '/small.txt', { 'If-None-Match': header(first, 'etag') });
      expect(again.status).toBe(304);
      const since = await raw(t.server, 'GET', '/small.txt', { 'If-Modified-Since': header(first, 'last-modified') });
      expect(since.status).toBe(304);
      expect(counts.stat).toBe(2);
    });
  });

  it('should serve encoded, dotted and doubled-slash spellings of the same file alike', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      for (const target of ['/%73mall.txt', '//small.txt', '/./small.txt', '/x/../small.txt']) {
        const res = await raw(t.server, 'GET', target);
        expect(res.status).toBe(200);
        expect(res.text).toBe('small file');
      }
    });
  });
});
