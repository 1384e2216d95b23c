/**
 * 4.x error handling: a thrown error reaches the error handlers as in express 4, and the
 * default error page and 404 are express 4's (finalhandler 1.x). Unlike express 4 (which
 * leaves a rejected promise unhandled), a handler's rejected promise also reaches `next(err)`.
 */
import { request, withServer } from '@webfw/test-support';
import { buildApp, expect4, webfwV4, type App } from './support/v4';

describe('v4 errors', () => {
  it('sends thrown errors to the error handlers and the final handler', async () => {
    await expect4(
      buildApp((app) => {
        app.set('env', 'production');
        app.get('/throw', () => {
          throw Object.assign(new Error('nope'), { status: 403 });
        });
        app.get('/next', (_req: App, _res: App, next: (err: unknown) => void) => next(new Error('plain')));
        app.get('/handled', () => {
          throw new Error('caught');
        });
        app.use('/handled', (err: Error, _req: App, res: App, _next: unknown) => res.status(500).send(`handled: ${err.message}`));
      }),
      [
        [
          '/throw',
          {
            status: 403,
            body: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Forbidden</pre>\n</body>\n</html>\n',
          },
        ],
        [
          '/next',
          {
            status: 500,
            body: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Internal Server Error</pre>\n</body>\n</html>\n',
          },
        ],
        ['/handled', { status: 500, body: 'handled: caught' }],
      ],
    );
  });

  it('sends rejected promises of handlers to next(err) (webfw only)', async () => {
    const app = webfwV4();
    app.set('env', 'test');
    app.get('/reject', async () => {
      throw Object.assign(new Error('async nope'), { status: 409 });
    });
    app.use((err: Error & { status: number }, _req: App, res: App, _next: unknown) => {
      res.status(err.status).send(`caught ${err.message}`);
    });
    await withServer(app as never, async (server) => {
      const res = await request(server, { path: '/reject' });
      expect([res.status, res.body.toString()]).toEqual([409, 'caught async nope']);
    });
  });
});
