/**
 * Property: for random route tables (literals, `:params`, `*splats`, optional params, routers
 * mounted with `caseSensitive`/`strict`/`mergeParams`, app routing settings) and random URLs
 * (any case, malformed and encoded escapes, empty and dot segments, queries, very long URLs),
 * the app answers with the handler, `req.params`, `req.url` and `req.baseUrl` a reference
 * model predicts (tooling/test-support/fuzz/route-model.ts), or its 400 / 404, and exactly as
 * express 5 answers. Runs bounded under `npm test`, for as long as asked under `npm run fuzz`.
 */
import http, { type RequestListener, type Server } from 'node:http';
import fc from 'fast-check';
import webfw from '@webfw/core';
import { close, listen, portOf } from '@webfw/test-support';
import { checkProperty } from '@webfw/test-support/fuzz/fuzz-run';
import { CLOSED, Connection } from '@webfw/test-support/fuzz/connection';
import { pattern, predict, requestsArb, tableArb, type Entry, type Table } from '@webfw/test-support/fuzz/route-model';
import type { Any, Framework } from './support/differential';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express = require('express') as Framework;

/** The app `table` describes, built with `fw` (express 5 or webfw). */
function build(fw: Framework, table: Table): RequestListener {
  const app = fw();
  app.set('case sensitive routing', table.flags.caseSensitive);
  app.set('strict routing', table.flags.strict);
  const add = (router: Any, entries: Entry[]): void => {
    for (const e of entries) {
      if (e.kind === 'route') {
        router[e.method](pattern(e.segments), (req: Any, res: Any) => res.json({ id: e.id, params: req.params, url: req.url, baseUrl: req.baseUrl }));
      } else {
        const child = fw.Router(e.flags);
        add(child, e.children);
        router.use(pattern(e.segments), child);
      }
    }
  };
  add(app, table.entries);
  app.use((_req: Any, res: Any) => res.status(404).json({ id: 'none' }));
  app.use((err: Any, _req: Any, res: Any, _next: Any) => res.status(err.status ?? 500).json({ error: err.message }));
  return app;
}

/** A server whose app is swapped for each run (one listening server per framework for the whole property). */
function swappable(): { server: Server; set(app: RequestListener): void } {
  let current: RequestListener = (_req, res) => res.end();
  return { server: http.createServer((req, res) => current(req, res)), set: (app) => (current = app) };
}

/** Sends `method url` on `conn` and resolves with the status and JSON body (or null), or 'closed'. */
async function ask(conn: Connection, method: string, url: string): Promise<{ status: number; body: unknown } | 'closed'> {
  const r = await conn.exchange(`${method} ${url} HTTP/1.1\r\nHost: localhost\r\n${method === 'POST' ? 'Content-Length: 0\r\n' : ''}\r\n`);
  if (r === CLOSED) return 'closed';
  const text = r.body.toString('utf8');
  return { status: r.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
}

describe('routing of random tables and URLs (property)', () => {
  const ours = swappable();
  const theirs = swappable();
  beforeAll(async () => {
    await listen(ours.server);
    await listen(theirs.server);
  });
  afterAll(async () => {
    await close(ours.server);
    await close(theirs.server);
  });

  it('should answer with the handler and params the model predicts, as express 5 does', async () => {
    await checkProperty(
      'router: random tables, mounts, options and URLs',
      120,
      fc.asyncProperty(
        tableArb().chain((table) => fc.tuple(fc.constant(table), requestsArb(table, ['GET', 'GET', 'POST']))),
        async ([table, reqs]) => {
          ours.set(build(webfw, table));
          theirs.set(build(express, table));
          const mine = await Connection.open(portOf(ours.server));
          const ref = await Connection.open(portOf(theirs.server));
          try {
            for (const [method, url] of reqs) {
              const got = await ask(mine, method, url);
              expect(got).toEqual(await ask(ref, method, url));
              if (url.length > 16384) {
                // past node's header limit: node answers 431 and closes, before any app code
                expect(got).toMatchObject({ status: 431 });
                break;
              }
              expect(got).toEqual(predict(table, method, url));
            }
          } finally {
            mine.destroy();
            ref.destroy();
          }
        },
      ),
    );
  });
});
