import fs, { readdirSync, readlinkSync, renameSync, statSync, symlinkSync, truncateSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import request from 'supertest';
import serveStatic from '@webfw/static';
import { closeAll, MAX_OPEN, openCount, sweep } from '../src/fd-cache';
import { errorOf, expectAnswers, fixture, raw, withServer, type Fixture } from './support/helpers';

let fx: Fixture;
beforeAll(() => {
  fx = fixture({
    'x.txt/': '',
    'x.txt/inner.txt': 'inside a directory named x.txt',
    '../outside.txt': 'outside root',
    '../outside-dir/index.html': 'outside index',
  });
  symlinkSync(fx.path('../outside.txt'), fx.path('link-out.txt'));
  symlinkSync(fx.path('../outside-dir'), fx.path('link-dir'));
  symlinkSync(fx.path('nowhere.txt'), fx.path('dangling.txt'));
  symlinkSync(fx.path('loop-b'), fx.path('loop-a'));
  symlinkSync(fx.path('loop-a'), fx.path('loop-b'));
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(() => {
  closeAll();
  fx.remove();
});

let n = 0;
/** A fresh file name per test, so the descriptor cache starts cold for it. */
function fresh(content: string | Buffer): string {
  const name = `f${++n}.txt`;
  writeFileSync(fx.path(name), content);
  return name;
}

/** Makes fs.open remove `file` just before opening it, as if it were deleted between stat and open. */
function removeWhenOpened(file: string): void {
  const realOpen = fs.open;
  jest.spyOn(fs, 'open').mockImplementation(((path: fs.PathLike, ...rest: unknown[]) => {
    if (path === file && fs.existsSync(file)) unlinkSync(file);
    return (realOpen as (...a: unknown[]) => void)(path, ...rest);
  }) as typeof fs.open);
}

/** Expects GET `dir` to 301 to `dir/`, then GET `inside` (a path below it) to answer `text`. */
async function expectDirectory(dir: string, inside: string, text: string): Promise<void> {
  await withServer(serveStatic(fx.root), async (t) => {
    const res = await raw(t.server, 'GET', dir);
    expect([res.status, res.headers['location']]).toEqual([301, `${dir}/`]);
    expect((await raw(t.server, 'GET', inside)).text).toBe(text);
  });
}

describe('a file that changes between stat and read', () => {
  it('should fall through when a small file is removed before it is opened', async () => {
    const name = fresh('soon gone');
    removeWhenOpened(fx.path(name));
    const t = await expectAnswers(serveStatic(fx.root), [['/' + name, 404, 'fell through']]);
    expect(t.calls).toEqual([{ kind: 'next' }]);
  });

  it('should 404 through next(err) in that case when fallthrough is false', async () => {
    const name = fresh('soon gone too');
    removeWhenOpened(fx.path(name));
    const t = await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [['/' + name, 404]]);
    expect(errorOf(t)).toMatchObject({ status: 404, code: 'ENOENT' });
  });

  it('should serve the file as it now is when it shrinks before the read', async () => {
    const name = fresh('0123456789');
    const file = fx.path(name);
    const realRead = fs.read;
    let shrunk = false;
    jest.spyOn(fs, 'read').mockImplementation(((...args: unknown[]) => {
      if (!shrunk) {
        shrunk = true;
        truncateSync(file, 4);
      }
      return (realRead as (...a: unknown[]) => void)(...args);
    }) as typeof fs.read);
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await raw(t.server, 'GET', '/' + name);
      expect(shrunk).toBe(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe('4');
      expect(res.text).toBe('0123');
    });
  });

  it('should 404 through next(err) when a large file is removed after its headers (as serve-static does)', async () => {
    const name = fresh(Buffer.alloc(100 * 1024, 7));
    await withServer(serveStatic(fx.root, { setHeaders: (_res, path) => unlinkSync(path) }), async (t) => {
      const res = await raw(t.server, 'GET', '/' + name);
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not Found');
      expect(errorOf(t)).toMatchObject({ status: 404, code: 'ENOENT' });
    });
  });
});

describe('files changed between requests', () => {
  it('should serve new content after the file is replaced by rename', async () => {
    const name = fresh('version one');
    await withServer(serveStatic(fx.root), async (t) => {
      expect((await request(t.server).get('/' + name)).text).toBe('version one');
      writeFileSync(fx.path('tmp-new'), 'version two, longer');
      renameSync(fx.path('tmp-new'), fx.path(name));
      const res = await request(t.server).get('/' + name);
      expect(res.text).toBe('version two, longer');
      expect(res.headers['content-length']).toBe('19');
    });
  });

  it('should serve new bytes after an in-place rewrite that keeps size and mtime', async () => {
    const name = fresh('AAAA');
    const file = fx.path(name);
    const { atime, mtime } = statSync(file);
    await withServer(serveStatic(fx.root), async (t) => {
      expect((await request(t.server).get('/' + name)).text).toBe('AAAA');
      writeFileSync(file, 'BBBB');
      utimesSync(file, atime, mtime);
      expect((await request(t.server).get('/' + name)).text).toBe('BBBB');
    });
  });

  it('should fall through once a served file is deleted', async () => {
    const name = fresh('here for now');
    await withServer(serveStatic(fx.root), async (t) => {
      expect((await request(t.server).get('/' + name)).status).toBe(200);
      unlinkSync(fx.path(name));
      const res = await request(t.server).get('/' + name);
      expect(res.status).toBe(404);
      expect(res.text).toBe('fell through');
    });
  });

  it('should answer concurrent requests consistently while the file is replaced', async () => {
    const name = fresh('v0');
    const versions = new Set(['v0']);
    await withServer(serveStatic(fx.root), async (t) => {
      const pending: Array<Promise<{ status: number; body: string; length: string | undefined }>> = [];
      for (let i = 1; i <= 40; i++) {
        pending.push(raw(t.server, 'GET', '/' + name).then((r) => ({ status: r.status, body: r.text, length: r.headers['content-length'] })));
        if (i % 4 === 0) {
          const v = 'v' + 'x'.repeat(i);
          versions.add(v);
          writeFileSync(fx.path('swap'), v);
          renameSync(fx.path('swap'), fx.path(name));
          await new Promise((r) => setImmediate(r));
        }
      }
      for (const r of await Promise.all(pending)) {
        expect(r.status).toBe(200);
        expect(versions.has(r.body)).toBe(true);
        expect(r.length).toBe(String(Buffer.byteLength(r.body)));
      }
    });
  });
});

describe('directories named like files', () => {
  it('should redirect a directory named x.txt', async () => {
    await expectDirectory('/x.txt', '/x.txt/inner.txt', 'inside a directory named x.txt');
  });

  it('should fall through for it with a trailing slash and no index', async () => {
    await expectAnswers(serveStatic(fx.root), [['/x.txt/', 404, 'fell through']]);
  });

  it('should fall through for a file requested as a directory', async () => {
    const name = fresh('plain file');
    const t = await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [[`/${name}/`, 404]]);
    expect(errorOf(t)).toMatchObject({ status: 404, code: 'ENOTDIR' });
  });
});

describe('symlinks (followed, as serve-static does)', () => {
  it('should serve a file that a symlink inside root points to, even outside root', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await request(t.server).get('/link-out.txt');
      expect(res.status).toBe(200);
      expect(res.text).toBe('outside root');
      // Headers name nothing of the target: the path in setHeaders is the one under root.
      expect(JSON.stringify(res.headers)).not.toContain(fx.base);
    });
  });

  it('should pass setHeaders the path under root, not the link target', async () => {
    const paths: string[] = [];
    await withServer(serveStatic(fx.root, { setHeaders: (_res, path) => paths.push(path) }), async (t) => {
      await request(t.server).get('/link-out.txt');
    });
    expect(paths).toEqual([fx.path('link-out.txt')]);
  });

  it('should redirect and serve the index of a linked directory', async () => {
    await expectDirectory('/link-dir', '/link-dir/', 'outside index');
  });

  it('should fall through for a dangling symlink', async () => {
    await expectAnswers(serveStatic(fx.root), [['/dangling.txt', 404, 'fell through']]);
  });

  it('should pass a symlink loop to next(err) as a 500', async () => {
    const t = await expectAnswers(serveStatic(fx.root), [['/loop-a', 500, 'Internal Server Error']]);
    expect(errorOf(t)).toMatchObject({ status: 500, code: 'ELOOP' });
  });

  it('should not let a request escape root through a symlink plus dot-dot', async () => {
    await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [['/link-dir/../../outside.txt', 403]]);
  });
});

describe('descriptor cache', () => {
  const fdsUnder = (dir: string): number =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`).startsWith(dir);
      } catch {
        return false;
      }
    }).length;
  const linux = process.platform === 'linux' ? it : it.skip;

  it('should keep at most MAX_OPEN descriptors while serving more files', async () => {
    closeAll();
    const names = Array.from({ length: MAX_OPEN + 10 }, (_, i) => fresh(`file ${i}`));
    await withServer(serveStatic(fx.root), async (t) => {
      for (const [i, name] of names.entries()) expect((await raw(t.server, 'GET', '/' + name)).text).toBe(`file ${i}`);
    });
    expect(openCount()).toBe(MAX_OPEN);
  });

  /** Polls until `fn()` returns `want` (descriptors close asynchronously), then returns it. */
  async function settle(fn: () => number, want: number): Promise<number> {
    for (let i = 0; i < 200 && fn() !== want; i++) await new Promise((r) => setTimeout(r, 10));
    return fn();
  }

  /** Empties the cache (no descriptor under root left open), then serves one fresh file: the cache holds its descriptor. */
  async function cacheOneDescriptor(content: string): Promise<void> {
    closeAll();
    expect(await settle(() => fdsUnder(fx.root), 0)).toBe(0);
    await expectAnswers(serveStatic(fx.root), [['/' + fresh(content), 200, content]]);
  }

  linux('should close every descriptor it opened', async () => {
    await cacheOneDescriptor('count me');
    expect(openCount()).toBe(1);
    expect(fdsUnder(fx.root)).toBe(1);
    closeAll();
    expect(openCount()).toBe(0);
    expect(await settle(() => fdsUnder(fx.root), 0)).toBe(0);
  });

  linux('should close idle descriptors after two sweeps', async () => {
    await cacheOneDescriptor('idle');
    sweep();
    expect(openCount()).toBe(1);
    expect(fdsUnder(fx.root)).toBe(1);
    sweep();
    expect(openCount()).toBe(0);
    expect(await settle(() => fdsUnder(fx.root), 0)).toBe(0);
  });
});
