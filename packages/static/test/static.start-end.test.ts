import serveStatic from '@webfw/static';
import { raw, useFixture, withServer } from './support/helpers';

// start / end are send options that serve-static passes through: every response is cut to
// the inclusive byte window [start, end] of the file, and ranges apply inside that window.

const fx = useFixture({ 'digits.txt': '0123456789' });

describe('start and end', () => {
  it('should serve only bytes start..end', async () => {
    await withServer(serveStatic(fx.root, { start: 2, end: 5 }), async (t) => {
      const res = await raw(t.server, 'GET', '/digits.txt');
      expect(res.status).toBe(200);
      expect(res.headers['content-length']).toBe('4');
      expect(res.text).toBe('2345');
      const head = await raw(t.server, 'HEAD', '/digits.txt');
      expect(head.headers['content-length']).toBe('4');
      expect(head.body.length).toBe(0);
    });
  });

  it('should serve from start to the end of the file without end', async () => {
    await withServer(serveStatic(fx.root, { start: 4 }), async (t) => {
      const res = await raw(t.server, 'GET', '/digits.txt');
      expect(res.text).toBe('456789');
      expect(res.headers['content-length']).toBe('6');
    });
  });

  it('should apply a Range inside the window', async () => {
    await withServer(serveStatic(fx.root, { start: 2, end: 5 }), async (t) => {
      const res = await raw(t.server, 'GET', '/digits.txt', { Range: 'bytes=0-1' });
      expect(res.status).toBe(206);
      expect(res.headers['content-range']).toBe('bytes 0-1/4');
      expect(res.text).toBe('23');
      const past = await raw(t.server, 'GET', '/digits.txt', { Range: 'bytes=5-' });
      expect(past.status).toBe(416);
      expect(past.headers['content-range']).toBe('bytes */4');
    });
  });
});
