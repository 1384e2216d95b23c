/**
 * 3.x routing interfaces: routes dispatched where `app.router` is mounted (or where the first
 * route was added), `app.routes` as a live map of route records, `app.all` and `app.del`,
 * and mount paths matched literally and followed by `/` or `.`. Each is compared with express
 * 3.21 over HTTP and checked against the exact answer.
 */
import { buildApp, expect3, express3, fallback, webfwV3, warningsOf, type App, type Framework } from './support/v3';

const send = (text: string) => (_req: App, res: App) => res.send(text);

describe('v3 app.router', () => {
  it('dispatches the routes where app.use(app.router) put it, whenever they were added', async () => {
    await expect3(
      buildApp((app) => {
        app.use((_req: App, res: App, next: () => void) => {
          res.set('X-Before', 'yes');
          next();
        });
        app.use(app.router);
        app.use((req: App, res: App, next: () => void) => (req.url === '/file' ? res.send('static file') : next()));
        app.use((err: Error, _req: App, res: App, _next: unknown) => res.status(500).send(`handled: ${err.message}`));
        app.use(fallback);
        app.get('/file', send('route before static'));
        app.get('/fail', (_req: App, _res: App, next: (err: Error) => void) => next(new Error('boom')));
      }),
      [
        ['/file', { status: 200, body: 'route before static', headers: { 'x-before': 'yes' } }],
        ['/fail', { status: 500, body: 'handled: boom' }],
        ['/other', { status: 404, body: 'none' }],
      ],
    );
  });

  it('without app.router, the routes go where the first route was added', async () => {
    await expect3(
      buildApp((app) => {
        app.use((req: App, res: App, next: () => void) => (req.url === '/early' ? res.send('middleware before the routes') : next()));
        app.get('/a', send('route a'));
        app.use((_req: App, res: App) => res.send('middleware after the first route'));
        app.get('/b', send('route b, added last'));
      }),
      [
        ['/early', { status: 200, body: 'middleware before the routes' }],
        ['/a', { status: 200, body: 'route a' }],
        ['/b', { status: 200, body: 'route b, added last' }],
        ['/c', { status: 200, body: 'middleware after the first route' }],
      ],
    );
  });

  it('is a middleware named router; reading it marks the router used', () => {
    for (const fw of [webfwV3, express3]) {
      const app = fw();
      expect(app._usedRouter).toBeUndefined();
      const router = app.router;
      expect([typeof router, router.name, app._usedRouter, app.router === router]).toEqual(['function', 'router', true, true]);
    }
  });

  it('takes the routing settings set before it was first read', async () => {
    await expect3(
      buildApp((app) => {
        app.enable('case sensitive routing');
        app.enable('strict routing');
        app.get('/Case', send('Case'));
        app.get('/dir/', send('dir/'));
        app.use(fallback);
      }),
      [
        ['/Case', { status: 200, body: 'Case' }],
        ['/case', { status: 404, body: 'none' }],
        ['/dir/', { status: 200, body: 'dir/' }],
        ['/dir', { status: 404, body: 'none' }],
      ],
    );
  });
});

/** What a record shows, comparable between the frameworks. */
function describeRecord(record: App): unknown {
  return {
    own: Object.keys(record),
    path: record.path,
    method: record.method,
    callbacks: record.callbacks.map((fn: () => void) => fn.name),
    keys: record.keys,
    matches: ['/user/12', '/USER/12/', '/user/12/x', '/user', '/user/12.json'].filter((p) => record.regexp.test(p)),
  };
}

describe('v3 app.routes', () => {
  const build = (fw: Framework): App => {
    const app = fw();
    app.get('/user/:id', function load() {}, [function show() {}]);
    app.post('/user/:id?', function update() {});
    return app;
  };

  it('maps each verb to its route records: path, method, callbacks (flattened), keys, regexp', () => {
    const described = (fw: Framework): unknown => {
      const app = build(fw);
      return { verbs: Object.keys(app.routes), get: app.routes.get.map(describeRecord), post: app.routes.post.map(describeRecord) };
    };
    const expected = {
      verbs: ['get', 'post'],
      get: [
        {
          own: ['path', 'method', 'callbacks', 'keys', 'regexp'],
          path: '/user/:id',
          method: 'get',
          callbacks: ['load', 'show'],
          keys: [{ name: 'id', optional: false }],
          matches: ['/user/12', '/USER/12/', '/user/12.json'],
        },
      ],
      post: [
        {
          own: ['path', 'method', 'callbacks', 'keys', 'regexp'],
          path: '/user/:id?',
          method: 'post',
          callbacks: ['update'],
          keys: [{ name: 'id', optional: true }],
          matches: ['/user/12', '/USER/12/', '/user', '/user/12.json'],
        },
      ],
    };
    expect(described(webfwV3)).toEqual(expected);
    expect(described(express3)).toEqual(expected);
  });

  it('record.match(path) sets record.params: named captures by name, others as array items', () => {
    for (const fw of [webfwV3, express3]) {
      const app = fw();
      app.get('/file/:name/*', send(''));
      const record = app.routes.get[0];
      expect(record.match('/nope')).toBe(false);
      expect(record.match('/file/a%20b/c/d')).toBe(true);
      expect([Array.isArray(record.params), record.params.name, [...record.params]]).toEqual([true, 'a b', ['c/d']]);
      expect(() => record.match('/file/%E0/x')).toThrow("Failed to decode param '%E0'");
    }
  });

  it('is live: a removed record, or a replaced list, no longer answers', async () => {
    await expect3(
      buildApp((app) => {
        app.get('/a', send('a'));
        app.get('/b', send('b'));
        app.get('/c', send('c'));
        app.post('/p', send('p'));
        app.use(fallback);
        app.get('/remove', (_req: App, res: App) => {
          const i = app.routes.get.findIndex((r: App) => r.path === '/a');
          app.routes.get.splice(i, 1);
          res.send(app.routes.get.map((r: App) => r.path).join(' '));
        });
        app.get('/clear-post', (_req: App, res: App) => {
          app.routes.post = [];
          res.send('cleared');
        });
      }),
      [
        ['/a', { status: 200, body: 'a' }],
        ['/remove', { status: 200, body: '/b /c /remove /clear-post' }],
        ['/a', { status: 404, body: 'none' }],
        ['/b', { status: 200, body: 'b' }],
        [
          { method: 'POST', path: '/p' },
          { status: 200, body: 'p' },
        ],
        ['/clear-post', { status: 200, body: 'cleared' }],
        [
          { method: 'POST', path: '/p' },
          { status: 404, body: 'none' },
        ],
      ],
    );
  });

  it('app.all adds a record for every verb; app.del (deprecated) adds a delete route', async () => {
    const verbs = (fw: Framework): string[] => {
      const app = fw();
      app.all('/x', send('x'));
      return Object.keys(app.routes);
    };
    expect(verbs(webfwV3)).toEqual(verbs(express3));
    expect(verbs(webfwV3)).toEqual(expect.arrayContaining(['get', 'post', 'put', 'delete', 'patch', 'options', 'head']));
    await expect3(
      (fw: Framework) => {
        const app = fw();
        app.all('/any', (req: App, res: App) => res.send(`any ${String(req.method)}`));
        warningsOf(() => app.del('/gone', send('deleted')));
        app.use(fallback);
        return app;
      },
      [
        [
          { method: 'PUT', path: '/any' },
          { status: 200, body: 'any PUT' },
        ],
        [
          { method: 'DELETE', path: '/any' },
          { status: 200, body: 'any DELETE' },
        ],
        [
          { method: 'DELETE', path: '/gone' },
          { status: 200, body: 'deleted' },
        ],
        ['/gone', { status: 404, body: 'none' }],
      ],
    );
    for (const fw of [webfwV3, express3]) expect(warningsOf(() => fw().del('/d', send('')))).toEqual(['express: app.del: Use app.delete instead']);
  });
});

describe('v3 mount paths', () => {
  it.each([
    ['/blog', 'blog: / from /blog'],
    ['/blog/', 'blog: / from /blog/'],
    ['/BLOG/post', 'blog: /post from /BLOG/post'],
    ['/blog.json', 'blog: /.json from /blog.json'],
    ['/blogs', 'none'],
    ['/m.x', 'm: /.x from /m.x'],
    ['/M', 'm: / from /M'],
    ['/mx', 'none'],
    ['/trailing/x', 'trailing: /x from /trailing/x'],
    ['/a:b/c', 'literal: /c from /a:b/c'],
  ])('%s', async (path, body) => {
    await expect3(
      buildApp((app, fw) => {
        const blog = fw();
        blog.use((req: App, res: App) => res.send(`blog: ${String(req.url)} from ${String(req.originalUrl)}`));
        app.use('/blog', blog);
        app.use('/m', (req: App, res: App) => res.send(`m: ${String(req.url)} from ${String(req.originalUrl)}`));
        app.use('/trailing/', (req: App, res: App) => res.send(`trailing: ${String(req.url)} from ${String(req.originalUrl)}`));
        app.use('/a:b', (req: App, res: App) => res.send(`literal: ${String(req.url)} from ${String(req.originalUrl)}`));
        app.use(fallback);
      }),
      [[path, { status: body === 'none' ? 404 : 200, body }]],
    );
  });
});

describe('v3 OPTIONS', () => {
  it('answers with the verbs of the routes matching the path, as express 3', async () => {
    await expect3(
      buildApp((app) => {
        app.get('/thing', send('get'));
        app.post('/thing', send('post'));
        app.put('/other', send('put'));
        app.use(fallback);
      }),
      [
        [
          { method: 'OPTIONS', path: '/thing' },
          { status: 200, body: 'GET,HEAD,POST', headers: { allow: 'GET,HEAD,POST' } },
        ],
        [
          { method: 'OPTIONS', path: '/none' },
          { status: 404, body: 'none' },
        ],
      ],
    );
  });
});
