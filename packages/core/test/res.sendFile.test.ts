import { statSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectResponse, type Expected } from './support/helpers';
import { appFor, expectCase, FILES, type Handler, type ResponseCase } from './support/res';
import type { TransferError } from '../src/response/response';

const HELLO = join(FILES, 'hello.txt');
const helloStat = statSync(HELLO);
const HELLO_ETAG = `W/"${helloStat.size.toString(16)}-${helloStat.mtime.getTime().toString(16)}"`;

const JSON_ERROR = (name: string, message: string) => ({ name, message, expose: true });

describe('res.sendFile(path [, options] [, callback])', () => {
  /** Sends hello.txt. */
  const hello: Handler = (_req, res) => res.sendFile(HELLO);

  it.each<ResponseCase>([
    {
      name: 'should stream the file with type, length, caching and validator headers',
      handler: hello,
      expected: {
        status: 200,
        headers: {
          'content-type': 'text/plain; charset=utf-8',
          'content-length': '11',
          'accept-ranges': 'bytes',
          'cache-control': 'public, max-age=0',
          etag: HELLO_ETAG,
          'last-modified': helloStat.mtime.toUTCString(),
        },
        body: 'hello world',
      },
    },
    {
      name: 'should send the Content-Type of the extension',
      handler: (_req, res) => res.sendFile(join(FILES, 'data.json')),
      expected: { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, json: { ok: true } },
    },
    {
      name: 'should send a file with a non-ASCII name',
      handler: (_req, res) => res.sendFile(join(FILES, 'ünïcode name.txt')),
      expected: { status: 200, headers: { 'content-length': '2' }, body: 'ü' },
    },
  ])('$name', expectCase);

  it('should send headers without body for HEAD', async () => {
    const res = await expectCase({
      name: 'HEAD',
      handler: hello,
      ask: { method: 'head', path: '/' },
      expected: { status: 200, headers: { 'content-length': '11' } },
    });
    expect(res.text).toBeUndefined();
  });

  describe('ranges', () => {
    it.each<[string, Record<string, string>, Expected]>([
      [
        'should answer 206 with the requested bytes',
        { Range: 'bytes=0-4' },
        { status: 206, headers: { 'content-range': 'bytes 0-4/11', 'content-length': '5' }, body: 'hello' },
      ],
      ['should answer a suffix range', { Range: 'bytes=-5' }, { status: 206, headers: { 'content-range': 'bytes 6-10/11' }, body: 'world' }],
      [
        'should pass a 416 error for an unsatisfiable range',
        { Range: 'bytes=50-60' },
        { status: 416, headers: { 'content-range': 'bytes */11' }, json: JSON_ERROR('RangeNotSatisfiableError', 'Range Not Satisfiable') },
      ],
      ['should ignore a malformed Range header', { Range: 'pages=1-2' }, { status: 200, body: 'hello world' }],
      ['should send the whole file when If-Range does not match', { Range: 'bytes=0-4', 'If-Range': 'W/"other"' }, { status: 200, body: 'hello world' }],
    ])('%s', (name, headers, expected) => expectCase({ name, handler: hello, ask: { path: '/', headers }, expected }));
  });

  describe('conditional requests', () => {
    it.each<[string, Record<string, string>, Expected]>([
      ['should answer 304 when If-None-Match matches', { 'If-None-Match': HELLO_ETAG }, { status: 304, headers: { 'content-length': undefined }, body: '' }],
      ['should answer 304 when not modified since', { 'If-Modified-Since': new Date(Date.now() + 60_000).toUTCString() }, { status: 304, body: '' }],
      ['should answer 412 when If-Match fails', { 'If-Match': '"other"' }, { status: 412, json: JSON_ERROR('PreconditionFailedError', 'Precondition Failed') }],
    ])('%s', (name, headers, expected) => expectCase({ name, handler: hello, ask: { path: '/', headers }, expected }));
  });

  describe('callback', () => {
    it.each<[string, Record<string, string>, Expected]>([
      ['should be called without error once the file was sent', {}, { status: 200, body: 'hello world' }],
      ['should be called without error after a 304', { 'If-None-Match': HELLO_ETAG }, { status: 304 }],
    ])('%s', async (_name, headers, expected) => {
      const calls: unknown[] = [];
      const app = appFor((_req, res) => res.sendFile(HELLO, (err) => calls.push(err ?? 'done', res.headersSent)));
      await expectResponse(app, { path: '/', headers }, expected);
      await new Promise((r) => setImmediate(r));
      expect(calls).toEqual(['done', true]);
    });

    // The exact error object (an http-errors-decorated fs error) cannot be asserted under jest:
    // fs errors come from another realm there, so http-errors wraps them; status and code hold.
    it.each<ResponseCase>([
      {
        name: 'should receive the error of a missing file, nothing sent yet',
        handler: (_req, res) =>
          res.sendFile(join(FILES, 'missing.txt'), (err?: TransferError) => {
            res.status(299).json({ headersSent: res.headersSent, code: err?.code, status: err?.status, statusCode: err?.statusCode });
          }),
        expected: { status: 299, json: { headersSent: false, code: 'ENOENT', status: 404, statusCode: 404 } },
      },
      {
        name: 'should receive EISDIR for a directory',
        handler: (_req, res) =>
          res.sendFile(join(FILES, 'sub'), (err?: TransferError) => {
            res.status(299).json({ code: err?.code, message: err?.message });
          }),
        expected: { status: 299, json: { code: 'EISDIR', message: 'EISDIR, read' } },
      },
    ])('$name', expectCase);

    it('should receive ECONNABORTED when the client goes away mid-transfer', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'webfw-res-'));
      const big = join(dir, 'big.bin');
      writeFileSync(big, Buffer.alloc(8 * 1024 * 1024, 'a'));
      let report: (err?: TransferError) => void = () => undefined;
      const finished = new Promise<TransferError | undefined>((r) => (report = r));
      const app = appFor((_req, res) => {
        res.sendFile(big, report);
      });
      const server = app.listen(0);
      try {
        await new Promise((r) => server.once('listening', r));
        const { port } = server.address() as AddressInfo;
        await new Promise<void>((resolve) => {
          const req = httpRequest({ port, path: '/' }, (res) => {
            res.once('data', () => {
              req.destroy();
              resolve();
            });
          });
          req.on('error', () => undefined);
          req.end();
        });
        const err = await finished;
        expect(err?.code).toBe('ECONNABORTED');
        expect(err?.message).toBe('Request aborted');
      } finally {
        server.close();
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });

  describe('without callback', () => {
    it.each<ResponseCase>([
      {
        name: 'should pass the error of a missing file to next',
        handler: (_req, res) => res.sendFile(join(FILES, 'missing.txt')),
        expected: { status: 404, json: expect.objectContaining({ code: 'ENOENT' }) },
      },
      {
        name: 'should call next() for a directory, reaching the 404 handler',
        handler: (_req, res) => res.sendFile(join(FILES, 'sub')),
        ask: '/dir',
        expected: { status: 404, body: expect.stringContaining('Cannot GET /dir') },
      },
    ])('$name', expectCase);
  });

  describe('options', () => {
    const DOTFILE = join(FILES, '.env');

    it.each<ResponseCase>([
      {
        name: 'root: should resolve a relative path in root',
        handler: (_req, res) => res.sendFile('sub/page.html', { root: FILES }),
        expected: { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<p>sub</p>' },
      },
      {
        name: 'maxAge: should set Cache-Control max-age from milliseconds',
        handler: (_req, res) => res.sendFile(HELLO, { maxAge: 5000 }),
        expected: { status: 200, headers: { 'cache-control': 'public, max-age=5' } },
      },
      {
        name: 'maxAge: should set Cache-Control max-age from an ms string',
        handler: (_req, res) => res.sendFile(HELLO, { maxAge: '1d' }),
        expected: { status: 200, headers: { 'cache-control': 'public, max-age=86400' } },
      },
      {
        name: 'immutable: should add the immutable directive',
        handler: (_req, res) => res.sendFile(HELLO, { maxAge: '1y', immutable: true }),
        expected: { status: 200, headers: { 'cache-control': 'public, max-age=31536000, immutable' } },
      },
      {
        name: 'cacheControl: false should omit Cache-Control',
        handler: (_req, res) => res.sendFile(HELLO, { cacheControl: false, maxAge: 1000 }),
        expected: { status: 200, headers: { 'cache-control': undefined }, body: 'hello world' },
      },
      {
        name: 'lastModified: false should omit Last-Modified',
        handler: (_req, res) => res.sendFile(HELLO, { lastModified: false }),
        expected: { status: 200, headers: { 'last-modified': undefined }, body: 'hello world' },
      },
      {
        name: 'acceptRanges: false should ignore Range and omit Accept-Ranges',
        handler: (_req, res) => res.sendFile(HELLO, { acceptRanges: false }),
        ask: { path: '/', headers: { Range: 'bytes=0-4' } },
        expected: { status: 200, headers: { 'accept-ranges': undefined }, body: 'hello world' },
      },
      {
        name: 'headers: should send the given headers, a Content-Type included',
        handler: (_req, res) => res.sendFile(HELLO, { headers: { 'X-Served-By': 'webfw', 'Content-Type': 'text/x-custom' } }),
        expected: { status: 200, headers: { 'x-served-by': 'webfw', 'content-type': 'text/x-custom' }, body: 'hello world' },
      },
      {
        name: 'dotfiles: should answer 404 by default (ignore) for a dotfile',
        handler: (_req, res) => res.sendFile(DOTFILE),
        expected: { status: 404, json: JSON_ERROR('NotFoundError', 'Not Found') },
      },
      {
        name: "dotfiles: 'deny' should answer 403",
        handler: (_req, res) => res.sendFile(DOTFILE, { dotfiles: 'deny' }),
        expected: { status: 403, json: JSON_ERROR('ForbiddenError', 'Forbidden') },
      },
      {
        name: "dotfiles: 'allow' should send the file",
        handler: (_req, res) => res.sendFile(DOTFILE, { dotfiles: 'allow' }),
        expected: { status: 200, headers: { 'content-type': 'application/octet-stream' }, body: 'TOKEN=secret' },
      },
      {
        name: 'should follow the app etag setting, not an etag option',
        handler: (_req, res) => res.sendFile(HELLO, { etag: true }),
        configure: (a) => a.set('etag', false),
        expected: { status: 200, headers: { etag: undefined }, body: 'hello world' },
      },
    ])('$name', expectCase);

    it('should not modify the options object passed', async () => {
      const options = { root: FILES, maxAge: 1000 };
      await expectCase({ name: 'options', handler: (_req, res) => res.sendFile('hello.txt', options), expected: { status: 200, body: 'hello world' } });
      expect(options).toEqual({ root: FILES, maxAge: 1000 });
    });
  });
});
