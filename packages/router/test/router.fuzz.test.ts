/**
 * Property: the standalone router on bare node:http, given random route tables (literals,
 * `:params`, `*splats`, optional params, nested routers with `caseSensitive`/`strict`/
 * `mergeParams`) and random URLs (malformed escapes, encoded slashes, dot and empty segments,
 * long segments), calls the handler with the `req.params`, `req.url` and `req.baseUrl` the
 * reference model (tooling/test-support/fuzz/route-model.ts) predicts, or ends with its 400 / no
 * match. Runs bounded under `npm test`, for as long as asked under `npm run fuzz`.
 */
import http, { type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import fc from 'fast-check';
import Router from '@webfw/router';
import { close, listen, portOf } from '@webfw/test-support';
import { checkProperty } from '@webfw/test-support/fuzz/fuzz-run';
import { CLOSED, Connection } from '@webfw/test-support/fuzz/connection';
import { pattern, predict, requestsArb, tableArb, type Entry, type Table } from '@webfw/test-support/fuzz/route-model';

type Req = IncomingMessage & { params?: unknown; baseUrl?: string };

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** A node:http listener routing through a root router built from `table`; the end of the walk answers 404 or the error. */
function build(table: Table): RequestListener {
  const add = (router: ReturnType<typeof Router>, entries: Entry[]): void => {
    for (const e of entries) {
      if (e.kind === 'route') {
        router[e.method](pattern(e.segments), (req: Req, res: ServerResponse) =>
          json(res, 200, { id: e.id, params: req.params, url: req.url, baseUrl: req.baseUrl }),
        );
      } else {
        const child = Router(e.flags);
        add(child, e.children);
        router.use(pattern(e.segments), child);
      }
    }
  };
  const root = Router(table.flags);
  add(root, table.entries);
  return (req, res) =>
    root(req, res, (err?: unknown) => {
      if (err) json(res, (err as { status?: number }).status ?? 500, { error: (err as Error).message });
      else json(res, 404, { id: 'none' });
    });
}

describe('standalone router with random tables and URLs (property)', () => {
  let current: RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => current(req, res));
  beforeAll(() => listen(server));
  afterAll(() => close(server));

  it('should call the handler with the params the model predicts', async () => {
    await checkProperty(
      'standalone router: random tables, mounts, options and URLs',
      100,
      fc.asyncProperty(
        tableArb().chain((table) => fc.tuple(fc.constant(table), requestsArb(table, ['GET', 'POST']))),
        async ([table, reqs]) => {
          current = build(table);
          const conn = await Connection.open(portOf(server));
          try {
            for (const [method, url] of reqs) {
              const r = await conn.exchange(`${method} ${url} HTTP/1.1\r\nHost: localhost\r\n${method === 'POST' ? 'Content-Length: 0\r\n' : ''}\r\n`);
              if (r === CLOSED) throw new Error(`connection closed on ${method} ${url.slice(0, 200)}`);
              if (url.length > 16384) {
                expect(r.status).toBe(431); // node's header limit, before any app code
                break;
              }
              expect({ status: r.status, body: JSON.parse(r.body.toString('utf8')) as unknown }).toEqual(predict(table, method, url));
            }
          } finally {
            conn.destroy();
          }
        },
      ),
    );
  });
});
