/**
 * A typical express 4 app, built with express 4.22 and with @webfw/core/v4 (only the import
 * differs), answering the same requests the same way: body parsers (`req.body` `{}` when
 * nothing was parsed), static files, 4.x path syntax, the extended query parser, a router,
 * a mounted sub-app, `app.param`, cookies, redirects, negotiation, HEAD, 404 and errors
 * (thrown, and rejected promises, which reach the error handler in webfw's v4).
 */
import { buildApp, comparedRequests, expect4, makeFixtures, type App, type Framework } from './support/v4';

const root = makeFixtures();

function typicalApp(app: App, fw: Framework): void {
  app.use(fw.json());
  app.use(fw.urlencoded({ extended: true }));
  app.use('/static', fw.static(root));
  app.param('id', (req: App, _res: App, next: App, id: string) => {
    req.user = { id, name: `user${id}` };
    next();
  });
  app.get('/users/:id', (req: App, res: App) => res.json(req.user));
  app.get('/opt/:name?', (req: App, res: App) => res.send(`name=${String(req.params.name)}`));
  app.get('/files/*', (req: App, res: App) => res.send(`file=${String(req.params[0])}`));
  app.get('/num/:n(\\d+)', (req: App, res: App) => res.send(`n=${String(req.params.n)}`));
  app.get('/query', (req: App, res: App) => res.json(req.query));
  app.post('/echo', (req: App, res: App) => res.json({ body: req.body }));
  app.get('/body', (req: App, res: App) => res.json({ body: req.body }));
  app.get('/cookie', (_req: App, res: App) => res.cookie('a', 'b', { httpOnly: true }).send('ok'));
  app.get('/go', (_req: App, res: App) => res.redirect('/there'));
  app.get('/fmt', (_req: App, res: App) =>
    res.format({
      text: () => res.send('text'),
      html: () => res.send('<b>html</b>'),
      json: () => res.json({ fmt: true }),
    }),
  );
  app.get('/status', (_req: App, res: App) => res.sendStatus(204));
  app.get('/throw', () => {
    throw Object.assign(new Error('boom'), { status: 418 });
  });
  app.get('/stack', (req: App, res: App) => res.json(req.app._router.stack.map((l: { name: string }) => l.name).slice(0, 3)));
  const router = fw.Router();
  router.get('/', (req: App, res: App) => res.send(`router at ${String(req.baseUrl)}`));
  router.get('/:x', (req: App, res: App) => res.send(`router x=${String(req.params.x)}`));
  app.use('/r', router);
  const sub = fw();
  sub.get('/', (req: App, res: App) => res.send(`sub ${String(req.baseUrl)} ${String(req.app === sub)}`));
  app.use('/sub', sub);
  app.use((err: { status?: number; message: string }, _req: App, res: App, next: App) => {
    if (err.status === 418) return res.status(418).send(`handled ${err.message}`);
    next(err);
  });
}

const build = buildApp(typicalApp);

describe('a typical express 4 app on @webfw/core/v4', () => {
  afterAll(() => {
    expect(comparedRequests()).toBeGreaterThan(20);
  });

  it('routes with 4.x paths, params and the extended query parser', async () => {
    await expect4(build, [
      [
        '/users/7',
        { status: 200, body: '{"id":"7","name":"user7"}', headers: { 'content-type': 'application/json; charset=utf-8', 'x-powered-by': '<present>' } },
      ],
      ['/opt', { status: 200, body: 'name=undefined' }],
      ['/opt/bob', { status: 200, body: 'name=bob' }],
      ['/files/a/b.txt', { status: 200, body: 'file=a/b.txt' }],
      ['/num/42', { status: 200, body: 'n=42' }],
      [
        '/num/x',
        {
          status: 404,
          body: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot GET /num/x</pre>\n</body>\n</html>\n',
        },
      ],
      ['/query?a[b]=1&c=2&c=3', { status: 200, body: '{"a":{"b":"1"},"c":["2","3"]}' }],
      ['/stack', { status: 200, body: '["query","expressInit","jsonParser"]' }],
    ]);
  });

  it('parses bodies, with {} when nothing was parsed', async () => {
    await expect4(
      build,
      [
        [
          { method: 'POST', path: '/echo', headers: { 'Content-Type': 'application/json' }, body: '{"x":1}' },
          { status: 200, body: '{"body":{"x":1}}' },
        ],
        [
          { method: 'POST', path: '/echo', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a[b]=c' },
          { status: 200, body: '{"body":{"a":{"b":"c"}}}' },
        ],
        [
          { method: 'POST', path: '/echo', headers: { 'Content-Type': 'text/plain' }, body: 'hi' },
          { status: 200, body: '{"body":{}}' },
        ],
        ['/body', { status: 200, body: '{"body":{}}' }],
        [{ method: 'POST', path: '/echo', headers: { 'Content-Type': 'application/json' }, body: '{bad' }, { status: 400 }],
      ],
      { stack: true },
    );
  });

  it('serves static files, cookies, redirects, negotiation and HEAD', async () => {
    await expect4(
      build,
      [
        ['/static/hello.txt', { status: 200, body: 'hello world', headers: { 'content-type': 'text/plain; charset=UTF-8' } }],
        ['/static/dir', { status: 301 }],
        ['/cookie', { status: 200, body: 'ok', headers: { 'set-cookie': ['a=b; Path=/; HttpOnly'] } }],
        ['/go', { status: 302, body: 'Found. Redirecting to /there', headers: { location: '/there' } }],
        [
          { path: '/go', headers: { Accept: 'text/html' } },
          { status: 302, body: '<p>Found. Redirecting to /there</p>' },
        ],
        [
          { path: '/fmt', headers: { Accept: 'application/json' } },
          { status: 200, body: '{"fmt":true}' },
        ],
        [
          { path: '/fmt', headers: { Accept: 'text/html' } },
          { status: 200, body: '<b>html</b>' },
        ],
        [{ path: '/fmt', headers: { Accept: 'image/png' } }, { status: 406 }],
        [
          { method: 'HEAD', path: '/users/1' },
          { status: 200, body: '', headers: { 'content-type': 'application/json; charset=utf-8' } },
        ],
        ['/status', { status: 204, body: '' }],
      ],
      { stack: true },
    );
  });

  it('mounts routers and sub-apps, handles errors and 404', async () => {
    await expect4(build, [
      ['/r', { status: 200, body: 'router at /r' }],
      ['/r/y', { status: 200, body: 'router x=y' }],
      ['/sub', { status: 200, body: 'sub /sub true' }],
      ['/throw', { status: 418, body: 'handled boom' }],
      ['/nope', { status: 404 }],
      [
        { method: 'DELETE', path: '/users/1' },
        {
          status: 404,
          body: '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n<pre>Cannot DELETE /users/1</pre>\n</body>\n</html>\n',
        },
      ],
    ]);
  });

  it('answers from the final handler alone when nothing is registered (no X-Powered-By)', async () => {
    await expect4((fw) => fw(), [['/', { status: 404, headers: { 'x-powered-by': undefined } }]]);
  });
});
