import { statSync } from 'node:fs';
import request from 'supertest';
import serveStatic from '@webfw/static';
import { etagFor, fixture, raw, serve, type Fixture, type TestServer } from './support/helpers';

const big = Buffer.alloc(200 * 1024);
for (let i = 0; i < big.length; i++) big[i] = (i * 7) % 251;

let fx: Fixture;
let t: TestServer;
beforeAll(async () => {
  fx = fixture({
    'hello.txt': 'hello world',
    'page.html': '<p>page</p>',
    'data.json': '{"a":1}',
    noext: 'plain bytes',
    'unknown.zzqx': 'mystery',
    'empty.txt': '',
    'a b.txt': 'spaced',
    'ü.txt': 'umlaut',
    'index.html': '<h1>root index</h1>',
    'docs/index.html': '<h1>docs</h1>',
    'docs/deep/file.css': 'body{}',
    'big.bin': big,
  });
  t = await serve(serveStatic(fx.root));
});
afterAll(async () => {
  await t.close();
  fx.remove();
});

describe('GET', () => {
  it('should serve a file with the headers send sets', async () => {
    const st = statSync(fx.path('hello.txt'));
    const res = await request(t.server).get('/hello.txt');
    expect(res.status).toBe(200);
    expect(res.text).toBe('hello world');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-length']).toBe('11');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=0');
    expect(res.headers['last-modified']).toBe(st.mtime.toUTCString());
    expect(res.headers['etag']).toBe(etagFor(st.size, st.mtime));
    expect(t.calls.length).toBe(0);
  });

  it('should send the headers in the order send does', async () => {
    const res = await raw(t.server, 'GET', '/hello.txt');
    const names = Object.keys(res.headers).filter((h) => h !== 'date' && h !== 'connection');
    expect(names).toEqual(['accept-ranges', 'cache-control', 'last-modified', 'etag', 'content-type', 'content-length']);
  });

  it('should pick the Content-Type by extension', async () => {
    expect((await request(t.server).get('/page.html')).headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await request(t.server).get('/data.json')).headers['content-type']).toBe('application/json; charset=utf-8');
    expect((await request(t.server).get('/docs/deep/file.css')).headers['content-type']).toBe('text/css; charset=utf-8');
  });

  it('should send application/octet-stream without a known extension', async () => {
    const a = await request(t.server).get('/noext').buffer(true);
    expect(a.headers['content-type']).toBe('application/octet-stream');
    expect(a.body.toString()).toBe('plain bytes');
    const b = await request(t.server).get('/unknown.zzqx').buffer(true);
    expect(b.headers['content-type']).toBe('application/octet-stream');
  });

  it.each([
    ['ignore the query string', '/hello.txt?v=123&x=%zz'],
    ['ignore a fragment in the request target', '/hello.txt#top'],
  ])('should %s', async (_name, target) => {
    const res = await raw(t.server, 'GET', target);
    expect(res.status).toBe(200);
    expect(res.text).toBe('hello world');
  });

  it('should decode percent-encoded names', async () => {
    expect((await request(t.server).get('/a%20b.txt')).text).toBe('spaced');
    expect((await request(t.server).get('/%C3%BC.txt')).text).toBe('umlaut');
  });

  it('should serve an empty file with Content-Length 0', async () => {
    const res = await raw(t.server, 'GET', '/empty.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('0');
    expect(res.body.length).toBe(0);
  });

  it('should serve the index of the root and of a directory', async () => {
    const root = await request(t.server).get('/');
    expect(root.status).toBe(200);
    expect(root.text).toBe('<h1>root index</h1>');
    expect(root.headers['content-type']).toBe('text/html; charset=utf-8');
    const docs = await request(t.server).get('/docs/');
    expect(docs.status).toBe(200);
    expect(docs.text).toBe('<h1>docs</h1>');
  });

  it('should stream a file larger than the fast-path limit byte for byte', async () => {
    const res = await raw(t.server, 'GET', '/big.bin');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(big.length));
    expect(res.headers['content-type']).toBe('application/octet-stream');
    expect(res.body.equals(big)).toBe(true);
  });

  it('should keep a Content-Type set before the middleware', async () => {
    const mw = serveStatic(fx.root);
    const s = await serve((req, res, next) => {
      res.setHeader('Content-Type', 'text/x-custom');
      mw(req, res, next);
    });
    const res = await raw(s.server, 'GET', '/hello.txt');
    await s.close();
    expect(res.headers['content-type']).toBe('text/x-custom');
    expect(res.text).toBe('hello world');
  });

  it('should fall through when the file does not exist', async () => {
    const before = t.calls.length;
    const res = await request(t.server).get('/missing.txt');
    expect(res.status).toBe(404);
    expect(res.text).toBe('fell through');
    expect(t.calls.slice(before)).toEqual([{ kind: 'next' }]);
  });

  it('should 500 through send when headers were already sent', async () => {
    const mw = serveStatic(fx.root, { fallthrough: false });
    let error: unknown;
    const s = await serve((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('early ');
      mw(req, res, (err) => {
        error = err;
        res.end('end');
      });
    });
    const res = await request(s.server).get('/hello.txt');
    await s.close();
    expect(res.text).toBe('early end');
    expect(error).toMatchObject({ status: 500, message: "Can't set headers after they are sent." });
  });
});

describe('HEAD', () => {
  it('should send the GET headers without a body', async () => {
    const st = statSync(fx.path('hello.txt'));
    const res = await raw(t.server, 'HEAD', '/hello.txt');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe('11');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['etag']).toBe(etagFor(st.size, st.mtime));
    expect(res.body.length).toBe(0);
  });

  it('should send the headers of a large file without a body', async () => {
    const res = await raw(t.server, 'HEAD', '/big.bin');
    expect(res.status).toBe(200);
    expect(res.headers['content-length']).toBe(String(big.length));
    expect(res.body.length).toBe(0);
  });

  it('should fall through for a missing file', async () => {
    const res = await raw(t.server, 'HEAD', '/missing.txt');
    expect(res.status).toBe(404);
    expect(res.body.length).toBe(0);
  });
});
