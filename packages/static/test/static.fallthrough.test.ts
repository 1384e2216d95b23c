import request from 'supertest';
import serveStatic from '@webfw/static';
import { errorOf, expectAnswers, useFixture, withServer } from './support/helpers';

const fx = useFixture({ 'a.txt': 'abcdef' });

describe('fallthrough: true (default)', () => {
  it('should call next() for a missing file', async () => {
    const t = await expectAnswers(serveStatic(fx.root), [['/missing', 404, 'fell through']]);
    expect(t.calls).toEqual([{ kind: 'next' }]);
  });

  it('should call next() for a client error raised before the file is found (400, 403)', async () => {
    const t = await expectAnswers(serveStatic(fx.root), [
      ['/%', 404, 'fell through'],
      ['/../a.txt', 404, 'fell through'],
    ]);
    expect(t.calls).toEqual([{ kind: 'next' }, { kind: 'next' }]);
  });

  it('should call next(err) for an error raised once the file is found (416)', async () => {
    await withServer(serveStatic(fx.root), async (t) => {
      const res = await request(t.server).get('/a.txt').set('Range', 'bytes=100-');
      expect(res.status).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */6');
      expect(errorOf(t, 0)).toMatchObject({ status: 416, message: 'Range Not Satisfiable' });
    });
  });
});

describe('fallthrough: false', () => {
  it('should call next(err) with a 404 for a missing file', async () => {
    const t = await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [['/missing', 404, 'Not Found']]);
    expect(t.calls).toHaveLength(1);
    // expose/message of file-system errors are checked in plain node (module-formats.test.ts):
    // jest's module sandbox makes http-errors miss `instanceof Error` for node's own errors.
    expect(errorOf(t, 0)).toMatchObject({ status: 404, statusCode: 404, code: 'ENOENT' });
  });

  it('should call next(err) with 400 and 403 for client errors', async () => {
    await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [
      ['/%', 400, 'Bad Request'],
      ['/../a.txt', 403, 'Forbidden'],
    ]);
  });

  it('should still serve files', async () => {
    const t = await expectAnswers(serveStatic(fx.root, { fallthrough: false }), [['/a.txt', 200, 'abcdef']]);
    expect(t.calls).toEqual([]);
  });
});
