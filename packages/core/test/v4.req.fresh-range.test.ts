/**
 * `req.fresh` and `req.range` in a 4.x app follow the library versions express 4.22 pins:
 * fresh 0.5 (both validators must hold; `If-None-Match: *` matches nothing) and range-parser
 * 1.2 (bounds read with `parseInt`). Each request is compared with express 4 and with the
 * answer expected; the 5.x answers differ (fresh 2, range-parser 1.3).
 */
import { buildApp, expect4, type App } from './support/v4';

const OLD = new Date(0).toUTCString();

describe('4.x req.fresh (fresh 0.5)', () => {
  it('is stale when If-None-Match matches but If-Modified-Since does not hold', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/', (req: App, res: App) => {
          res.set('ETag', '"v1"');
          res.send('hello');
        });
        app.get('/fresh', (req: App, res: App) => {
          res.set('ETag', '"v1"');
          res.set('Last-Modified', OLD);
          res.json(req.fresh);
        });
      }),
      [
        [
          { path: '/', headers: { 'If-None-Match': '"v1"', 'If-Modified-Since': OLD } },
          { status: 200, body: 'hello' },
        ],
        [
          { path: '/', headers: { 'If-None-Match': '"v1"' } },
          { status: 304, body: '' },
        ],
        [
          { path: '/', headers: { 'If-None-Match': '*', 'If-Modified-Since': OLD } },
          { status: 200, body: 'hello' },
        ],
        [
          { path: '/', headers: { 'If-None-Match': '*' } },
          { status: 304, body: '' },
        ],
        [
          { path: '/fresh', headers: { 'If-None-Match': '"v1"', 'If-Modified-Since': OLD } },
          { status: 304, body: '' },
        ],
        [
          { path: '/fresh', headers: { 'If-None-Match': '"v2"', 'If-Modified-Since': OLD } },
          { status: 200, body: 'false' },
        ],
      ],
    );
  });
});

describe('4.x req.range (range-parser 1.2)', () => {
  it('reads each bound with parseInt', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/', (req: App, res: App) => {
          const ranges = req.range(100) as (Array<{ start: number; end: number }> & { type: string }) | number | undefined;
          res.json(Array.isArray(ranges) ? { type: ranges.type, ranges: [...ranges] } : (ranges ?? null));
        });
      }),
      [
        [
          { path: '/', headers: { Range: 'bytes=0-10abc' } },
          { status: 200, body: '{"type":"bytes","ranges":[{"start":0,"end":10}]}' },
        ],
        [
          { path: '/', headers: { Range: 'bytes=5x-' } },
          { status: 200, body: '{"type":"bytes","ranges":[{"start":5,"end":99}]}' },
        ],
        [
          { path: '/', headers: { Range: 'bytes=0-9, 20-29' } },
          { status: 200, body: '{"type":"bytes","ranges":[{"start":0,"end":9},{"start":20,"end":29}]}' },
        ],
        [
          { path: '/', headers: { Range: 'bytes=200-300' } },
          { status: 200, body: '-1' },
        ],
        [
          { path: '/', headers: { Range: 'items=0-1' } },
          { status: 200, body: '{"type":"items","ranges":[{"start":0,"end":1}]}' },
        ],
        [{ path: '/' }, { status: 200, body: 'null' }],
      ],
    );
  });
});
