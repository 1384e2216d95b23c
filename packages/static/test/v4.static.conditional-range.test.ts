/**
 * Conditional (304, 412) and range (206, 416) requests through the 4.x entry, answered by send
 * 0.19 as serve-static 1.x answers them.
 */
import { statSync } from 'node:fs';
import serveStatic from '@webfw/static/v4';
import { etagFor, expectSameAsV1, useFixture } from './support/helpers';

const fx = useFixture({ 'digits.txt': '0123456789', 'big.txt': Buffer.alloc(100 * 1024, 'b') });

describe('conditional requests', () => {
  it('should answer 304 and 412 as serve-static 1.x does', async () => {
    const st = statSync(fx.path('digits.txt'));
    const etag = etagFor(st.size, st.mtime);
    const modified = st.mtime.toUTCString();
    const past = new Date(st.mtime.getTime() - 60_000).toUTCString();
    await expectSameAsV1(serveStatic, fx.root, { fallthrough: false }, [
      { ask: '/digits.txt', headers: { 'If-None-Match': etag }, status: 304, text: '', has: { etag, 'content-type': undefined, 'content-length': undefined } },
      { ask: '/digits.txt', headers: { 'If-None-Match': '"other"' }, status: 200, text: '0123456789' },
      { ask: '/digits.txt', headers: { 'If-Modified-Since': modified }, status: 304, text: '' },
      { ask: '/digits.txt', headers: { 'If-Modified-Since': past }, status: 200 },
      { ask: 'HEAD /digits.txt', headers: { 'If-None-Match': etag }, status: 304 },
      { ask: '/digits.txt', headers: { 'If-Match': '"nope"' }, status: 412, text: 'Precondition Failed', next: 412 },
      { ask: '/digits.txt', headers: { 'If-Match': etag }, status: 200, text: '0123456789' },
      { ask: '/digits.txt', headers: { 'If-Unmodified-Since': past }, status: 412, next: 412 },
      { ask: '/big.txt', headers: { 'If-None-Match': '*' }, status: 304 },
    ]);
  });

  it('should forward a 412 even with fallthrough (the file was found)', async () => {
    await expectSameAsV1(serveStatic, fx.root, undefined, [{ ask: '/digits.txt', headers: { 'If-Match': '"nope"' }, status: 412, next: 412 }]);
  });
});

describe('range requests', () => {
  it('should answer 206, 416 and whole-file 200s as serve-static 1.x does', async () => {
    const st = statSync(fx.path('digits.txt'));
    const etag = etagFor(st.size, st.mtime);
    await expectSameAsV1(serveStatic, fx.root, undefined, [
      { ask: '/digits.txt', headers: { Range: 'bytes=2-4' }, status: 206, text: '234', has: { 'content-range': 'bytes 2-4/10', 'content-length': '3' } },
      { ask: '/digits.txt', headers: { Range: 'bytes=-3' }, status: 206, text: '789' },
      { ask: '/digits.txt', headers: { Range: 'bytes=8-' }, status: 206, text: '89' },
      { ask: '/digits.txt', headers: { Range: 'bytes=0-1,2-3' }, status: 206, text: '0123', has: { 'content-range': 'bytes 0-3/10' } },
      { ask: '/digits.txt', headers: { Range: 'bytes=0-1,5-6' }, status: 200, text: '0123456789' },
      { ask: '/digits.txt', headers: { Range: 'items=0-1' }, status: 200, text: '0123456789' },
      { ask: '/digits.txt', headers: { Range: 'bytes 0-1' }, status: 200, text: '0123456789' },
      { ask: '/digits.txt', headers: { Range: 'bytes=x-y' }, status: 416, next: 416 },
      { ask: '/digits.txt', headers: { Range: 'bytes=20-30' }, status: 416, text: 'Range Not Satisfiable', has: { 'content-range': 'bytes */10' }, next: 416 },
      { ask: '/digits.txt', headers: { Range: 'bytes=0-0', 'If-Range': etag }, status: 206, text: '0' },
      { ask: '/digits.txt', headers: { Range: 'bytes=0-0', 'If-Range': '"stale"' }, status: 200, text: '0123456789' },
      { ask: '/digits.txt', headers: { Range: 'bytes=0-0', 'If-Range': st.mtime.toUTCString() }, status: 206, text: '0' },
      { ask: '/big.txt', headers: { Range: 'bytes=100-101' }, status: 206, text: 'bb' },
      { ask: 'HEAD /digits.txt', headers: { Range: 'bytes=2-4' }, status: 206, text: '', has: { 'content-length': '3' } },
    ]);
  });

  it('should ignore Range with acceptRanges: false', async () => {
    await expectSameAsV1(serveStatic, fx.root, { acceptRanges: false }, [
      { ask: '/digits.txt', headers: { Range: 'bytes=2-4' }, status: 200, text: '0123456789', has: { 'accept-ranges': undefined } },
    ]);
  });
});
