import { join, relative } from 'node:path';
import type { Response } from '@webfw/core';
import { expectResponse, type Expected } from './support/helpers';
import { appFor, expectCase, FILES, type ResponseCase } from './support/res';
import type { TransferError } from '../src/response/response';

const HELLO = join(FILES, 'hello.txt');
const NOT_FOUND = { name: 'NotFoundError', message: 'Not Found', expose: true };
const FORBIDDEN = { name: 'ForbiddenError', message: 'Forbidden', expose: true };

/** A download of hello.txt under `name`: the Content-Disposition and the file. */
const helloAs = (name: string, headers: Record<string, string | undefined> = {}): Expected => ({
  status: 200,
  headers: { 'content-disposition': `attachment; filename=${name}`, ...headers },
  body: 'hello world',
});

describe('res.download(path [, filename] [, options] [, callback])', () => {
  it.each<ResponseCase>([
    {
      name: 'should send the file as an attachment named after it',
      handler: (_req, res) => res.download(HELLO),
      expected: helloAs('hello.txt', { 'content-type': 'text/plain; charset=utf-8', 'content-length': '11' }),
    },
    {
      name: 'should use the given file name',
      handler: (_req, res) => res.download(HELLO, 'report 2024.txt'),
      expected: helloAs('"report 2024.txt"'),
    },
    {
      name: 'should encode a non-ASCII file name with an ASCII fallback',
      handler: (_req, res) => res.download(HELLO, 'rëport.txt'),
      expected: { status: 200, headers: { 'content-disposition': 'attachment; filename="r?port.txt"; filename*=UTF-8\'\'r%C3%ABport.txt' } },
    },
    {
      name: 'should resolve a relative path against the working directory',
      handler: (_req, res) => res.download(relative(process.cwd(), HELLO)),
      expected: helloAs('hello.txt'),
    },
    {
      name: 'should hand the callback the error of a missing file',
      handler: (_req, res) =>
        res.download(join(FILES, 'none.txt'), (err?: TransferError) => {
          res.status(299).json({ code: err?.code, status: err?.status, headersSent: res.headersSent });
        }),
      expected: { status: 299, json: { code: 'ENOENT', status: 404, headersSent: false } },
    },
    {
      name: 'should pass the error of a missing file to next without callback',
      handler: (_req, res) => res.download(join(FILES, 'none.txt')),
      expected: { status: 404, headers: { 'content-disposition': undefined }, json: expect.objectContaining({ code: 'ENOENT' }) },
    },
    {
      name: 'should refuse a NUL byte in the path with 400',
      handler: (_req, res) => res.download(HELLO + '\0.png'),
      expected: { status: 400, json: { name: 'BadRequestError', message: 'Bad Request', expose: true } },
    },
  ])('$name', expectCase);

  it.each<{ name: string; download: (res: Response, callback: (err?: Error) => void) => void; expected: Expected }>([
    { name: 'should call the callback (path, callback) when done', download: (res, callback) => res.download(HELLO, callback), expected: helloAs('hello.txt') },
    {
      name: 'should call the callback (path, filename, callback) when done',
      download: (res, callback) => res.download(HELLO, 'x.txt', callback),
      expected: helloAs('x.txt'),
    },
    {
      name: '(path, options, callback): should take the options and the callback',
      download: (res, callback) => res.download(HELLO, { maxAge: 2000 }, callback),
      expected: helloAs('hello.txt', { 'cache-control': 'public, max-age=2' }),
    },
  ])('$name', async ({ download, expected }) => {
    const calls: unknown[] = [];
    const app = appFor((_req, res) => download(res, (err) => calls.push(err ?? 'done')));
    await expectResponse(app, '/', expected);
    await new Promise((r) => setImmediate(r));
    expect(calls).toEqual(['done']);
  });

  describe('options', () => {
    /** Downloads ?p from FILES as file.txt. */
    const fromRoot = appFor((req, res) => res.download(req.query.p as string, 'file.txt', { root: FILES }));
    /** Downloads .env with the dotfiles option ?d. */
    const dotfile = appFor((req, res) => res.download(join(FILES, '.env'), { dotfiles: req.query.d as 'allow' | 'deny' | undefined }));

    it.each<ResponseCase>([
      {
        name: '(path, options): should take the options and name the file after the path',
        handler: (_req, res) => res.download(HELLO, { headers: { 'X-Extra': '1' } }),
        expected: helloAs('hello.txt', { 'x-extra': '1' }),
      },
      { name: 'root: should resolve the path in root', handler: fromRoot, ask: '/?p=hello.txt', expected: helloAs('file.txt') },
      {
        name: 'root: should refuse to leave root',
        handler: fromRoot,
        ask: '/?p=' + encodeURIComponent('../outside.txt'),
        expected: { status: 403, json: FORBIDDEN },
      },
      {
        name: 'headers: should not let a Content-Disposition header replace the file name',
        handler: (_req, res) => res.download(HELLO, 'named.txt', { headers: { 'content-disposition': 'inline', 'X-A': 'b' } }),
        expected: { status: 200, headers: { 'content-disposition': 'attachment; filename=named.txt', 'x-a': 'b' } },
      },
      {
        name: 'maxAge, immutable, lastModified, acceptRanges: should pass to the transfer',
        handler: (_req, res) => res.download(HELLO, 'h.txt', { maxAge: '1h', immutable: true, lastModified: false, acceptRanges: false }),
        ask: { path: '/', headers: { Range: 'bytes=0-1' } },
        expected: {
          status: 200,
          headers: { 'cache-control': 'public, max-age=3600, immutable', 'last-modified': undefined, 'accept-ranges': undefined },
          body: 'hello world',
        },
      },
      {
        name: 'cacheControl: should pass to the transfer',
        handler: (_req, res) => res.download(HELLO, 'h.txt', { cacheControl: false }),
        expected: { status: 200, headers: { 'cache-control': undefined } },
      },
      { name: 'dotfiles: should hide dotfiles by default', handler: dotfile, expected: { status: 404, json: NOT_FOUND } },
      { name: "dotfiles: should refuse dotfiles with 'deny'", handler: dotfile, ask: '/?d=deny', expected: { status: 403, json: FORBIDDEN } },
      {
        name: "dotfiles: should send dotfiles with 'allow'",
        handler: dotfile,
        ask: '/?d=allow',
        expected: { status: 200, headers: { 'content-disposition': 'attachment; filename=.env' }, body: 'TOKEN=secret' },
      },
    ])('$name', expectCase);

    it('should not modify the options object passed', async () => {
      const options = { root: FILES, headers: { 'X-A': '1' } };
      await expectCase({ name: 'options', handler: (_req, res) => res.download('hello.txt', 'x.txt', options), expected: helloAs('x.txt') });
      expect(options).toEqual({ root: FILES, headers: { 'X-A': '1' } });
    });
  });
});
