import request from 'supertest';
import serveStatic from '@webfw/static';
import { errorOf, fixture, withServer, type Fixture } from './helpers';

let fx: Fixture;
beforeAll(() => {
  fx = fixture({
    'about.html': 'about html',
    'about.htm': 'about htm',
    'contact.htm': 'contact htm',
    'report.html/': '',
    'report.htm': 'report htm',
    plain: 'no extension file',
  });
});
afterAll(() => fx.remove());

describe('extensions', () => {
  it('should not try extensions by default', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await request(t.server).get('/about');
      expect(res.status).toBe(404);
      expect(res.text).toBe('fell through');
    });
  });

  it('should serve the first extension found, in order', async () => {
    await withServer(serveStatic(fx.root, { extensions: ['html', 'htm'] }), async (t) => {
      const about = await request(t.server).get('/about');
      expect(about.status).toBe(200);
      expect(about.text).toBe('about html');
      expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await request(t.server).get('/contact')).text).toBe('contact htm');
    });
  });

  it('should accept a single string', async () => {
    await withServer(serveStatic(fx.root, { extensions: 'htm' }), async (t) => {
      expect((await request(t.server).get('/about')).text).toBe('about htm');
    });
  });

  it('should skip a candidate that is a directory', async () => {
    await withServer(serveStatic(fx.root, { extensions: ['html', 'htm'] }), async (t) => {
      const res = await request(t.server).get('/report');
      expect(res.status).toBe(200);
      expect(res.text).toBe('report htm');
    });
  });

  it('should not try extensions when the request has an extension', async () => {
    await withServer(serveStatic(fx.root, { extensions: ['html'] }), async (t) => {
      const res = await request(t.server).get('/about.txt');
      expect(res.status).toBe(404);
    });
  });

  it('should serve an existing file without extension as is', async () => {
    await withServer(serveStatic(fx.root, { extensions: ['html'] }), async (t) => {
      const res = await request(t.server).get('/plain').buffer(true);
      expect(res.status).toBe(200);
      expect(res.body.toString()).toBe('no extension file');
    });
  });

  it('should 404 when no extension matches and fallthrough is false', async () => {
    await withServer(serveStatic(fx.root, { extensions: ['html'], fallthrough: false }), async (t) => {
      const res = await request(t.server).get('/missing');
      expect(res.status).toBe(404);
      expect(errorOf(t, 0)).toMatchObject({ status: 404, code: 'ENOENT' });
    });
  });
});
