/**
 * Differential: routing, mounting, params, HEAD/OPTIONS, 404/500 and error handling,
 * express 5 vs @webfw/core (see support/differential.ts for what is compared).
 */
import { buildApp, compare, run, get, comparisonCount, type Any, type Framework, type Req } from './support/differential';

afterAll(() => {
  // every request in this file went to both frameworks and their answers were compared
  expect(comparisonCount()).toBeGreaterThan(0);
});

const echo = (req: Any, res: Any) => res.json({ params: req.params, path: req.path, url: req.url, baseUrl: req.baseUrl, originalUrl: req.originalUrl });

describe('differential: route paths', () => {
  it('should match params, optional groups, splats and regexps identically', async () => {
    const build = buildApp((app) => {
      app.get('/user/:id', echo);
      app.get('/file/:name.:ext', echo);
      app.get('/opt{/:maybe}', echo);
      app.get('/files/*path', echo);
      app.get('/opt-splat{/*rest}', echo);
      app.get(/^\/re\/(\d+)$/, echo);
      app.get(/^\/named\/(?<slug>[a-z]+)$/, echo);
      app.get(['/arr1', '/arr2/:x'], echo);
      app.get('/a-:b-:c', echo);
      app.get('/quoted/:"weird name"', echo);
    });
    const reqs: Req[] = [
      '/user/42',
      '/user/42/',
      '/user/',
      '/user/%41%42',
      '/user/a%2Fb',
      '/user/caf%C3%A9',
      '/USER/7',
      '/file/archive.tar.gz',
      '/file/x.',
      '/opt',
      '/opt/',
      '/opt/v',
      '/opt/v/w',
      '/files/a/b/c',
      '/files/',
      '/files/a%2Fb/c',
      '/opt-splat',
      '/opt-splat/x/y',
      '/re/123',
      '/re/12a',
      '/named/abc',
      '/named/ABC',
      '/arr1',
      '/arr2/y',
      '/a-1-2',
      '/quoted/q',
      '/user/42?x=1',
      '/user/42#frag',
      '//user/42',
    ].map((p) => get(p));
    await compare(build, reqs);
  });

  const malformedApp = (env: string) => (fw: Framework) => {
    const app = fw();
    app.get('/p/:id', echo);
    app.get('/s/*rest', echo);
    app.use((err: Any, _q: Any, res: Any, _n: Any) =>
      res.status(err.status).json({ name: err.name, message: err.message, status: err.status, statusCode: err.statusCode }),
    );
    app.get('/unreached', echo);
    const inner = fw();
    inner.get('/p/:id', echo);
    inner.set('env', env);
    app.use('/default', inner);
    app.set('env', env);
    return app;
  };
  const malformed = ['/p/%', '/p/%zz', '/p/%E0%A4%A', '/s/a/%/b', '/p/%00', '/p/%C0%AF', '/nomatch/%'];

  it('should treat malformed percent-encoding in params the same (400 URIError, error middleware and dev page)', async () => {
    await compare(malformedApp('development'), [...malformed, ...malformed.map((p) => '/default' + p)], { stack: true });
  });

  it('should show only the status message of a malformed param on the production default page', async () => {
    await compare(malformedApp('production'), [...malformed, ...malformed.map((p) => '/default' + p)]);
    const [{ webfw: page }] = await run(malformedApp('production'), [get('/default/p/%')]);
    expect(page.status).toBe(400);
    expect(page.body).toContain('<pre>Bad Request</pre>');
  });

  it('should honour strict and case sensitive routing', async () => {
    const build = buildApp((app, fw) => {
      app.set('strict routing', true);
      app.set('case sensitive routing', true);
      app.get('/strict', (_q: Any, s: Any) => s.send('no slash'));
      app.get('/slash/', (_q: Any, s: Any) => s.send('slash'));
      app.get('/Case', (_q: Any, s: Any) => s.send('Case'));
      const r = fw.Router();
      r.get('/x', (_q: Any, s: Any) => s.send('router x'));
      app.use('/r', r);
    });
    await compare(build, ['/strict', '/strict/', '/slash', '/slash/', '/Case', '/case', '/r/x', '/r/x/', '/R/x']);
  });

  it('should run next("route") and next("router") the same', async () => {
    const build = buildApp((app, fw) => {
      app.get(
        '/nr',
        (_q: Any, _s: Any, n: Any) => n('route'),
        (_q: Any, s: Any) => s.send('skipped'),
      );
      app.get('/nr', (_q: Any, s: Any) => s.send('second route'));
      const r = fw.Router();
      r.use((req: Any, _s: Any, n: Any) => (req.query.out ? n('router') : n()));
      r.get('/x', (_q: Any, s: Any) => s.send('in router'));
      app.use('/r', r);
      app.get('/r/x', (_q: Any, s: Any) => s.send('after router'));
      app.get('/nx', (_q: Any, _s: Any, n: Any) => n('router'));
    });
    await compare(build, ['/nr', '/r/x', '/r/x?out=1', '/nx']);
  });

  it('should run app.param once per request, with arrays of names and next("route")', async () => {
    const build = buildApp((app) => {
      let calls = 0;
      app.param('id', (req: Any, _s: Any, next: Any, id: string, name: string) => {
        calls++;
        req.seen = `${name}=${id}:${calls}`;
        if (id === 'skip') return next('route');
        if (id === 'err') return next(Object.assign(new Error('bad id'), { status: 422 }));
        next();
      });
      app.param(['a', 'b'], (req: Any, _s: Any, next: Any, v: string) => {
        req.ab = (req.ab ?? '') + v;
        next();
      });
      app.get(
        '/i/:id',
        (req: Any, _s: Any, n: Any) => n(),
        (req: Any, res: Any) => res.send(req.seen),
      );
      app.get('/i/:id', (req: Any, res: Any) => res.send(`fallback ${req.params.id}`));
      app.get('/ab/:a/:b', (req: Any, res: Any) => res.send(req.ab));
      app.set('env', 'production');
    });
    await compare(build, ['/i/1', '/i/skip', '/i/err', '/ab/x/y']);
  });

  it('should call param callbacks once per value across routes and routers', async () => {
    const build = buildApp((app, fw) => {
      app.param('id', (req: Any, _s: Any, next: Any, id: string) => {
        req.calls = [...(req.calls ?? []), `app:${id}`];
        next();
      });
      app.get('/x/:id', (_q: Any, _s: Any, n: Any) => n());
      app.get('/x/:id', (_q: Any, _s: Any, n: Any) => n());
      app.get('/:id/x', (_q: Any, _s: Any, n: Any) => n());
      app.all('/{*any}', (req: Any, _s: Any, n: Any) => n());
      const r = fw.Router({ mergeParams: true });
      r.param('id', (req: Any, _s: Any, next: Any, id: string) => {
        req.calls = [...(req.calls ?? []), `router:${id}`];
        next();
      });
      r.get('/:id', (_q: Any, _s: Any, n: Any) => n());
      r.get('/:id', (_q: Any, _s: Any, n: Any) => n());
      app.use('/r/:id', r);
      app.use((req: Any, res: Any) => res.json(req.calls ?? []));
    });
    await compare(build, ['/x/1', '/x/x', '/2/x', '/r/outer/inner', '/r/same/same']);
  });

  it('should answer HEAD and OPTIONS for all()/head()/get() registered in any order', async () => {
    const build = buildApp((app) => {
      app.all('/all', (req: Any, res: Any) => res.set('X-M', req.method).send('all'));
      app.get('/gh', (_q: Any, res: Any) => res.send('get first'));
      app.head('/gh', (_q: Any, res: Any) => res.set('X-Head', '1').end());
      app
        .route('/chain')
        .get((_q: Any, res: Any) => res.send('g'))
        .post((_q: Any, res: Any) => res.send('p'))
        .all((_q: Any, _r: Any, n: Any) => n());
      app.use('/mw', (_q: Any, res: Any, n: Any) => {
        res.set('X-Mw', '1');
        n();
      });
      app.get('/mw/x', (_q: Any, res: Any) => res.send('x'));
    });
    const reqs: Req[] = [];
    for (const p of ['/all', '/gh', '/chain', '/mw/x']) for (const m of ['HEAD', 'OPTIONS', 'GET', 'PUT']) reqs.push({ method: m, path: p });
    await compare(build, reqs);
  });

  it('should mount routers and sub-apps with paths, mergeParams and mountpath', async () => {
    const build = buildApp((app, fw) => {
      const sub = fw();
      sub.get('/', (req: Any, res: Any) => res.json({ mountpath: sub.mountpath, path: sub.path(), baseUrl: req.baseUrl, url: req.url, orig: req.originalUrl }));
      sub.get('/deep/:z', echo);
      app.use('/sub', sub);
      const merged = fw.Router({ mergeParams: true });
      merged.get('/:child', echo);
      app.use('/m/:parent', merged);
      const unmerged = fw.Router();
      unmerged.get('/:child', echo);
      app.use('/u/:parent', unmerged);
      app.use(['/multi1', '/multi2'], (req: Any, res: Any) => res.send(`${req.baseUrl}|${req.url}`));
      app.use('/mw', (req: Any, res: Any) => res.send(`${req.baseUrl}|${req.url}|${req.path}`));
    });
    await compare(build, [
      '/sub',
      '/sub/',
      '/sub?q=1',
      '/sub/deep/9',
      '/SUB/deep/9',
      '/subx',
      '/m/p1/c1',
      '/u/p1/c1',
      '/multi1/x',
      '/multi2',
      '/mw',
      '/mw/',
      '/mw/a/b?c=d',
      '/mwx',
      '/mw%2Fa',
      '/mw#x',
    ]);
  });

  it('should answer HEAD with GET routes and OPTIONS with Allow', async () => {
    const build = buildApp((app, fw) => {
      app.get('/r', (_q: Any, s: Any) => s.set('X-Get', '1').send('body of get'));
      app.post('/r', (_q: Any, s: Any) => s.send('post'));
      app.put('/r', (_q: Any, s: Any) => s.send('put'));
      app.head('/h', (_q: Any, s: Any) => s.set('X-Head', 'own').end());
      app.get('/h', (_q: Any, s: Any) => s.send('get'));
      app.all('/all', (req: Any, s: Any) => s.send(req.method));
      app.delete('/d', (_q: Any, s: Any) => s.send('del'));
      const r = fw.Router();
      r.get('/x', (_q: Any, s: Any) => s.send('x'));
      r.patch('/x', (_q: Any, s: Any) => s.send('x'));
      app.use('/rt', r);
      app.options('/own', (_q: Any, s: Any) => s.set('Allow', 'CUSTOM').sendStatus(204));
    });
    const reqs: Req[] = [
      { method: 'HEAD', path: '/r' },
      { method: 'OPTIONS', path: '/r' },
      { method: 'OPTIONS', path: '/h' },
      { method: 'HEAD', path: '/h' },
      { method: 'OPTIONS', path: '/all' },
      { method: 'PATCH', path: '/all' },
      { method: 'OPTIONS', path: '/d' },
      { method: 'OPTIONS', path: '/rt/x' },
      { method: 'OPTIONS', path: '/own' },
      { method: 'OPTIONS', path: '/nothing' },
      { method: 'OPTIONS', path: '*' },
      { method: 'DELETE', path: '/r' },
      { method: 'POST', path: '/h' },
      { method: 'HEAD', path: '/missing' },
      { method: 'PROPFIND', path: '/r' },
    ];
    await compare(build, reqs);
  });
});

describe('differential: final handler', () => {
  const errApp = (env: string) => (fw: Framework) => {
    const app = fw();
    app.set('env', env);
    app.get('/throw', () => {
      throw new Error('boom <b>');
    });
    app.get('/reject', async () => {
      throw new Error('async boom');
    });
    app.get('/next-err', (_q: Any, _s: Any, n: Any) => n(new Error('via next')));
    app.get('/status', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('teapot'), { status: 418 })));
    app.get('/statusCode', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('sc'), { statusCode: 403 })));
    app.get('/status-bad', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('bad'), { status: 99 })));
    app.get('/status-str', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('str'), { status: '404' })));
    app.get('/expose-5xx', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('secret'), { status: 503, expose: true })));
    app.get('/expose-false-4xx', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('hidden'), { status: 400, expose: false })));
    app.get('/headers', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('hdrs'), { status: 429, headers: { 'Retry-After': '10', 'X-Extra': 'y' } })));
    app.get('/headers-500', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('hdrs'), { headers: { 'X-Extra': 'y' } })));
    app.get('/string', (_q: Any, _s: Any, n: Any) => n('a string error'));
    app.get('/number', (_q: Any, _s: Any, n: Any) => n(404));
    app.get('/obj', (_q: Any, _s: Any, n: Any) => n({ message: 'plain', status: 409 }));
    app.get('/set-headers', (_q: Any, res: Any, n: Any) => {
      res.set('X-Before', '1');
      res.set('Content-Type', 'application/json');
      n(new Error('after headers'));
    });
    app.get('/rejected-undefined', () => Promise.reject(undefined));
    app.get('/rejected-null', () => Promise.reject(null));
    app.get('/rejected-false', () => Promise.reject(false));
    return app;
  };
  const paths = [
    '/throw',
    '/reject',
    '/next-err',
    '/status',
    '/statusCode',
    '/status-bad',
    '/status-str',
    '/expose-5xx',
    '/headers',
    '/headers-500',
    '/string',
    '/number',
    '/obj',
    '/set-headers',
    '/rejected-undefined',
    '/rejected-null',
    '/rejected-false',
    '/missing',
    '/missing/<script>',
    '/%3Cscript%3E',
  ];

  it('should render the same default error pages in development', async () => {
    await compare(errApp('development'), paths, { stack: true });
  });

  it('should render the same default error pages in production (errors without expose)', async () => {
    await compare(
      errApp('production'),
      paths.filter((p) => p !== '/status' && p !== '/statusCode' && p !== '/headers' && p !== '/obj' && p !== '/status-str'),
    );
  });

  it('should render the same default error pages in production for errors with status, headers and expose', async () => {
    await compare(errApp('production'), ['/status', '/statusCode', '/headers', '/expose-5xx', '/expose-false-4xx']);
  });

  it('should show only the status text for an http-errors style 4xx (expose true) in production', async () => {
    const build = buildApp((app) => {
      app.set('env', 'production');
      app.get('/x', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('name is required'), { status: 422, expose: true })));
    });
    await compare(build, [get('/x')]);
    const [{ webfw: w }] = await run(build, [get('/x')]);
    expect(w.status).toBe(422);
    expect(w.body).toContain('<pre>Unprocessable Entity</pre>');
  });

  it('should 404 with Cannot METHOD for every method and encoded paths', async () => {
    const build = (fw: Framework) => fw();
    await compare(build, [
      { path: '/' },
      { method: 'POST', path: '/x' },
      { method: 'DELETE', path: '/a/b' },
      { method: 'HEAD', path: '/' },
      { path: '/%E2%82%AC?q=1' },
      { path: '/a"b\'c&d' },
      { path: '/' + 'a'.repeat(5000) },
    ]);
  });

  it('should pass errors to error middleware in order and skip non-error middleware', async () => {
    const build = buildApp((app) => {
      app.get('/e', (_q: Any, _s: Any, n: Any) => n(new Error('first')));
      app.use((_q: Any, res: Any) => res.send('should be skipped'));
      app.use((err: Any, _q: Any, _s: Any, n: Any) => n(Object.assign(new Error(err.message + '+wrapped'), { status: 451 })));
      app.use((err: Any, req: Any, res: Any, _n: Any) => res.status(err.status).json({ m: err.message, path: req.path }));
      app.get('/after', (_q: Any, res: Any) => res.send('after'));
      app.get('/async-mw', async (_q: Any, _s: Any, n: Any) => {
        await Promise.resolve();
        n();
      });
    });
    await compare(build, ['/e', '/after', '/async-mw']);
  });

  it('should route errors thrown in error middleware and sub-app errors', async () => {
    const build = buildApp((app, fw) => {
      app.set('env', 'production');
      const sub = fw();
      sub.get('/boom', () => {
        throw Object.assign(new Error('sub boom'), { status: 400 });
      });
      sub.use((err: Any, _q: Any, res: Any, n: Any) => (err.status === 400 ? n(err) : res.send('handled in sub')));
      app.use('/sub', sub);
      app.use((err: Any, _q: Any, res: Any, _n: Any) => res.status(500).send(`outer got ${err.message}`));
    });
    await compare(build, ['/sub/boom', '/sub/none']);
  });
});
