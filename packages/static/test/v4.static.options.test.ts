/**
 * Every serve-static 1.x option through the 4.x entry, compared with serve-static 1.x (the
 * options with the same meaning as in the 5.x entry; `dotfiles` and `hidden` have their own
 * files): caching headers, extensions, index, redirect, setHeaders, start/end, fallthrough.
 */
import type { ServerResponse } from 'node:http';
import type { Stats } from 'node:fs';
import serveStatic from '@webfw/static/v4';
import { expectSameAsV1, observe, serve, serveStaticV1, useFixture, type V1Case } from './support/helpers';

const fx = useFixture({
  'a.txt': 'aaa',
  'big.txt': Buffer.alloc(80 * 1024, 'z'),
  'about.html': 'about page',
  'about.htm': 'about htm',
  'guide.htm': 'guide htm',
  'folder.html/': '',
  'docs/index.html': 'docs html',
  'docs/default.htm': 'docs default',
  'plain/default.htm': 'plain default',
  'digits.txt': '0123456789',
});

/** GET /a.txt (fast path) and /big.txt (send) and expect these headers on both. */
const both = (has: Record<string, string | undefined>): V1Case[] => [
  { ask: '/a.txt', status: 200, text: 'aaa', has },
  { ask: '/big.txt', status: 200, has },
];

describe('caching options', () => {
  it.each<[string, object, Record<string, string | undefined>]>([
    ['maxAge in ms', { maxAge: 60_000 }, { 'cache-control': 'public, max-age=60' }],
    ['maxAge as a string', { maxAge: '1d' }, { 'cache-control': 'public, max-age=86400' }],
    ['the maxage alias', { maxage: '2h' }, { 'cache-control': 'public, max-age=7200' }],
    ['maxAge over maxage', { maxAge: 1000, maxage: 5000 }, { 'cache-control': 'public, max-age=1' }],
    ['maxAge capped at a year', { maxAge: '5y' }, { 'cache-control': 'public, max-age=31536000' }],
    ['a negative maxAge', { maxAge: -5000 }, { 'cache-control': 'public, max-age=0' }],
    ['an unparsable maxAge', { maxAge: 'soon' }, { 'cache-control': 'public, max-age=0' }],
    ['immutable', { immutable: true, maxAge: '1y' }, { 'cache-control': 'public, max-age=31536000, immutable' }],
    ['cacheControl: false', { cacheControl: false, maxAge: 1000 }, { 'cache-control': undefined }],
    ['etag: false', { etag: false }, { etag: undefined }],
    ['lastModified: false', { lastModified: false }, { 'last-modified': undefined }],
    ['acceptRanges: false', { acceptRanges: false }, { 'accept-ranges': undefined }],
  ])('should send what serve-static 1.x sends with %s', async (_name, options, has) => {
    await expectSameAsV1(serveStatic, fx.root, options, both(has));
  });
});

describe('extensions', () => {
  it('should try the extensions in order for a path without one, skipping directories', async () => {
    await expectSameAsV1(serveStatic, fx.root, { extensions: ['html', 'htm'] }, [
      { ask: '/about', status: 200, text: 'about page', has: { 'content-type': 'text/html; charset=UTF-8' } },
      { ask: '/guide', status: 200, text: 'guide htm' },
      { ask: '/folder', status: 404, next: 'next' },
      { ask: '/missing', status: 404, text: 'fell through', next: 'next' },
      { ask: '/about.txt', status: 404, next: 'next' },
    ]);
    await expectSameAsV1(serveStatic, fx.root, { extensions: 'htm', fallthrough: false }, [
      { ask: '/about', status: 200, text: 'about htm' },
      { ask: '/nothing', status: 404, next: 404 },
    ]);
  });
});

describe('index', () => {
  it.each<[string, object, V1Case[]]>([
    [
      'a list',
      { index: ['default.htm', 'index.html'] },
      [
        { ask: '/docs/', status: 200, text: 'docs default' },
        { ask: '/plain/', status: 200, text: 'plain default' },
      ],
    ],
    ['a string', { index: 'default.htm' }, [{ ask: '/plain/', status: 200, text: 'plain default' }]],
    ['false', { index: false }, [{ ask: '/docs/', status: 404, text: 'fell through', next: 'next' }]],
    ['false, fallthrough false', { index: false, fallthrough: false }, [{ ask: '/docs/', status: 404, text: 'Not Found', next: 404 }]],
    ['an empty string', { index: '' }, [{ ask: '/docs/', status: 404, next: 'next' }]],
  ])('should serve directory indexes given as %s', async (_name, options, cases) => {
    await expectSameAsV1(serveStatic, fx.root, options, cases);
  });
});

describe('redirect: false', () => {
  it('should treat a directory without its slash as not found', async () => {
    await expectSameAsV1(serveStatic, fx.root, { redirect: false }, [
      { ask: '/docs', status: 404, text: 'fell through', next: 'next' },
      { ask: '/docs/', status: 200, text: 'docs html' },
    ]);
    await expectSameAsV1(serveStatic, fx.root, { redirect: false, fallthrough: false }, [{ ask: '/docs', status: 404, text: 'Not Found', next: 404 }]);
  });
});

describe('setHeaders', () => {
  it('should be called with the response, the file path and its stats, before the defaults', async () => {
    const options = {
      setHeaders(res: ServerResponse, path: string, stat: Stats) {
        res.setHeader('X-File', path.slice(fx.root.length));
        res.setHeader('X-Size', String(stat.size));
        res.setHeader('Cache-Control', 'no-cache');
      },
    };
    await expectSameAsV1(serveStatic, fx.root, options, [
      { ask: '/a.txt', status: 200, has: { 'x-file': '/a.txt', 'x-size': '3', 'cache-control': 'no-cache' } },
      { ask: '/big.txt', status: 200, has: { 'x-file': '/big.txt', 'cache-control': 'no-cache' } },
      { ask: '/docs/', status: 200, has: { 'x-file': '/docs/index.html' } },
      { ask: '/a.txt', headers: { Range: 'bytes=9-' }, status: 416, has: { 'x-file': '/a.txt' }, next: 416 },
      { ask: '/missing', status: 404, has: { 'x-file': undefined }, next: 'next' },
    ]);
  });
});

describe('start and end', () => {
  it('should cut every answer to the byte window, ranges inside it', async () => {
    await expectSameAsV1(serveStatic, fx.root, { start: 2, end: 5 }, [
      { ask: '/digits.txt', status: 200, text: '2345', has: { 'content-length': '4' } },
      { ask: '/digits.txt', headers: { Range: 'bytes=1-2' }, status: 206, text: '34', has: { 'content-range': 'bytes 1-2/4' } },
    ]);
  });
});

describe('options object', () => {
  it('should be read once, at creation (serve-static 1.x reads it again on every request)', async () => {
    const options: { maxAge: number } = { maxAge: 0 };
    const ref = await serve(serveStaticV1(fx.root, options));
    const own = await serve(serveStatic(fx.root, options));
    try {
      options.maxAge = 60_000;
      expect((await observe(ref, { ask: '/a.txt' })).headers['cache-control']).toBe('public, max-age=60');
      expect((await observe(own, { ask: '/a.txt' })).headers['cache-control']).toBe('public, max-age=0');
    } finally {
      await ref.close();
      await own.close();
    }
  });
});
