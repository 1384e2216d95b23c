/**
 * 4.x files: `res.sendFile` streams with send 0.19 and its options as given (the ETag follows
 * the `etag` option, not the app's setting); `res.sendfile` is its deprecated older form,
 * taking relative paths as they are.
 */
import { join } from 'node:path';
import { buildApp, expect4, makeFixtures, type App } from './support/v4';

const root = makeFixtures();

describe('v4 res.sendFile and res.sendfile', () => {
  it('sends with send 0.19, ignoring the etag setting', async () => {
    await expect4(
      buildApp((app) => {
        app.set('etag', false);
        app.get('/abs', (_req: App, res: App) => res.sendFile(join(root, 'hello.txt')));
        app.get('/no-etag', (_req: App, res: App) => res.sendFile('hello.txt', { root, etag: false }));
        app.get('/dot', (_req: App, res: App) => res.sendFile('.secret', { root }));
        app.get('/missing', (_req: App, res: App) => res.sendFile('nope.txt', { root }));
      }),
      [
        ['/abs', { status: 200, body: 'hello world', headers: { 'content-type': 'text/plain; charset=UTF-8', 'accept-ranges': 'bytes' } }],
        ['/no-etag', { status: 200, body: 'hello world', headers: { etag: undefined } }],
        ['/dot', { status: 404 }],
        ['/missing', { status: 404 }],
      ],
      { stack: true, ignoreHeaders: ['etag', 'last-modified'] },
    );
  });

  it('res.sendfile takes a path as it is, deprecated', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/old', (_req: App, res: App) => res.sendfile(join(root, 'a b.txt')));
        app.get('/old-root', (_req: App, res: App) =>
          res.sendfile('dir/x.txt', { root }, (err: unknown) => {
            if (err) res.status(500).end('err');
          }),
        );
      }),
      [
        ['/old', { status: 200, body: 'space', warnings: ['express: res.sendfile: Use res.sendFile instead'] }],
        ['/old-root', { status: 200, body: 'x', warnings: ['express: res.sendfile: Use res.sendFile instead'] }],
        ['/old', { status: 200, body: 'space', warnings: [] }],
      ],
      { deprecations: true, ignoreHeaders: ['etag', 'last-modified'] },
    );
  });
});
