/**
 * 4.x Content-Types come from mime 1.x through `webfw.static.mime` (`express.static.mime`):
 * `res.type`, `res.set('Content-Type')` charsets, `res.format` and `res.attachment`, with
 * `mime.define` applying at once; Content-Disposition as content-disposition 0.5 quoted it.
 */
import { join } from 'node:path';
import { buildApp, expect4, express4, makeFixtures, webfwV4, type App } from './support/v4';

const root = makeFixtures();

describe('v4 res.type through webfw.static.mime', () => {
  it('looks extensions up in mime 1.x', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/t/:t', (req: App, res: App) => res.type(req.params.t).end());
        app.get('/set/:a/:b', (req: App, res: App) => res.set('Content-Type', `${String(req.params.a)}/${String(req.params.b)}`).end());
        app.get('/att', (_req: App, res: App) => res.attachment('report.md').end());
        app.get('/att/:name', (req: App, res: App) => res.attachment(`/x/${String(req.params.name)}`).end());
        app.get('/dl', (_req: App, res: App) => res.download(join(root, 'hello.txt'), 'a "q".txt'));
        app.get('/fmt', (_req: App, res: App) => res.format({ xml: () => res.end('x'), default: () => res.end('d') }));
      }),
      [
        ['/t/js', { status: 200, headers: { 'content-type': 'application/javascript; charset=utf-8' } }],
        ['/t/unknownext', { status: 200, headers: { 'content-type': 'application/octet-stream' } }],
        ['/t/.json', { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' } }],
        ['/t/md', { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8' } }],
        ['/t/rtf', { status: 200, headers: { 'content-type': 'application/rtf' } }],
        ['/set/application/manifest+json', { status: 200, headers: { 'content-type': 'application/manifest+json' } }],
        ['/set/text/x-anything', { status: 200, headers: { 'content-type': 'text/x-anything; charset=utf-8' } }],
        ['/att', { status: 200, headers: { 'content-type': 'text/markdown; charset=utf-8', 'content-disposition': 'attachment; filename="report.md"' } }],
        [
          '/att/%C3%BCmlaut%20%E2%82%AC.txt',
          { status: 200, headers: { 'content-disposition': 'attachment; filename="\xfcmlaut ?.txt"; filename*=UTF-8\'\'%C3%BCmlaut%20%E2%82%AC.txt' } },
        ],
        ['/att/%C3%BC.txt', { status: 200, headers: { 'content-disposition': 'attachment; filename="\xfc.txt"' } }],
        ['/att/100%2541.txt', { status: 200, headers: { 'content-disposition': 'attachment; filename="100%41.txt"; filename*=UTF-8\'\'100%2541.txt' } }],
        ['/dl', { status: 200, body: 'hello world', headers: { 'content-disposition': 'attachment; filename="a \\"q\\".txt"' } }],
        [
          { path: '/fmt', headers: { Accept: 'application/xml' } },
          { status: 200, body: 'x', headers: { 'content-type': 'application/xml' } },
        ],
      ],
    );
  });

  it('sees webfw.static.mime.define at once', async () => {
    expect(typeof webfwV4.static.mime.lookup).toBe('function');
    webfwV4.static.mime.define({ 'text/x-note-v4': ['notev4'] });
    express4.static.mime.define({ 'text/x-note-v4': ['notev4'] });
    await expect4(
      buildApp((app) => app.get('/', (_req: App, res: App) => res.type('notev4').end())),
      [['/', { status: 200, headers: { 'content-type': 'text/x-note-v4; charset=utf-8' } }]],
    );
  });
});
