/**
 * Header values with characters U+0080..U+00FF go out in the bytes express 5 sends. Node
 * stores them with `setHeader` and writes them as latin1 (one byte each) before a Buffer
 * body, but joins the header block to a string body and encodes both as UTF-8. express 5
 * turns the body of `res.send` into a Buffer whenever it makes an ETag (the default) or the
 * text has 1000+ characters, so `res.set('X-Name', 'café'); res.send('ok')` sends the byte
 * E9; with `etag` off and a short text, or from `res.redirect` and the error page (string
 * bodies), the same value goes out as C3 A9. Every case is compared byte for byte with express.
 */
import webfw from '@webfw/core';
import type { Any, Framework } from './support/differential';
import { onWriteHead } from './support/helpers';
import { exchange, expectSameWire, getAndHead, withServed, type WireRequest } from './support/raw-wire';

/** `café` as the bytes that went out, read one character per byte. */
const LATIN1 = 'X-Name: caf\u00e9';
const UTF8 = 'X-Name: caf\u00c3\u00a9';

function build(fw: Framework): Any {
  const app = fw();
  app.set('env', 'production');
  const named = (res: Any): Any => res.set('X-Name', 'café');
  app.get('/send', (_q: Any, res: Any) => named(res).send('ok'));
  app.get('/send-utf8-body', (_q: Any, res: Any) => named(res).send('déjà vu'));
  app.get('/json', (_q: Any, res: Any) => named(res).json({ name: 'café' }));
  app.get('/jsonp', (_q: Any, res: Any) => named(res).jsonp({ ok: true }));
  app.get('/buffer', (_q: Any, res: Any) => named(res).send(Buffer.from('bytes')));
  app.get('/status', (_q: Any, res: Any) => named(res).sendStatus(201));
  app.get('/append', (_q: Any, res: Any) => res.append('X-Name', ['café', 'naïve']).send('ok'));
  app.get('/long', (_q: Any, res: Any) => named(res).send('x'.repeat(1000)));
  app.get('/own-etag', (_q: Any, res: Any) => named(res).set('ETag', '"mine"').send('ok'));
  app.get('/fresh', (_q: Any, res: Any) => named(res).set('ETag', '"v1"').send('cached'));
  app.get('/redirect', (_q: Any, res: Any) => named(res).redirect('/there'));
  app.get('/error', (_q: Any, _res: Any, next: Any) => next(Object.assign(new Error('x'), { status: 409, headers: { 'X-Name': 'café' } })));
  app.get('/end', (_q: Any, res: Any) => named(res).end('plain end'));
  // sub-apps with their own etag setting (the rest keeps the default, weak)
  const noEtag = fw();
  noEtag.set('etag', false);
  noEtag.get('/short-no-etag', (_q: Any, res: Any) => named(res).send('ok'));
  noEtag.get('/long-no-etag', (_q: Any, res: Any) => named(res).send('ü'.repeat(1000)));
  noEtag.get('/json', (_q: Any, res: Any) => named(res).json({ name: 'café' }));
  app.use('/no-etag', noEtag);
  const custom = fw();
  custom.set('etag', (body: Buffer) => `"${body.length}"`);
  custom.get('/send', (_q: Any, res: Any) => named(res).send('ok'));
  app.use('/custom-etag', custom);
  return app;
}

/** Routes whose X-Name goes out as latin1 bytes: res.send and res.json make an ETag or send a Buffer (node's setHeader bytes). */
const latin1Paths = ['/send', '/send-utf8-body', '/json', '/jsonp?callback=cb', '/buffer', '/status', '/long', '/no-etag/long-no-etag', '/custom-etag/send'];
/** Routes whose X-Name goes out as UTF-8: express 5 writes a string body there (no ETag made and under 1000 characters). */
const utf8Paths = ['/no-etag/short-no-etag', '/no-etag/json', '/own-etag', '/redirect', '/error', '/end'];

/** The X-Name lines of the webfw answer to `req`. */
const xName = (req: WireRequest): Promise<string[]> =>
  withServed(build(webfw), async (server) => (await exchange(server, req)).lines.filter((l) => l.startsWith('X-Name')));

describe('non-ASCII header values', () => {
  it('should go out in the same bytes as with express 5 for every way of sending', async () => {
    await expectSameWire(build, [...getAndHead([...latin1Paths, ...utf8Paths, '/append']), { path: '/fresh', headers: { 'If-None-Match': '"v1"' } }]);
  });

  it.each(latin1Paths)("should be written as latin1 bytes by %s with the default etag, as node's setHeader stores them", async (path) => {
    expect(await xName({ path })).toEqual([LATIN1]);
  });

  it("should be written as latin1 bytes on a 304, as node's setHeader stores them", async () => {
    const notModified = await withServed(build(webfw), (server) => exchange(server, { path: '/fresh', headers: { 'If-None-Match': '"v1"' } }));
    expect([notModified.statusLine, notModified.lines.filter((l) => l.startsWith('X-Name'))]).toEqual(['HTTP/1.1 304 Not Modified', [LATIN1]]);
  });

  it("should be written as latin1 bytes by res.append, each value, as node's setHeader stores them", async () => {
    expect(await xName({ path: '/append' })).toEqual([LATIN1, 'X-Name: na\u00efve']);
  });

  it('should leave the body itself UTF-8', async () => {
    const res = await withServed(build(webfw), (server) => exchange(server, { path: '/send-utf8-body' }));
    expect(res.body).toBe(Buffer.from('déjà vu').toString('latin1'));
  });

  it.each(utf8Paths)('should be written as UTF-8 by %s, where express 5 writes a string body (no ETag made and under 1000 characters)', async (path) => {
    expect(await xName({ path })).toEqual([UTF8]);
  });

  it('should go out as with express 5 when a writeHead hook adds them to an untouched response', async () => {
    // an on-headers style hook: runs inside writeHead, after res.send/res.json computed the headers
    const hooked = (fw: Framework): Any => {
      const app = fw();
      app.use(onWriteHead((res) => res.setHeader('X-Name', 'café')));
      app.get('/json', (_q: Any, res: Any) => res.json({ name: 'ünïcode' }));
      app.get('/send', (_q: Any, res: Any) => res.send('ascii'));
      app.get('/buffer', (_q: Any, res: Any) => res.send(Buffer.from('bytes')));
      const noEtag = fw();
      noEtag.set('etag', false);
      noEtag.get('/send', (_q: Any, res: Any) => res.send('ascii'));
      app.use('/no-etag', noEtag);
      return app;
    };
    const pairs = await expectSameWire(
      hooked,
      ['/json', '/send', '/buffer', '/no-etag/send'].map((path) => ({ path })),
    );
    expect(pairs.map((p) => p.webfw.lines.find((l) => l.startsWith('X-Name')))).toEqual([LATIN1, LATIN1, LATIN1, UTF8]);
  });
});
