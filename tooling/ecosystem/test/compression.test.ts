import compression from 'compression';
import type { Request, Response } from 'express';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { build, closeAll, type Factory } from './support/pair';
import { captureOutput } from './support/output';
import { tempDir } from './support/requests';

captureOutput();
afterEach(closeAll);

const BIG = 'The quick brown fox jumps over the lazy dog. '.repeat(100); // 4500 bytes
const SMALL = 'tiny body';
const dir = tempDir('compression', { 'big.txt': BIG });

function typical(fw: Factory) {
  const app = fw();
  app.use(compression());
  app.get('/big', (_req, res) => {
    res.send(BIG);
  });
  app.get('/small', (_req, res) => {
    res.send(SMALL);
  });
  app.get('/json', (_req, res) => {
    res.json({ items: Array.from({ length: 200 }, (_v, i) => ({ id: i, name: `item ${i}` })) });
  });
  app.get('/stream', (_req, res) => {
    // no Content-Length: assumed over the threshold
    res.type('text/plain');
    res.write('chunk one\n');
    setImmediate(() => {
      res.write('chunk two\n');
      res.end('end\n');
    });
  });
  app.get('/image', (_req, res) => {
    res.type('png').send(Buffer.alloc(4096, 7));
  });
  app.use('/files', fw.static(dir()));
  return app;
}

describe('compression on express 5 and webfw', () => {
  test('a body above the 1kb threshold is gzipped when the client accepts gzip', async () => {
    const pair = await build(typical);
    const { express: r } = await pair.send({ path: '/big', headers: { 'Accept-Encoding': 'gzip, deflate' } });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.headers['content-length']).toBeUndefined();
    expect(r.headers['transfer-encoding']).toBe('chunked');
    expect(r.headers.etag).toMatch(/^W\/"[0-9a-f]+-[\w+/]+"$/);
    expect(gunzipSync(r.body).toString()).toBe(BIG);
  });

  test('br is preferred when accepted; deflate when it is the only one; identity when asked for', async () => {
    const pair = await build(typical);
    const br = await pair.send({ path: '/big', headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.express.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.express.body).toString()).toBe(BIG);

    const deflate = await pair.send({ path: '/json', headers: { 'Accept-Encoding': 'deflate' } });
    expect(deflate.express.headers['content-encoding']).toBe('deflate');
    expect(JSON.parse(inflateSync(deflate.express.body).toString()).items).toHaveLength(200);

    const identity = await pair.send({ path: '/big', headers: { 'Accept-Encoding': 'identity' } });
    expect(identity.express.headers['content-encoding']).toBeUndefined();
    expect(identity.express.headers['content-length']).toBe(String(BIG.length));
    expect(identity.express.text).toBe(BIG);

    const none = await pair.send({ path: '/big' });
    expect(none.express.headers['content-encoding']).toBeUndefined();
    expect(none.express.headers.vary).toBe('Accept-Encoding');
  });

  test('a body below the threshold is sent as is, with Vary', async () => {
    const pair = await build(typical);
    const { express: r } = await pair.send({ path: '/small', headers: { 'Accept-Encoding': 'gzip' } });
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['content-length']).toBe(String(SMALL.length));
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.text).toBe(SMALL);
  });

  test('HEAD: headers as for GET, no body', async () => {
    const pair = await build(typical);
    const { express: r } = await pair.send({ method: 'HEAD', path: '/big', headers: { 'Accept-Encoding': 'gzip' } });
    expect(r.status).toBe(200);
    expect(r.headers.vary).toBe('Accept-Encoding');
    expect(r.body.length).toBe(0);
  });

  test('streamed writes without Content-Length are compressed; 304 and uncompressible types are not', async () => {
    const pair = await build(typical);
    const stream = await pair.send({ path: '/stream', headers: { 'Accept-Encoding': 'gzip' } });
    expect(stream.express.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(stream.express.body).toString()).toBe('chunk one\nchunk two\nend\n');

    const image = await pair.send({ path: '/image', headers: { 'Accept-Encoding': 'gzip' } });
    expect(image.express.headers['content-encoding']).toBeUndefined();
    expect(image.express.headers['content-type']).toBe('image/png');

    const first = await pair.send({ path: '/json', headers: { 'Accept-Encoding': 'gzip' } });
    const etag = String(first.express.headers.etag);
    const notModified = await pair.send({ path: '/json', headers: { 'Accept-Encoding': 'gzip', 'If-None-Match': etag } });
    expect(notModified.express.status).toBe(304);
    expect(notModified.express.body.length).toBe(0);
  });

  test('static files are compressed; Range requests on them are not', async () => {
    const pair = await build(typical);
    const file = await pair.send({ path: '/files/big.txt', headers: { 'Accept-Encoding': 'gzip' } });
    expect(file.express.status).toBe(200);
    expect(file.express.headers['content-encoding']).toBe('gzip');
    expect(file.express.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(gunzipSync(file.express.body).toString()).toBe(BIG);

    const range = await pair.send({ path: '/files/big.txt', headers: { 'Accept-Encoding': 'gzip', Range: 'bytes=4-8' } });
    expect(range.express.status).toBe(206);
    expect(range.express.headers['content-range']).toBe(`bytes 4-8/${BIG.length}`);
    expect(range.express.headers['content-encoding']).toBeUndefined();
    expect(range.express.text).toBe('quick');
  });

  test('options: threshold 0 and a custom filter extending compression.filter', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(
        compression({
          threshold: 0,
          level: 9,
          filter: (req: Request, res: Response) => (req.headers['x-no-compression'] ? false : compression.filter(req, res)),
        }),
      );
      app.get('/small', (_req, res) => {
        res.send(SMALL);
      });
      return app;
    });
    const small = await pair.send({ path: '/small', headers: { 'Accept-Encoding': 'gzip' } });
    expect(small.express.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(small.express.body).toString()).toBe(SMALL);
    const opted = await pair.send({ path: '/small', headers: { 'Accept-Encoding': 'gzip', 'X-No-Compression': '1' } });
    expect(opted.express.headers['content-encoding']).toBeUndefined();
    expect(opted.express.text).toBe(SMALL);
  });

  test('res.flush() sends what was written so far (server-sent events)', async () => {
    const pair = await build((fw) => {
      const app = fw();
      app.use(compression());
      app.get('/events', (_req, res) => {
        res.setHeader('Content-Type', 'text/event-stream');
        res.setHeader('Cache-Control', 'no-cache');
        let n = 0;
        const tick = (): void => {
          res.write(`data: ping ${n}\n\n`);
          res.flush();
          if (++n === 3) res.end();
          else setTimeout(tick, 5);
        };
        tick();
      });
      return app;
    });
    const { express: r } = await pair.send({ path: '/events', headers: { 'Accept-Encoding': 'gzip' } });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(r.body).toString()).toBe('data: ping 0\n\ndata: ping 1\n\ndata: ping 2\n\n');
  });
});
