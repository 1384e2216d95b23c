/**
 * Property: for random request paths built from traversal tricks (`..` in every encoding,
 * encoded slashes and backslashes, NUL bytes, overlong UTF-8, a sibling directory sharing the
 * root's prefix, dotfiles and dot-directories) and random options (dotfiles, index, redirect,
 * fallthrough, extensions), nothing outside the root is ever served, dotfiles are served only
 * with `dotfiles: 'allow'`, and the answer is serve-static 2.x's (express.static): status,
 * Location and body. Runs bounded under `npm test`, for as long as asked under `npm run fuzz`.
 */
import http, { type RequestListener } from 'node:http';
import fc from 'fast-check';
import serveStatic from '@webfw/static';
import { checkProperty } from '@webfw/test-support/fuzz/fuzz-run';
import { servedPairOverFileTree } from '@webfw/test-support/fuzz/served-pair';
import { CLOSED, headerOf, type WireResponse } from '@webfw/test-support/fuzz/connection';
import { DOTFILE, OUTSIDE, TRAVERSAL_SEGMENTS } from '@webfw/test-support/fuzz/file-tree';

type Middleware = (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) => void;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as { static(root: string, options?: Record<string, unknown>): Middleware };

type Options = {
  dotfiles?: 'allow' | 'deny' | 'ignore';
  index?: string | false;
  redirect: boolean;
  fallthrough: boolean;
  extensions?: string[];
};

const optionsArb: fc.Arbitrary<Options> = fc.record(
  {
    dotfiles: fc.constantFrom('allow', 'deny', 'ignore'),
    index: fc.constantFrom<string | false>('index.html', false),
    redirect: fc.boolean(),
    fallthrough: fc.boolean(),
    extensions: fc.constantFrom<string[]>(['txt'], ['html', 'txt']),
  },
  { requiredKeys: ['redirect', 'fallthrough'] },
);

const randomPath: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...TRAVERSAL_SEGMENTS) },
        {
          weight: 3,
          arbitrary: fc.constantFrom(
            'a.txt',
            'sub',
            'b.txt',
            'index.html',
            '.hidden',
            '.dir',
            'inside.txt',
            '..',
            '%2e%2e',
            'root2',
            'secret.txt',
            '.env',
            'a',
          ),
        },
      ),
      { minLength: 1, maxLength: 5 },
    ),
    fc.boolean(),
    fc.constantFrom('', '', '?x=1', '?../secret.txt'),
  )
  .map(([segments, leadingDouble, query]) => `${leadingDouble ? '/' : ''}/${segments.join('/')}${query}`);

/** Paths aimed at what must (or must not) be served, in a few spellings each. */
const aimedPath = fc.constantFrom(
  '/.hidden',
  '/.dir/inside.txt',
  '/.dir/',
  '/.dir',
  '/sub/.env',
  '/sub/..hidden',
  '/%2ehidden',
  '/.%68idden',
  '/../secret.txt',
  '/../root2/secret.txt',
  '/../root2/',
  '/sub/../../.env',
  '/%2e%2e/secret.txt',
  '/sub/%2e%2e/a.txt',
  '/sub/../a.txt',
  '/sub/./b.txt',
  '/sub/',
  '/sub',
  '/a',
  '/sub/b',
  '/',
  '//a.txt',
  '/a.txt/',
  '/a%20b.txt',
  '/caf%C3%A9.txt',
  '/%2541.txt',
);

const pathArb: fc.Arbitrary<string> = fc.oneof(randomPath, aimedPath);

/**
 * What is compared of an answer. In redirects webfw percent-encodes backslashes (`%5C`, so no
 * `/\\host` form reaches a browser: a documented difference, see the README on `redirect`);
 * serve-static's raw `\\` is read as `%5C` on its side (`reference`).
 */
function shown(r: WireResponse, reference = false): Record<string, unknown> {
  const fix = (text: string | undefined): string | undefined => (reference && text !== undefined ? text.replace(/\\/g, '%5C') : text);
  return { status: r.status, location: fix(headerOf(r, 'location')), type: headerOf(r, 'content-type'), body: fix(r.body.toString('latin1')) };
}

/** A listener serving `mw`, ending with 404 `NEXT` after `next()` and with the error's status after `next(err)`. */
function serveWith(mw: Middleware): RequestListener {
  return (req, res) =>
    mw(req, res, (err?: unknown) => {
      res.statusCode = err ? ((err as { status?: number }).status ?? 500) : 404;
      res.end(err ? 'ERR' : 'NEXT');
    });
}

describe('static files under traversal tricks (property)', () => {
  const pair = servedPairOverFileTree();

  it('should never serve a file outside the root, serve dotfiles only when allowed, and answer as serve-static 2.x', async () => {
    await checkProperty(
      'static: traversal paths and options',
      150,
      fc.asyncProperty(optionsArb, fc.array(fc.tuple(fc.constantFrom('GET', 'HEAD'), pathArb), { minLength: 1, maxLength: 6 }), async (options, requests) => {
        pair.serve(serveWith(serveStatic(pair.tree.root, options) as Middleware), serveWith(express.static(pair.tree.root, options)));
        await pair.connected(async (mine, ref) => {
          for (const [method, path] of requests) {
            const raw = `${method} ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
            const got = await mine.exchange(raw, { noBody: method === 'HEAD' });
            const want = await ref.exchange(raw, { noBody: method === 'HEAD' });
            if (got === CLOSED || want === CLOSED) {
              expect(got).toBe(want);
              break;
            }
            const body = got.body.toString('latin1');
            expect(body).not.toContain(OUTSIDE);
            if (options.dotfiles !== 'allow') expect(body).not.toContain(DOTFILE);
            expect(shown(got)).toEqual(shown(want, true));
          }
        });
      }),
    );
  });
});
