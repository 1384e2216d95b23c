/**
 * Plain GET and HEAD through the 4.x entry, compared with serve-static 1.x: files small (fast
 * path) and large (streamed by send 0.19), index files, mounts, other methods.
 */
import { statSync } from 'node:fs';
import serveStatic from '@webfw/static/v4';
import { etagFor, expectSameAsV1, useFixture } from './support/helpers';

const big = Buffer.alloc(200 * 1024);
for (let i = 0; i < big.length; i++) big[i] = (i * 7) % 251;

const fx = useFixture({
  'hello.txt': 'hello world',
  'empty.txt': '',
  'a b.txt': 'spaced',
  'ü.txt': 'umlaut',
  'index.html': '<h1>root</h1>',
  'docs/index.html': '<h1>docs</h1>',
  'docs/deep/file.css': 'body{}',
  'big.bin': big,
});

describe('GET and HEAD', () => {
  it('should serve files with the headers serve-static 1.x sends', async () => {
    const st = statSync(fx.path('hello.txt'));
    const headers = {
      'accept-ranges': 'bytes',
      'cache-control': 'public, max-age=0',
      'last-modified': st.mtime.toUTCString(),
      etag: etagFor(st.size, st.mtime),
      'content-type': 'text/plain; charset=UTF-8',
      'content-length': '11',
    };
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      { ask: '/hello.txt', status: 200, text: 'hello world', has: headers },
      { ask: 'HEAD /hello.txt', status: 200, text: '', has: headers },
      { ask: '/hello.txt?x=1#frag', status: 200, text: 'hello world' },
      { ask: '/empty.txt', status: 200, text: '', has: { 'content-length': '0' } },
      { ask: '/a%20b.txt', status: 200, text: 'spaced' },
      { ask: '/%C3%BC.txt', status: 200, text: 'umlaut' },
      { ask: '/docs/deep/file.css', status: 200, text: 'body{}', has: { 'content-type': 'text/css; charset=UTF-8' } },
      { ask: '/big.bin', status: 200, has: { 'content-length': String(big.length), 'content-type': 'application/octet-stream' } },
      { ask: 'HEAD /big.bin', status: 200, text: '', has: { 'content-length': String(big.length) } },
      { ask: '/missing.txt', status: 404, text: 'fell through', next: 'next' },
    ]);
  });

  it('should serve index files and fall through without one', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      { ask: '/', status: 200, text: '<h1>root</h1>', has: { 'content-type': 'text/html; charset=UTF-8' } },
      { ask: '/docs/', status: 200, text: '<h1>docs</h1>' },
      { ask: '/docs/deep/', status: 404, text: 'fell through', next: 'next' },
    ]);
  });

  it('should serve below a mount point, using the original URL', async () => {
    await expectSameAsV1(
      serveStatic,
      fx.root,
      undefined,
      [
        { ask: '/static/hello.txt', status: 200, text: 'hello world' },
        { ask: '/static/', status: 200, text: '<h1>root</h1>' },
        { ask: '/static', status: 301, has: { location: '/static/' } },
      ],
      '/static',
    );
  });

  it('should call next() for other methods, and answer 405 with fallthrough false', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      { ask: 'POST /hello.txt', status: 404, text: 'fell through', next: 'next' },
      { ask: 'OPTIONS /hello.txt', status: 404, text: 'fell through', next: 'next' },
    ]);
    await expectSameAsV1(serveStatic, fx.root, { fallthrough: false }, [
      { ask: 'POST /hello.txt', status: 405, text: '', has: { allow: 'GET, HEAD', 'content-length': '0' } },
      { ask: 'DELETE /nothing', status: 405, text: '', has: { allow: 'GET, HEAD' } },
    ]);
  });
});
