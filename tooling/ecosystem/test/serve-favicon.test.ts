import { createHash } from 'node:crypto';
import { join } from 'node:path';
import favicon from 'serve-favicon';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';
import { tempDir } from './support/requests';

captureOutput();
afterEach(closeAll);

/** A 1x1 32-bit icon: ICONDIR, one ICONDIRENTRY, a BITMAPINFOHEADER, one pixel and its AND mask. */
const ICON = Buffer.concat([
  Buffer.from([0, 0, 1, 0, 1, 0]),
  Buffer.from([1, 1, 0, 0, 1, 0, 32, 0, 48, 0, 0, 0, 22, 0, 0, 0]),
  Buffer.from([40, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1, 0, 32, 0, 0, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  Buffer.from([0x33, 0x66, 0x99, 0xff, 0, 0, 0, 0]),
]);
/** serve-favicon's ETag: a strong tag of the icon's SHA-1 in base64 (computed here independently). */
const ETAG = `"${ICON.length.toString(16)}-${createHash('sha1').update(ICON).digest('base64').slice(0, 27)}"`;

const dir = tempDir('favicon', { 'favicon.ico': ICON });

function app(fw: Factory) {
  const app = fw();
  app.use(favicon(join(dir(), 'favicon.ico')));
  app.get('/', (_req, res) => {
    res.send('home');
  });
  return app;
}

describe('serve-favicon on express 5 and webfw', () => {
  test('GET /favicon.ico: the icon with its type, ETag and a year of caching; other paths pass through', async () => {
    const pair = await build(app);
    const { express: r } = await pair.send({ path: '/favicon.ico' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('image/x-icon');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000');
    expect(r.headers['content-length']).toBe(String(ICON.length));
    expect(r.headers.etag).toBe(ETAG);
    expect(r.body.equals(ICON)).toBe(true);
    const home = await pair.send({ path: '/' });
    expect(home.express.text).toBe('home');
    const query = await pair.send({ path: '/favicon.ico?v=2' });
    expect(query.express.body.equals(ICON)).toBe(true);
  });

  test('conditional GET answers 304; HEAD has no body', async () => {
    const pair = await build(app);
    const fresh = await pair.send({ path: '/favicon.ico', headers: { 'If-None-Match': ETAG } });
    expect(fresh.express.status).toBe(304);
    expect(fresh.express.body.length).toBe(0);
    const head = await pair.send({ method: 'HEAD', path: '/favicon.ico' });
    expect(head.express.status).toBe(200);
    expect(head.express.body.length).toBe(0);
  });

  test('OPTIONS answers 200 with Allow; other methods 405 with Allow', async () => {
    const pair = await build(app);
    const options = await pair.send({ method: 'OPTIONS', path: '/favicon.ico' });
    expect(options.express.status).toBe(200);
    expect(options.express.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(options.express.headers['content-length']).toBe('0');
    const post = await pair.send({ method: 'POST', path: '/favicon.ico' });
    expect(post.express.status).toBe(405);
    expect(post.express.headers.allow).toBe('GET, HEAD, OPTIONS');
  });

  test('a Buffer icon with a maxAge string; mounted, it answers under the mount path', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(favicon(ICON, { maxAge: '1d' }));
      app.use('/sub', favicon(ICON));
      return app;
    });
    const { express: r } = await pair.send({ path: '/favicon.ico' });
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    const mounted = await pair.send({ path: '/sub/favicon.ico' });
    expect(mounted.express.status).toBe(200); // the mount strips /sub: the inner middleware sees /favicon.ico
    const missing = await pair.send({ path: '/favicon.png' });
    expect(missing.express.status).toBe(404);
  });
});
