import serveStatic, { type StaticMiddleware } from '@webfw/static';
import { errorOf, expectAnswers, raw, useFixture, withServer } from './support/helpers';

const fx = useFixture({
  'dir/index.html': 'dir index',
  'empty/': '',
  'x.html/': '',
  'evil.com/index.html': 'evil dir',
  'a b/index.html': 'spaced dir',
  '<script>/index.html': 'tag dir',
});

/** Sends each target to one fresh server around `mw` (mounted at `mount`) and expects a 301 to the location given with it. */
async function expectRedirects(mw: StaticMiddleware, redirects: Array<[target: string, location: string]>, mount?: string): Promise<void> {
  await withServer(
    mw,
    async (t) => {
      for (const [target, location] of redirects) {
        const res = await raw(t.server, 'GET', target);
        expect({ target, status: res.status, location: res.headers['location'] }).toEqual({ target, status: 301, location });
      }
    },
    mount,
  );
}

function doc(location: string): string {
  return (
    '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Redirecting</title>\n</head>\n<body>\n' +
    `<pre>Redirecting to ${location}</pre>\n</body>\n</html>\n`
  );
}

describe('redirect: true (default)', () => {
  it('should 301 a directory to its trailing-slash URL with an HTML body', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await raw(t.server, 'GET', '/dir');
      expect(res.status).toBe(301);
      expect(res.headers['location']).toBe('/dir/');
      expect(res.headers['content-type']).toBe('text/html; charset=UTF-8');
      expect(res.headers['content-security-policy']).toBe("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.text).toBe(doc('/dir/'));
      expect(res.headers['content-length']).toBe(String(Buffer.byteLength(doc('/dir/'))));
    });
  });

  it('should keep the query string', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await raw(t.server, 'GET', '/dir?a=1&b=2');
      expect(res.headers['location']).toBe('/dir/?a=1&b=2');
      expect(res.text).toBe(doc('/dir/?a=1&amp;b=2'));
    });
  });

  it('should redirect a directory whose name looks like a file', async () => {
    await expectRedirects(serveStatic(fx.root), [['/x.html', '/x.html/']]);
  });

  it('should redirect a HEAD request too', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await raw(t.server, 'HEAD', '/dir');
      expect(res.status).toBe(301);
      expect(res.headers['location']).toBe('/dir/');
      expect(res.body.length).toBe(0);
    });
  });

  it('should fall through for a directory with a trailing slash and no index', async () => {
    await expectAnswers(serveStatic(fx.root), [['/empty/', 404, 'fell through']]);
  });

  it('should redirect at the mount point using the original URL', async () => {
    await withServer(
      serveStatic(fx.path('dir')),
      async (t) => {
        const res = await raw(t.server, 'GET', '/static?v=1');
        expect(res.status).toBe(301);
        expect(res.headers['location']).toBe('/static/?v=1');
        const ok = await raw(t.server, 'GET', '/static/');
        expect(ok.status).toBe(200);
        expect(ok.text).toBe('dir index');
      },
      '/static',
    );
  });

  it('should redirect a directory below the mount point with the full path', async () => {
    await expectRedirects(serveStatic(fx.root), [['/assets/dir', '/assets/dir/']], '/assets');
  });
});

describe('redirect Location safety', () => {
  it('should collapse leading slashes so Location is never protocol-relative', async () => {
    await expectRedirects(serveStatic(fx.root), [
      ['//evil.com', '/evil.com/'],
      ['///evil.com?x', '/evil.com/?x'],
    ]);
  });

  it('should drop the authority of an absolute-form request target', async () => {
    await expectRedirects(serveStatic(fx.root), [['http://attacker.example/dir?q=1', '/dir/?q=1']]);
  });

  it('should percent-encode the Location and HTML-escape the body', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const spaced = await raw(t.server, 'GET', '/a%20b');
      expect(spaced.headers['location']).toBe('/a%20b/');
      const tag = await raw(t.server, 'GET', '/%3Cscript%3E');
      expect(tag.headers['location']).toBe('/%3Cscript%3E/');
      const raw1 = await raw(t.server, 'GET', '/dir?<b>');
      expect(raw1.headers['location']).toBe('/dir/?%3Cb%3E');
      expect(raw1.text).toBe(doc('/dir/?%3Cb%3E'));
      expect(raw1.text).not.toContain('<b>');
    });
  });
});

describe('redirect: false', () => {
  it('should fall through for a directory without a trailing slash', async () => {
    await expectAnswers(serveStatic(fx.root, { redirect: false }), [['/dir', 404, 'fell through']]);
  });

  it('should 404 a directory when fallthrough is false', async () => {
    const t = await expectAnswers(serveStatic(fx.root, { redirect: false, fallthrough: false }), [['/dir', 404, 'Not Found']]);
    expect(errorOf(t, 0)).toMatchObject({ status: 404, expose: true });
  });

  it('should still serve the index with a trailing slash', async () => {
    await expectAnswers(serveStatic(fx.root, { redirect: false }), [['/dir/', 200, 'dir index']]);
  });
});
