/**
 * Differential: edge cases across the stack (thrown non-errors, settings inheritance, regexp
 * mounts, path syntax errors, foreign servers, hostile URLs), express 5 vs @webfw/core.
 */
import { buildApp, compare, run, get, comparisonCount, rewriteUrlAfterReading, type Any, type Framework, type Req } from './support/differential';

afterAll(() => {
  // every request in this file went to both frameworks and their answers were compared
  expect(comparisonCount()).toBeGreaterThan(0);
});

describe('differential: thrown values and odd errors', () => {
  it('should handle thrown non-Error values and errors after partial headers identically', async () => {
    for (const env of ['development', 'production']) {
      const build = buildApp((app) => {
        app.set('env', env);
        app.get('/str', () => {
          throw 'a thrown string';
        });
        app.get('/obj', () => {
          throw { status: 401, message: 'obj' };
        });
        app.get('/num', () => {
          throw 42;
        });
        app.get('/undef', () => {
          throw undefined;
        });
        app.get('/async-str', async () => {
          throw 'async string';
        });
        app.get('/bigint', (_q: Any, res: Any) => res.json({ n: BigInt(1) }));
        app.get('/circular', (_q: Any, res: Any) => {
          const o: Any = {};
          o.o = o;
          res.json(o);
        });
        app.get('/err-no-msg', (_q: Any, _s: Any, n: Any) => n(new Error()));
        app.get('/err-status-600', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('x'), { status: 600 })));
        app.get('/err-status-399', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('x'), { status: 399 })));
        app.get('/err-status-both', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('x'), { status: 401, statusCode: 402 })));
        app.get('/err-headers-bad', (_q: Any, _s: Any, n: Any) => n(Object.assign(new Error('x'), { status: 400, headers: 'nope' })));
        app.get('/status-set', (_q: Any, res: Any, n: Any) => {
          res.status(418);
          n(new Error('after status'));
        });
        app.get('/cookie-then-err', (_q: Any, res: Any, n: Any) => {
          res.cookie('a', 'b');
          res.set('Cache-Control', 'no-store');
          res.vary('Accept');
          n(Object.assign(new Error('x'), { status: 409 }));
        });
      });
      await compare(
        build,
        [
          '/str',
          '/obj',
          '/num',
          '/undef',
          '/async-str',
          '/bigint',
          '/circular',
          '/err-no-msg',
          '/err-status-600',
          '/err-status-399',
          '/err-status-both',
          '/err-headers-bad',
          '/status-set',
          '/cookie-then-err',
        ],
        { stack: true },
      );
    }
  });
});

// DEFECT: an error value without a prototype (or whose toString throws) that reaches the final
// handler crashes the PROCESS outside env 'test': webfw's logger runs `String(err)`, which throws
// "TypeError: Cannot convert object to primitive value" inside a setImmediate (uncaught).
// express logs with console.error(err) and keeps running. Both answer 400 "Bad Request" first.
// packages/core/src/application/application.ts, logError().
it('should survive next(errorWithoutPrototype) in production (express logs it and keeps serving)', async () => {
  const build = buildApp((app) => {
    app.set('env', 'production');
    app.get('/np', (_q: Any, _s: Any, n: Any) => n(Object.assign(Object.create(null), { status: 400, message: 'np' })));
    app.get('/ok', (_q: Any, res: Any) => res.send('still up'));
  });
  // Run deferred callbacks (where both final handlers log) under a try/catch, so the throw is
  // recorded here instead of killing the jest worker.
  const thrown: unknown[] = [];
  const original = global.setImmediate;
  (global as Any).setImmediate = (fn: (...a: unknown[]) => void, ...args: unknown[]) =>
    original(() => {
      try {
        fn(...args);
      } catch (e) {
        thrown.push(e);
      }
    });
  try {
    await compare(build, [get('/np'), get('/ok')]);
    await new Promise((r) => setTimeout(r, 50));
  } finally {
    global.setImmediate = original;
  }
  expect(thrown.map(String)).toEqual([]);
});

describe('differential: mounting and inheritance', () => {
  it('should inherit trust proxy, json spaces and strict routing in sub-apps but not etag/x-powered-by/query parser', async () => {
    const build = buildApp((app, fw) => {
      app.set('trust proxy', true);
      app.set('json spaces', 3);
      app.set('etag', 'strong');
      app.set('query parser', 'extended');
      app.disable('x-powered-by');
      app.set('subdomain offset', 1);
      app.set('jsonp callback name', 'cb');
      app.set('env', 'production');
      const sub = fw();
      sub.get('/', (req: Any, res: Any) =>
        res.jsonp({ ip: req.ip, proto: req.protocol, q: req.query, sd: req.subdomains, env: sub.get('env'), cb: sub.get('jsonp callback name') }),
      );
      sub.get('/e', () => {
        throw Object.assign(new Error('sub'), { status: 400, expose: false });
      });
      app.use('/sub', sub);
      app.get('/', (req: Any, res: Any) => res.json({ q: req.query }));
    });
    const h = { 'X-Forwarded-For': '1.2.3.4', 'X-Forwarded-Proto': 'https', Host: 'a.b.example.com' };
    await compare(build, [get('/sub?a[b]=1&cb=x&callback=y', h), get('/?a[b]=1', h), get('/sub/e'), get('/sub/nope')]);
  });

  it('should mount on regexps, params and splats and restore req.url identically', async () => {
    const build = buildApp((app, fw) => {
      const info = (req: Any, res: Any) => res.json({ url: req.url, base: req.baseUrl, orig: req.originalUrl, params: req.params, path: req.path });
      app.use(/^\/re(\d+)/, info);
      app.use('/splat/*rest', info);
      app.use('/p/:a/:b', info);
      app.use('/opt{/:x}', info);
      const r = fw.Router({ mergeParams: true });
      r.param('id', (req: Any, _s: Any, n: Any, id: string) => {
        req.pid = id.toUpperCase();
        n();
      });
      r.get('/:id', (req: Any, res: Any) => res.json({ pid: req.pid, params: req.params }));
      app.use('/m/:id', r);
      app.get('/{*splat}', info);
    });
    await compare(build, [
      '/re1',
      '/re12/x?y=1',
      '/rex',
      '/splat/a/b',
      '/splat/',
      '/p/1/2/3',
      '/p/1',
      '/opt',
      '/opt/v/w',
      '/m/outer/inner',
      '/m/a%20b/c%2Fd',
      '/',
      '/anything/else',
      '/re1#hash',
      '/p/%20/%2F/x',
    ]);
  });

  it('should answer through a foreign http.createServer(app) identically', async () => {
    const build = buildApp((app, fw) => {
      app.get('/', (req: Any, res: Any) => res.json({ ip: req.ip, host: req.hostname, q: req.query }));
      app.get('/s', (_q: Any, res: Any) => res.status(201).send('created'));
      app.post('/b', fw.json(), (req: Any, res: Any) => res.json(req.body));
    });
    await compare(
      build,
      [get('/?a=1'), get('/s'), get('/nope'), { method: 'POST', path: '/b', headers: { 'Content-Type': 'application/json' }, body: '{"x":1}' }],
      { foreignServer: true },
    );
  });

  it('should reject the same invalid route paths at registration', () => {
    const paths = ['/:id?', '/*', '/(x)', '/:', '/a{', '/:id+', '/{:id', '/:a:b', '/\\'];
    const outcome = (fw: Framework, p: string) => {
      try {
        fw().get(p, () => undefined);
        return 'ok';
      } catch (e) {
        return `${(e as Error).name}`;
      }
    };
    const { frameworks } = jest.requireActual('./support/differential');
    for (const p of paths) expect([p, outcome(frameworks.webfw, p)]).toEqual([p, outcome(frameworks.express, p)]);
  });
});

describe('differential: hostile URLs and headers', () => {
  it('should survive hostile request targets identically', async () => {
    const build = buildApp((app) => {
      // development: the production page of a malformed param differs by design (routing file)
      app.set('env', 'development');
      app.get('/p/:x', (req: Any, res: Any) => res.json({ x: req.params.x, path: req.path }));
      app.get('/q', (req: Any, res: Any) => res.json({ n: Object.keys(req.query).length }));
      app.use('/m', (req: Any, res: Any) => res.json({ url: req.url, base: req.baseUrl }));
    });
    const reqs: Req[] = [
      get('/p/' + 'x'.repeat(8000)),
      get('/q?' + 'a'.repeat(20000) + '=1'),
      get('/q?' + 'a=1&'.repeat(3000)),
      get('/p/%F0%9F%98%80'),
      get('/p/%ED%A0%80'),
      get('/p/%FF%FE'),
      get('/p/..%2F..%2F'),
      get('/p/%2e%2e'),
      get('/m%2Fx'),
      get('/m/%2E%2E/%2e%2e'),
      get('/m?x=%'),
      get('/m/;a=b'),
      get('/m/a?b?c'),
      get('/M/x'),
      get('http://evil.example/m/abs'),
      get('/m/x', { Host: 'evil"<>.example' }),
      get('/p/a#b'),
    ];
    await compare(build, reqs, { stack: true });
  });

  it('should treat odd methods identically', async () => {
    const build = buildApp((app) => {
      app.all('/all', (req: Any, res: Any) => res.send(req.method));
      app.get('/g', (_q: Any, res: Any) => res.send('g'));
      app.search('/s', (_q: Any, res: Any) => res.send('search'));
    });
    const reqs: Req[] = [];
    for (const m of ['GET', 'POST', 'PURGE', 'MKCOL', 'SEARCH', 'QUERY', 'LINK', 'M-SEARCH', 'TRACE', 'CONNECT']) {
      if (m === 'CONNECT') continue;
      reqs.push({ method: m, path: '/all' });
      reqs.push({ method: m, path: '/g' });
      reqs.push({ method: m, path: '/s' });
    }
    reqs.push({ method: 'OPTIONS', path: '/s' });
    await compare(build, reqs);
  });
});

describe('differential: derived request properties after mutation', () => {
  const mutateApp = (fw: Framework) => {
    const app = fw();
    app.set('trust proxy', true);
    const snapshot = (req: Any) => ({
      hostname: req.hostname,
      host: req.host,
      protocol: req.protocol,
      secure: req.secure,
      ip: req.ip,
      ips: req.ips,
      subdomains: req.subdomains,
      path: req.path,
      xhr: req.xhr,
    });
    app.use((req: Any, _s: Any, next: Any) => {
      req.before = snapshot(req);
      req.headers.host = 'a.b.other.example:8080';
      req.headers['x-forwarded-proto'] = 'https';
      req.headers['x-forwarded-for'] = '9.9.9.9';
      req.headers['x-requested-with'] = 'XMLHttpRequest';
      req.url = '/rewritten/path?z=1';
      next();
    });
    app.use((req: Any, res: Any) => res.json({ before: req.before, after: snapshot(req) }));
    return app;
  };

  // req.path follows req.url rewrites (checked separately so the defect below stays isolated)
  it('should recompute req.path after req.url is rewritten', async () => {
    const build = buildApp((app) => {
      app.use(rewriteUrlAfterReading('path', '/new?x=1'));
      app.use((req: Any, res: Any) => res.json({ path: req.path }));
    });
    await compare(build, [get('/old')]);
  });

  it('should treat assignment to req.query the same', async () => {
    const build = buildApp((app) => {
      app.use((req: Any, _s: Any, next: Any) => {
        try {
          req.query = { replaced: '1' };
          req.assign = 'ok';
        } catch (e) {
          req.assign = (e as Error).name;
        }
        next();
      });
      app.use((req: Any, res: Any) => res.json({ assign: req.assign, q: req.query }));
    });
    await compare(build, [get('/?orig=1')]);
  });

  it('should not show a mutation of req.query to later reads, and keep one made by defining req.query, as express', async () => {
    const build = buildApp((app) => {
      app.set('query parser', 'extended');
      app.use('/mutate', (req: Any, _s: Any, next: Any) => {
        req.query.added = 'yes';
        req.query.a.push('x');
        next();
      });
      app.use('/define', (req: Any, _s: Any, next: Any) => {
        const query = { ...req.query, added: 'yes' };
        Object.defineProperty(req, 'query', { value: query, writable: true, configurable: true, enumerable: true });
        next();
      });
      app.use((req: Any, res: Any) => res.json(req.query));
    });
    const pairs = await run(build, [get('/mutate?a[]=1'), get('/define?a=1')]);
    expect(pairs.map((p) => p.express.body)).toEqual(['{"a":["1"]}', '{"a":"1","added":"yes"}']);
    expect(pairs.map((p) => p.webfw.body)).toEqual(pairs.map((p) => p.express.body));
  });

  it('should recompute hostname/protocol/ip/xhr after a middleware changes the headers', async () => {
    await compare(mutateApp, [get('/orig', { Host: 'x.y.example.com', 'X-Forwarded-For': '1.1.1.1' })]);
  });
});

describe('differential: router edge cases', () => {
  it('should run the rest of the stack again from the current position for a second next() call, as express does', async () => {
    const build = buildApp((app) => {
      const log: string[] = [];
      app.get('/twice', (_q: Any, _s: Any, next: Any) => {
        next();
        next();
      });
      app.get('/twice', (_q: Any, res: Any) => {
        log.push('route2');
        if (!res.headersSent) res.send('ran');
      });
      app.use((_q: Any, _s: Any, next: Any) => {
        log.push('after-mw');
        next();
      });
      app.get('/log', (_q: Any, res: Any) => res.json(log));
    });
    const pairs = await run(build, [get('/twice'), get('/log')]);
    expect(pairs[0].webfw.body).toBe(pairs[0].express.body);
    // the second next() reaches the middleware after the route, then /log passes it too
    expect(pairs[1].express.body).toBe('["route2","after-mw","after-mw"]');
    expect(pairs[1].webfw.body).toBe(pairs[1].express.body);
  });

  // Deliberate (packages/router/README.md): a RegExp path with the g flag is matched without it;
  // router 2.x fails every other request because of lastIndex.
  it('deliberate: a /g regexp route matches every request (express misses every other one)', async () => {
    const build = buildApp((app) => {
      app.get(/^\/g$/g, (_q: Any, res: Any) => res.send('hit'));
    });
    const pairs = await run(build, [get('/g'), get('/g'), get('/g'), get('/g')]);
    expect(pairs.map((p) => p.webfw.status)).toEqual([200, 200, 200, 200]);
    expect(pairs.map((p) => p.express.status)).toContain(404);
  });
});
