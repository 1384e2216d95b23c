import request from 'supertest';
import serveStatic from '@webfw/static';
import { errorOf, fixture, raw, withServer, type Fixture } from './helpers';

let fx: Fixture;
beforeAll(() => {
  fx = fixture({
    'index.html': 'root index.html',
    'both/index.html': 'both index.html',
    'both/default.htm': 'both default.htm',
    'only-default/default.htm': 'only default.htm',
    'none/file.txt': 'file',
    'nested/index.html/': '',
    'nested/index.htm': 'fallback index.htm',
  });
});
afterAll(() => fx.remove());

describe('index', () => {
  it('should serve index.html by default', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      expect((await request(t.server).get('/')).text).toBe('root index.html');
      expect((await request(t.server).get('/both/')).text).toBe('both index.html');
    });
  });

  it('should fall through for a directory without an index file', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await request(t.server).get('/none/');
      expect(res.status).toBe(404);
      expect(res.text).toBe('fell through');
    });
  });

  it('should 404 a directory without an index file when fallthrough is false', async () => {
    await withServer(serveStatic(fx.root, { fallthrough: false }), async (t) => {
      const res = await request(t.server).get('/none/');
      expect(res.status).toBe(404);
      expect(errorOf(t, 0)).toMatchObject({ status: 404 });
    });
  });

  it('should use a string index name', async () => {
    await withServer(serveStatic(fx.root, { index: 'default.htm' }), async (t) => {
      expect((await request(t.server).get('/both/')).text).toBe('both default.htm');
      expect((await request(t.server).get('/only-default/')).text).toBe('only default.htm');
      expect((await request(t.server).get('/')).status).toBe(404);
    });
  });

  it('should try an index array in order', async () => {
    await withServer(serveStatic(fx.root, { index: ['default.htm', 'index.html'] }), async (t) => {
      expect((await request(t.server).get('/both/')).text).toBe('both default.htm');
      expect((await request(t.server).get('/')).text).toBe('root index.html');
    });
  });

  it('should skip an index name that is a directory', async () => {
    await withServer(serveStatic(fx.root, { index: ['index.html', 'index.htm'] }), async (t) => {
      const res = await request(t.server).get('/nested/');
      expect(res.status).toBe(200);
      expect(res.text).toBe('fallback index.htm');
    });
  });

  it('should disable index files with index: false', async () => {
    await withServer(serveStatic(fx.root, { index: false, fallthrough: false }), async (t) => {
      const res = await request(t.server).get('/');
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not Found');
      const file = await request(t.server).get('/index.html');
      expect(file.text).toBe('root index.html');
    });
  });

  it('should redirect a directory without a trailing slash before serving its index', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await raw(t.server, 'GET', '/both');
      expect(res.status).toBe(301);
      expect(res.headers['location']).toBe('/both/');
    });
  });
});
