import { join } from 'node:path';
import webfw from '@webfw/core';
import { expectResponse, type Expected } from './support/helpers';
import { expectCase, FILES, reportErrors, type ResponseCase } from './support/res';

const FORBIDDEN = { name: 'ForbiddenError', message: 'Forbidden', expose: true };
const NOT_FOUND = { name: 'NotFoundError', message: 'Not Found', expose: true };
const BAD_REQUEST = { name: 'BadRequestError', message: 'Bad Request', expose: true };

/** The usual pattern: serve `req.params.name` from FILES. */
function filesApp() {
  const app = webfw();
  app.get('/files/:name', (req, res) => {
    res.sendFile(req.params.name, { root: FILES });
  });
  app.get('/raw', (req, res) => {
    res.sendFile(req.query.p as string, { root: FILES });
  });
  app.use(reportErrors);
  return app;
}

/** ?p for the /raw route. */
const raw = (p: string) => '/raw?p=' + encodeURIComponent(p);

describe('res.sendFile() with hostile paths', () => {
  const app = filesApp();

  it.each<[string, string, Expected]>([
    ['should refuse .. leaving root with 403', raw('../outside.txt'), { status: 403, json: FORBIDDEN }],
    ['should refuse .. hidden after a directory with 403', raw('sub/../../outside.txt'), { status: 403, json: FORBIDDEN }],
    ['should refuse a percent-encoded traversal decoded into a route parameter with 403', '/files/..%2Foutside.txt', { status: 403, json: FORBIDDEN }],
    ['should refuse a percent-encoded traversal of several levels with 403', '/files/..%2F..%2F..%2Fetc%2Fpasswd', { status: 403, json: FORBIDDEN }],
    ['should refuse a backslash traversal with 403', raw('..\\outside.txt'), { status: 403, json: FORBIDDEN }],
    ['should refuse a backslash traversal after a directory with 403', raw('sub\\..\\..\\outside.txt'), { status: 403, json: FORBIDDEN }],
    [
      'should take an encoded traversal literally (no double decoding)',
      raw('%2e%2e/outside.txt'),
      { status: 404, json: expect.objectContaining({ code: 'ENOENT', path: join(FILES, '%2e%2e', 'outside.txt') }) },
    ],
    ['should refuse a NUL byte with 400', raw('hello.txt\0.png'), { status: 400, json: BAD_REQUEST }],
    ['should refuse a percent-encoded NUL byte in a route parameter with 400', '/files/hello.txt%00.png', { status: 400, json: BAD_REQUEST }],
    [
      'should keep an absolute path inside root',
      raw('/etc/passwd'),
      { status: 404, json: expect.objectContaining({ code: 'ENOENT', path: join(FILES, 'etc', 'passwd') }) },
    ],
    ['should hide dotfiles (404)', '/files/.env', { status: 404, json: NOT_FOUND }],
    ['should hide dot-directories (404)', raw('.hidden/inside.txt'), { status: 404, json: NOT_FOUND }],
    ['should still send a file inside root', '/files/hello.txt', { status: 200, body: 'hello world' }],
  ])('%s', (_name, path, expected) => expectResponse(app, path, expected));

  it('should refuse .. in an absolute path without root with 403', () =>
    expectCase({ name: 'no root', handler: (_req, res) => res.sendFile(FILES + '/../outside.txt'), expected: { status: 403, json: FORBIDDEN } }));
});

describe('res.sendFile() argument checks', () => {
  it.each<ResponseCase>([
    {
      name: 'should throw a TypeError for a relative path without root',
      handler: (_req, res) => res.sendFile('hello.txt'),
      expected: { status: 500, json: { name: 'TypeError', message: 'path must be absolute or specify root to res.sendFile' } },
    },
    {
      name: 'should throw a TypeError without a path',
      handler: (_req, res) => (res.sendFile as (path?: string) => void)(),
      expected: { status: 500, json: { name: 'TypeError', message: 'path argument is required to res.sendFile' } },
    },
    {
      name: 'should throw a TypeError for a path that is not a string',
      handler: (_req, res) => (res.sendFile as (path: unknown) => void)(42),
      expected: { status: 500, json: { name: 'TypeError', message: 'path must be a string to res.sendFile' } },
    },
  ])('$name', expectCase);
});
