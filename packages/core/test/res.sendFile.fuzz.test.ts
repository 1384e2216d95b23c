/**
 * Property: `res.sendFile(path, { root, dotfiles })` with a path taken from the request (a
 * decoded route splat, or a query value of any characters) never sends a file outside `root`,
 * sends dotfiles only with `dotfiles: 'allow'`, and answers as express 5 does (status, body,
 * Content-Type), with and without a callback. Runs bounded under `npm test`, for as long as
 * asked under `npm run fuzz`.
 */
import type { RequestListener } from 'node:http';
import fc from 'fast-check';
import webfw from '@webfw/core';
import { checkProperty } from '@webfw/test-support/fuzz/fuzz-run';
import { servedPairOverFileTree } from '@webfw/test-support/fuzz/served-pair';
import { CLOSED, headerOf, type WireResponse } from '@webfw/test-support/fuzz/connection';
import { DOTFILE, OUTSIDE, TRAVERSAL_SEGMENTS } from '@webfw/test-support/fuzz/file-tree';
import { hostileString } from '@webfw/test-support/fuzz/arbitraries';
import type { Any, Framework } from './support/differential';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as Framework;

type Dotfiles = 'allow' | 'deny' | 'ignore' | undefined;

function build(fw: Framework, root: string, dotfiles: Dotfiles): RequestListener {
  const app = fw();
  app.set('env', 'production');
  const options = dotfiles === undefined ? { root } : { root, dotfiles };
  const answer = (res: Any) => (err?: Any) => {
    if (err) res.status(err.status ?? 500).send(`ERR ${err.status}`);
  };
  app.get('/splat/*p', (req: Any, res: Any) => res.sendFile(req.params.p.join('/'), options, answer(res)));
  app.get('/query', (req: Any, res: Any) => res.sendFile(String(req.query.p), options, answer(res)));
  app.get('/next/*p', (req: Any, res: Any) => res.sendFile(req.params.p.join('/'), options));
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status ?? 500).send(`NEXT ${err.status}`));
  return app;
}

const segment = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...TRAVERSAL_SEGMENTS) },
  { weight: 3, arbitrary: fc.constantFrom('a.txt', 'sub', 'b.txt', '.hidden', '.dir', 'inside.txt', '..', 'root2', 'secret.txt', '.env') },
);

const requestArb: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(fc.constantFrom('/splat/', '/next/'), fc.array(segment, { minLength: 1, maxLength: 5 })).map(([route, parts]) => route + parts.join('/')),
  fc
    .oneof(
      fc
        .array(fc.constantFrom('..', '.', 'a.txt', 'sub', '.hidden', '.dir/inside.txt', 'secret.txt', 'root2', '', '/', '\\', '\0'), {
          minLength: 1,
          maxLength: 5,
        })
        .map((p) => p.join('/')),
      hostileString(4),
    )
    .map((value) => `/query?p=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, ''))}`),
);

describe('res.sendFile with request-chosen paths (property)', () => {
  const pair = servedPairOverFileTree();

  it('should never send a file outside root, send dotfiles only when allowed, and answer as express 5', async () => {
    await checkProperty(
      'res.sendFile: request-chosen paths under root',
      120,
      fc.asyncProperty(
        fc.constantFrom<Dotfiles>('allow', 'deny', 'ignore', undefined),
        fc.array(requestArb, { minLength: 1, maxLength: 6 }),
        async (dotfiles, urls) => {
          pair.serve(build(webfw, pair.tree.root, dotfiles), build(express, pair.tree.root, dotfiles));
          await pair.connected(async (mine, ref) => {
            for (const url of urls) {
              const raw = `GET ${url} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
              const got = await mine.exchange(raw);
              const want = await ref.exchange(raw);
              if (got === CLOSED || want === CLOSED) {
                expect(got).toBe(want);
                break;
              }
              const body = got.body.toString('latin1');
              expect(body).not.toContain(OUTSIDE);
              if (dotfiles !== 'allow') expect(body).not.toContain(DOTFILE);
              const shown = (r: WireResponse) => ({ status: r.status, type: headerOf(r, 'content-type'), body: r.body.toString('latin1') });
              expect(shown(got)).toEqual(shown(want));
            }
          });
        },
      ),
    );
  });
});
