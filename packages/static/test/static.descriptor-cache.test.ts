/**
 * The descriptor cache of the small-file fast path (src/fd-cache.ts) under the timers test
 * environments give it, and when a read fails on a descriptor already dropped:
 *
 * - timers that are numbers (jsdom's, jest < 27's default environment) or faked (jest's and
 *   sinon's fake timers): files are served as serve-static serves them, and a frozen clock
 *   never makes the cache serve a rewritten, replaced or deleted file as it was;
 * - a read that fails on an entry the cache already dropped (the file changed meanwhile)
 *   closes that descriptor once: closing it again could close an unrelated descriptor that
 *   reused the number.
 */
import fs, { chmodSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import serveStatic from '@webfw/static';
import { closeAll, readFileStart } from '../src/fd-cache';
import { fixture, raw, withServer, type Fixture } from './support/helpers';

let fx: Fixture;
beforeEach(() => {
  fx = fixture({ 'note.txt': 'first note', 'other.txt': 'other file' });
});
afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
  closeAll();
  fx.remove();
});

/** GETs each path in turn and returns `status text` per answer. */
async function ask(paths: string[], between?: (i: number) => void): Promise<string[]> {
  return withServer(serveStatic(fx.root), async ({ server }) => {
    const out: string[] = [];
    for (const [i, path] of paths.entries()) {
      between?.(i);
      const res = await raw(server, 'GET', path);
      out.push(`${res.status} ${res.text}`);
    }
    return out;
  });
}

describe('the descriptor cache under test environments timers', () => {
  it('should serve files when setInterval returns a number (jsdom timers)', async () => {
    const numbers = jest.spyOn(global, 'setInterval').mockImplementation((() => 42) as unknown as typeof setInterval);
    expect(await ask(['/note.txt', '/other.txt', '/note.txt'])).toEqual(['200 first note', '200 other file', '200 first note']);
    expect(numbers).toHaveBeenCalled();
  });

  it('should serve files, and files changed since, under fake timers with a frozen clock', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'], now: new Date('2030-01-01T00:00:00Z') });
    const answers = await ask(['/note.txt', '/note.txt', '/note.txt', '/note.txt', '/note.txt'], (i) => {
      if (i === 1) writeFileSync(fx.path('note.txt'), 'second one'); // rewritten in place, same size
      if (i === 2) {
        writeFileSync(fx.path('next.txt'), 'third file');
        renameSync(fx.path('next.txt'), fx.path('note.txt')); // replaced by another inode
      }
      if (i === 3) chmodSync(fx.path('note.txt'), 0o600); // ctime changes; still readable by us
      if (i === 4) rmSync(fx.path('note.txt')); // deleted
    });
    expect(answers).toEqual(['200 first note', '200 second one', '200 third file', '200 third file', '404 fell through']);
  });
});

describe('a read failing on a dropped descriptor', () => {
  it('should close that descriptor once', async () => {
    const path = fx.path('note.txt');
    const closed: number[] = [];
    const realClose = fs.close;
    jest.spyOn(fs, 'close').mockImplementation(((fd: number, cb: (err: NodeJS.ErrnoException | null) => void) => {
      closed.push(fd);
      return realClose(fd, cb);
    }) as typeof fs.close);
    const read = (stat: fs.Stats): Promise<NodeJS.ErrnoException | null> =>
      new Promise((resolve) => readFileStart(path, stat, Buffer.alloc(10), (err) => resolve(err)));

    // warm: the descriptor is cached
    expect(await read(statSync(path))).toBeNull();
    // the next read on it is held, then fails
    const realRead = fs.read;
    let failHeld: (() => void) | undefined;
    const spy = jest.spyOn(fs, 'read').mockImplementationOnce(((...args: unknown[]) => {
      const cb = args[args.length - 1] as (err: NodeJS.ErrnoException | null, n: number) => void;
      failHeld = () => cb(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }), 0);
    }) as unknown as typeof fs.read);
    const held = read(statSync(path));
    // meanwhile the file changes: the next request drops the cached entry and opens anew
    spy.mockImplementation(realRead as typeof fs.read);
    chmodSync(path, 0o640);
    expect(await read(statSync(path))).toBeNull();
    // the held read now fails on the dropped descriptor
    failHeld!();
    expect((await held)?.code).toBe('EIO');
    await new Promise((resolve) => setImmediate(resolve));
    const twice = closed.filter((fd, i) => closed.indexOf(fd) !== i);
    expect(closed.length).toBeGreaterThan(0);
    expect(twice).toEqual([]);
  });
});
