/**
 * 4.x: `query parser` defaults to `extended` (qs, arrays up to 1000 items), `false` gives
 * `{}`, the parser is the one the app had when its router was made, `req.query` is a plain
 * writable property, and `webfw.query` is express 4's query middleware.
 */
import { buildApp, expect4 } from './support/v4';

const many = Array.from({ length: 25 }, (_, i) => `a=${i}`).join('&');

describe('v4 query parser', () => {
  it('defaults to extended', async () => {
    await expect4(
      buildApp((app) =>
        app.get('/', (req: { query: unknown }, res: { json(v: unknown): void }) =>
          res.json([req.query, (app as { get(n: string): unknown }).get('query parser')]),
        ),
      ),
      [
        ['/?a[b][c]=1&d[]=2&d[]=3', { status: 200, body: '[{"a":{"b":{"c":"1"}},"d":["2","3"]},"extended"]' }],
        [`/?${many}`, { status: 200, body: `[{"a":[${Array.from({ length: 25 }, (_, i) => `"${i}"`).join(',')}]},"extended"]` }],
        ['/?__proto__[x]=1&hasOwnProperty=2', { status: 200, body: '[{"hasOwnProperty":"2"},"extended"]' }],
        ['/', { status: 200, body: '[{},"extended"]' }],
      ],
    );
  });

  it('takes simple, false and a function, read when the router is made', async () => {
    const build = (setting: unknown) =>
      buildApp((app) => {
        app.set('query parser', setting);
        app.get('/', (req: { query: unknown }, res: { json(v: unknown): void }) => res.json(req.query));
      });
    await expect4(build('simple'), [['/?a[b]=1&c=2&c=3', { status: 200, body: '{"a[b]":"1","c":["2","3"]}' }]]);
    await expect4(build(false), [['/?a=1', { status: 200, body: '{}' }]]);
    await expect4(
      build((s: string) => ({ raw: s })),
      [
        ['/?x=1&y', { status: 200, body: '{"raw":"x=1&y"}' }],
        ['/', { status: 200, body: '{"raw":null}' }],
      ],
    );
    await expect4(
      buildApp((app) => {
        app.get('/', (req: { query: unknown }, res: { json(v: unknown): void }) => res.json(req.query));
        app.set('query parser', false);
      }),
      [['/?a[b]=1', { status: 200, body: '{"a":{"b":"1"}}' }]],
    );
  });

  it('makes req.query a plain property a middleware may replace', async () => {
    await expect4(
      buildApp((app) => {
        app.use((req: { query: unknown }, _res: unknown, next: () => void) => {
          req.query = { replaced: true };
          next();
        });
        app.get('/', (req: { query: unknown }, res: { json(v: unknown): void }) => res.json(req.query));
      }),
      [['/?a=1', { status: 200, body: '{"replaced":true}' }]],
    );
  });

  it('exports the query middleware as webfw.query', async () => {
    type Req = { query?: unknown; url: string };
    await expect4(
      (fw) => {
        const app = fw();
        app.use((req: Req, _res: unknown, next: () => void) => {
          req.query = undefined;
          next();
        });
        app.use('/depth', fw.query({ depth: 0 }));
        app.use(
          '/fn',
          fw.query((s: string) => ({ s })),
        );
        app.use(fw.query());
        app.get('*', (req: Req, res: { json(v: unknown): void }) => res.json(req.query));
        return app;
      },
      [
        ['/?a[b]=1', { status: 200, body: '{"a":{"b":"1"}}' }],
        ['/depth?a[b][c]=1', { status: 200, body: '{"a[b][c]":"1"}' }],
        ['/fn?z=1', { status: 200, body: '{"s":"z=1"}' }],
      ],
    );
  });
});
