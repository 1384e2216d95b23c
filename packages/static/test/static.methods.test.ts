import serveStatic from '@webfw/static';
import { raw, serve, useFixture } from './support/helpers';

const fx = useFixture({ 'file.txt': 'content' });

const others = ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

describe('methods other than GET and HEAD', () => {
  it.each(others)('should fall through on %s by default', async (method) => {
    const t = await serve(serveStatic(fx.root));
    const res = await raw(t.server, method, '/file.txt', { 'Content-Length': '0' });
    await t.close();
    expect(res.status).toBe(404);
    expect(res.text).toBe('fell through');
    expect(t.calls).toEqual([{ kind: 'next' }]);
  });

  it.each(others)('should 405 with Allow: GET, HEAD on %s when fallthrough is false', async (method) => {
    const t = await serve(serveStatic(fx.root, { fallthrough: false }));
    const res = await raw(t.server, method, '/file.txt', { 'Content-Length': '0' });
    await t.close();
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
    expect(res.headers['content-length']).toBe('0');
    expect(res.body.length).toBe(0);
    expect(t.calls).toEqual([]);
  });

  it('should 405 even for a path that does not exist when fallthrough is false', async () => {
    const t = await serve(serveStatic(fx.root, { fallthrough: false }));
    const res = await raw(t.server, 'POST', '/nothing/here', { 'Content-Length': '0' });
    await t.close();
    expect(res.status).toBe(405);
    expect(res.headers['allow']).toBe('GET, HEAD');
  });
});
