import request from 'supertest';
import serveStatic, { type ServeStaticOptions } from '@webfw/static';
import { errorOf, fixture, raw, serve, useFixture, withServer, type TestServer } from './support/helpers';

const fx = useFixture({
  '.env': 'SECRET=1',
  '.well-known/security.txt': 'contact: me',
  'visible.txt': 'visible',
  '.hidden/index.html': 'hidden index',
});

function with_(options: ServeStaticOptions, fn: (t: TestServer) => Promise<void>): Promise<void> {
  return withServer(serveStatic(fx.root, options), fn);
}

describe('dotfiles', () => {
  it('should ignore dotfiles by default (fall through)', async () => {
    await with_({}, async (t) => {
      for (const path of ['/.env', '/.well-known/security.txt', '/.hidden/', '/.hidden/index.html']) {
        const res = await request(t.server).get(path);
        expect(res.status).toBe(404);
        expect(res.text).toBe('fell through');
      }
      expect(t.calls).toEqual([{ kind: 'next' }, { kind: 'next' }, { kind: 'next' }, { kind: 'next' }]);
    });
  });

  it('should 404 a dotfile with ignore when fallthrough is false', async () => {
    await with_({ dotfiles: 'ignore', fallthrough: false }, async (t) => {
      const res = await request(t.server).get('/.env');
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not Found');
      expect(errorOf(t, 0)).toMatchObject({ status: 404, statusCode: 404, expose: true, message: 'Not Found' });
    });
  });

  it('should ignore a dotfile even when it is encoded as %2e', async () => {
    await with_({ fallthrough: false }, async (t) => {
      const res = await raw(t.server, 'GET', '/%2eenv');
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not Found');
    });
  });

  it('should 403 a dotfile with deny when fallthrough is false', async () => {
    await with_({ dotfiles: 'deny', fallthrough: false }, async (t) => {
      for (const path of ['/.env', '/.well-known/security.txt', '/.hidden/']) {
        const res = await request(t.server).get(path);
        expect(res.status).toBe(403);
        expect(res.text).toBe('Forbidden');
      }
      expect(errorOf(t, 0)).toMatchObject({ status: 403, expose: true, message: 'Forbidden' });
    });
  });

  it('should call next() for a denied dotfile when fallthrough is true', async () => {
    await with_({ dotfiles: 'deny' }, async (t) => {
      const res = await request(t.server).get('/.env');
      expect(res.status).toBe(404);
      expect(res.text).toBe('fell through');
      expect(t.calls).toEqual([{ kind: 'next' }]);
    });
  });

  it('should serve dotfiles with allow', async () => {
    await with_({ dotfiles: 'allow' }, async (t) => {
      const env = await request(t.server).get('/.env').buffer(true);
      expect(env.status).toBe(200);
      expect(env.body.toString()).toBe('SECRET=1');
      const wk = await request(t.server).get('/.well-known/security.txt');
      expect(wk.status).toBe(200);
      expect(wk.text).toBe('contact: me');
      const idx = await request(t.server).get('/.hidden/');
      expect(idx.status).toBe(200);
      expect(idx.text).toBe('hidden index');
    });
  });

  it('should not apply to the root directory itself when it is inside a dot directory', async () => {
    const inner = fixture({ '.site/page.txt': 'inside dot root' });
    const t = await serve(serveStatic(inner.path('.site'), { dotfiles: 'deny', fallthrough: false }));
    const res = await request(t.server).get('/page.txt');
    await t.close();
    inner.remove();
    expect(res.status).toBe(200);
    expect(res.text).toBe('inside dot root');
  });

  it('should still serve ordinary files with deny', async () => {
    await with_({ dotfiles: 'deny' }, async (t) => {
      const res = await request(t.server).get('/visible.txt');
      expect(res.status).toBe(200);
      expect(res.text).toBe('visible');
    });
  });
});
