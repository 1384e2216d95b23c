/**
 * The 4.x entry's Content-Types are send 0.19's: mime 1.x's table, `; charset=UTF-8` for text,
 * JavaScript and JSON, `application/octet-stream` otherwise, the extension read as the text after
 * the last `.` or `/` (so a file named `html` is HTML). Compared with serve-static 1.x, on the
 * fast path (small files) and through send (HEAD, ranges, large files, conditional requests).
 */
import serveStatic from '@webfw/static/v4';
import { expectSameAsV1, useFixture, type V1Case } from './support/helpers';

const big = Buffer.alloc(100 * 1024, 'x');
const fx = useFixture({
  'a.txt': 'text',
  'a.html': '<p>html</p>',
  'a.js': 'let a;',
  'a.mjs': 'export {};',
  'a.json': '{}',
  'a.css': 'a{}',
  'a.svg': '<svg/>',
  'a.xml': '<a/>',
  'a.md': '# md',
  'a.ts': 'ts',
  'a.map': '{}',
  'a.tar.gz': 'gz',
  'a.unknownzz': 'unknown',
  noext: 'bytes',
  html: 'a file named html',
  'UPPER.JS': 'upper',
  'big.js': big,
  'dir/index.htm': 'index htm',
});

/** GET `path` and expect `type` (served with 200). */
function typed(path: string, type: string, headers?: Record<string, string>): V1Case {
  return { ask: path, headers, status: 200, has: { 'content-type': type } };
}

describe('Content-Type (mime 1.x, as send 0.19)', () => {
  it('should type small files on the fast path as serve-static 1.x does', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      typed('/a.txt', 'text/plain; charset=UTF-8'),
      typed('/a.html', 'text/html; charset=UTF-8'),
      typed('/a.js', 'application/javascript; charset=UTF-8'),
      typed('/a.mjs', 'application/javascript; charset=UTF-8'),
      typed('/a.json', 'application/json; charset=UTF-8'),
      typed('/a.css', 'text/css; charset=UTF-8'),
      typed('/a.svg', 'image/svg+xml'),
      typed('/a.xml', 'application/xml'),
      typed('/a.md', 'text/markdown; charset=UTF-8'),
      typed('/a.ts', 'video/mp2t'),
      typed('/a.map', 'application/json; charset=UTF-8'),
      typed('/a.tar.gz', 'application/gzip'),
      typed('/a.unknownzz', 'application/octet-stream'),
      typed('/noext', 'application/octet-stream'),
      typed('/html', 'text/html; charset=UTF-8'),
      typed('/UPPER.JS', 'application/javascript; charset=UTF-8'),
    ]);
  });

  it('should type answers made by send 0.19 the same way (HEAD, range, large file, index, 304)', async () => {
    await expectSameAsV1(serveStatic, fx.root, { index: ['index.html', 'index.htm'] }, [
      typed('HEAD /a.js', 'application/javascript; charset=UTF-8'),
      { ask: '/a.txt', headers: { Range: 'bytes=0-1' }, status: 206, text: 'te', has: { 'content-type': 'text/plain; charset=UTF-8' } },
      typed('/big.js', 'application/javascript; charset=UTF-8'),
      typed('/dir/', 'text/html; charset=UTF-8'),
      { ask: '/a.txt', headers: { 'If-None-Match': '*' }, status: 304, has: { 'content-type': undefined } },
    ]);
  });

  it('should keep a Content-Type set by setHeaders', async () => {
    const options = {
      setHeaders(res: { setHeader(name: string, value: string): void }) {
        res.setHeader('Content-Type', 'text/x-custom');
      },
    };
    await expectSameAsV1(serveStatic, fx.root, options, [typed('/a.js', 'text/x-custom'), typed('/big.js', 'text/x-custom')]);
  });
});
