/**
 * Differential: settings (trust proxy, query parser, subdomain offset, etag, json, jsonp,
 * x-powered-by) and request properties, express 5 vs @webfw/core.
 */
import {
  buildApp,
  compare,
  run,
  get,
  comparisonCount,
  derivedProperties,
  rewriteUrlAfterReading,
  type Any,
  type Framework,
  type Req,
} from './support/differential';

afterAll(() => {
  // every request in this file went to both frameworks and their answers were compared
  expect(comparisonCount()).toBeGreaterThan(0);
});

/** Reports every derived request property as JSON. */
const reqInfo = (req: Any, res: Any) => res.json(derivedProperties(req));

const proxyHeaders: Array<Record<string, string>> = [
  {},
  { 'X-Forwarded-For': '10.0.0.1' },
  { 'X-Forwarded-For': '203.0.113.9, 10.0.0.2, 127.0.0.1' },
  { 'X-Forwarded-For': 'garbage, ::1' },
  { 'X-Forwarded-For': ' , ,' },
  { 'X-Forwarded-Host': 'api.example.com:8443', 'X-Forwarded-Proto': 'https' },
  { 'X-Forwarded-Host': 'a.example.com, b.example.com', 'X-Forwarded-Proto': 'https, http' },
  { 'X-Forwarded-Proto': 'HTTPS' },
  { 'X-Forwarded-Proto': '' },
  { Host: 'tobi.ferrets.example.com' },
  { Host: '[::1]:3000' },
  { Host: '[fe80::1]' },
  { Host: '127.0.0.1:80' },
  { Host: 'EXAMPLE.COM' },
  { 'X-Forwarded-Host': '[::1]:8080', 'X-Forwarded-Proto': 'wss' },
  { 'X-Forwarded-Host': 'evil.example:abc', 'X-Forwarded-For': '::ffff:10.0.0.3, 127.0.0.1' },
  { 'X-Forwarded-Host': '', 'X-Forwarded-For': '' },
  { Host: 'a..b.example.com' },
  { 'X-Requested-With': 'xmlhttprequest' },
  { 'X-Requested-With': 'fetch' },
];

describe('differential: trust proxy and request properties', () => {
  const settings: Array<[string, unknown]> = [
    ['default', undefined],
    ['true', true],
    ['false', false],
    ['hops 1', 1],
    ['hops 2', 2],
    ['loopback', 'loopback'],
    ['list', 'loopback, 10.0.0.0/8'],
    ['array', ['127.0.0.1', '10.0.0.2']],
    ['fn', (ip: string, hop: number) => hop < 2 && ip !== '10.0.0.2'],
    ['no match', '192.168.0.0/16'],
  ];
  for (const [name, value] of settings) {
    it(`should derive ip/ips/host/protocol identically with trust proxy ${name}`, async () => {
      const build = buildApp((app) => {
        if (value !== undefined) app.set('trust proxy', value);
        app.get('/', reqInfo);
      });
      await compare(
        build,
        proxyHeaders.map((h) => get('/', h)),
      );
    });
  }

  it('should compute subdomains with different subdomain offsets', async () => {
    for (const offset of [0, 1, 2, 3]) {
      const build = buildApp((app) => {
        app.set('subdomain offset', offset);
        app.get('/', (req: Any, res: Any) => res.json(req.subdomains));
      });
      await compare(
        build,
        ['a.b.c.example.com', 'example.com', '127.0.0.1', '[::1]:8080', 'localhost', 'x.localhost:3000'].map((h) => get('/', { Host: h })),
      );
    }
  });

  it('should compute fresh/stale from conditional headers', async () => {
    const build = buildApp((app) => {
      app.get('/', (req: Any, res: Any) => {
        res.set('ETag', '"abc"');
        res.set('Last-Modified', 'Mon, 01 Jan 2024 00:00:00 GMT');
        res.json({ fresh: req.fresh, stale: req.stale });
      });
      app.post('/', (req: Any, res: Any) => {
        res.set('ETag', '"abc"');
        res.status(200).json({ fresh: req.fresh });
      });
    });
    await compare(build, [
      get('/', { 'If-None-Match': '"abc"' }),
      get('/', { 'If-None-Match': 'W/"abc"' }),
      get('/', { 'If-None-Match': '*' }),
      get('/', { 'If-None-Match': '"zzz", "abc"' }),
      get('/', { 'If-Modified-Since': 'Tue, 02 Jan 2024 00:00:00 GMT' }),
      get('/', { 'If-Modified-Since': 'garbage' }),
      get('/', { 'If-None-Match': '"abc"', 'Cache-Control': 'no-cache' }),
      { method: 'POST', path: '/', headers: { 'If-None-Match': '"abc"' } },
    ]);
  });

  it('should negotiate accepts/acceptsCharsets/Encodings/Languages and is() identically', async () => {
    const build = buildApp((app) => {
      app.all('/', (req: Any, res: Any) =>
        res.json({
          none: req.accepts(),
          one: req.accepts('html'),
          many: req.accepts(['json', 'text', 'image/png']),
          args: req.accepts('text/html', 'application/json'),
          cs: req.acceptsCharsets('utf-8', 'iso-8859-1'),
          csAll: req.acceptsCharsets(),
          enc: req.acceptsEncodings('gzip', 'br'),
          encAll: req.acceptsEncodings(),
          lang: req.acceptsLanguages('en', 'fr-CA'),
          langAll: req.acceptsLanguages(),
          is: req.is('json'),
          isMany: req.is(['text/*', 'urlencoded']),
          isNone: req.is(),
          get: req.get('referrer') ?? null,
          getCT: req.get('Content-Type') ?? null,
          header: req.header('X-Custom') ?? null,
        }),
      );
    });
    await compare(build, [
      get('/'),
      get('/', { Accept: 'application/json' }),
      get('/', { Accept: 'text/*;q=0.5, application/json;q=0.9' }),
      get('/', { Accept: 'image/*' }),
      get('/', { Accept: ';;;,,,q=bogus' }),
      get('/', { Accept: '*/*;q=0' }),
      get('/', { 'Accept-Charset': 'iso-8859-1;q=0.5, utf-8;q=0.1' }),
      get('/', { 'Accept-Encoding': 'br;q=1, gzip;q=1, *;q=0' }),
      get('/', { 'Accept-Language': 'fr-CA, en;q=0.8, *;q=0.1' }),
      get('/', { 'Accept-Language': 'de' }),
      get('/', { Referer: 'http://r.example/' }),
      get('/', { Referrer: 'http://r2.example/', 'X-Custom': 'c' }),
      { method: 'POST', path: '/', headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: '{}' },
      { method: 'POST', path: '/', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'a=1' },
      { method: 'POST', path: '/', headers: { 'Content-Type': 'text/plain' }, body: 'x' },
      { method: 'POST', path: '/', headers: { 'Content-Type': 'bogus' }, body: 'x' },
      { method: 'POST', path: '/', headers: { 'Content-Type': 'application/vnd.api+json' }, body: '{}' },
      { method: 'POST', path: '/', headers: { 'Transfer-Encoding': 'chunked' }, body: 'x' },
    ]);
  });

  it('should parse Range identically', async () => {
    const build = buildApp((app) => {
      app.get('/', (req: Any, res: Any) => {
        const show = (v: Any) => (Array.isArray(v) ? { type: (v as Any).type, ranges: [...v] } : (v ?? null));
        res.json({ r: show(req.range(1000)), c: show(req.range(1000, { combine: true })) });
      });
    });
    await compare(
      build,
      ['bytes=0-99', 'bytes=0-1,2-3,50-', 'bytes=-50', 'bytes=2000-', 'bytes=abc', 'items=0-5', 'bytes=5-1', 'bytes=0-0,0-0']
        .map((r) => get('/', { Range: r }))
        .concat([get('/')]),
    );
  });
});

describe('differential: query parser', () => {
  const queries = [
    '/?a=1&b=2',
    '/?a=1&a=2',
    '/?a[b]=c',
    '/?a[]=1&a[]=2',
    '/?a[0]=x&a[1]=y',
    '/?__proto__[x]=polluted',
    '/?__proto__=1',
    '/?constructor[prototype][x]=1',
    '/?a[__proto__][b]=1',
    '/?%=1&b=%zz',
    '/?a=%E0%A4%A',
    '/?a.b=c',
    '/?a=1;b=2',
    '/?a[b][c][d][e][f][g]=deep',
    '/?' + 'k=v&'.repeat(1500),
    '/?' + Array.from({ length: 30 }, (_, i) => `a[${i}]=${i}`).join('&'),
    '/?a[100]=x',
    '/?=x',
    '/?&&&',
    '/?a',
    '/?a=',
    '/?+plus+=+sp+ace',
    '/?a=%2B',
    '/?hasOwnProperty=1',
    '/?toString=x',
  ];
  for (const parser of [undefined, 'simple', 'extended', false, true, 'fn'] as const) {
    it(`should parse hostile query strings identically with query parser ${String(parser)}`, async () => {
      const build = buildApp((app) => {
        if (parser === 'fn') app.set('query parser', (qs: string) => ({ raw: qs, n: qs.length }));
        else if (parser !== undefined) app.set('query parser', parser);
        app.get('/', (req: Any, res: Any) => {
          const q = req.query;
          res.json({
            q,
            // with parsing disabled the prototype differs (defect, asserted in its own failing test below)
            proto: parser === false ? 'n/a' : Object.getPrototypeOf(q) === null ? 'null' : Object.getPrototypeOf(q) === Object.prototype ? 'object' : 'other',
            polluted: ({} as Any).x ?? null,
          });
        });
      });
      await compare(build, queries);
    });
  }

  // DEFECT: with `query parser` false, express 5 returns Object.create(null) for req.query;
  // webfw returns a plain `{}` (inherits Object.prototype: `'toString' in req.query` is true,
  // `req.query.constructor` is Object). packages/core/src/request/request.ts, the `query` getter
  // (`if (!parse) return {};`).
  it('should give a null-prototype req.query when the query parser is disabled', async () => {
    const build = buildApp((app) => {
      app.set('query parser', false);
      app.get('/', (req: Any, res: Any) => res.json({ nullProto: Object.getPrototypeOf(req.query) === null, toString: 'toString' in req.query }));
    });
    await compare(build, [get('/?toString=1')]);
  });

  it('should re-read the query after req.url is rewritten', async () => {
    const build = buildApp((app) => {
      app.use(rewriteUrlAfterReading('query', '/?rewritten=1'));
      app.get('/', (req: Any, res: Any) => res.json(req.query));
    });
    await compare(build, [get('/?orig=1')]);
  });
});

describe('differential: response settings', () => {
  it('should produce identical ETags for etag weak/strong/false/fn and answer 304 alike', async () => {
    for (const etag of [undefined, true, false, 'weak', 'strong', 'fn'] as const) {
      const build = buildApp((app) => {
        if (etag === 'fn') app.set('etag', (body: Buffer, enc: string) => `"${body.length}-${enc ?? 'none'}"`);
        else if (etag !== undefined) app.set('etag', etag);
        app.get('/s', (_q: Any, res: Any) => res.send('hello etag'));
        app.get('/b', (_q: Any, res: Any) => res.send(Buffer.from('buffer etag')));
        app.get('/j', (_q: Any, res: Any) => res.json({ a: 'é' }));
        app.get('/e', (_q: Any, res: Any) => res.send(''));
        app.get('/own', (_q: Any, res: Any) => res.set('ETag', '"mine"').send('x'));
      });
      const reqs: Req[] = [];
      for (const p of ['/s', '/b', '/j', '/e', '/own']) {
        reqs.push(get(p));
        reqs.push({ method: 'HEAD', path: p });
      }
      await compare(build, reqs);
      // conditional round trip using express's own ETag
      const pairs = await run(build, [get('/s')]);
      const tag = pairs[0].express.headers.etag;
      if (typeof tag === 'string') {
        await compare(build, [
          get('/s', { 'If-None-Match': tag }),
          get('/own', { 'If-None-Match': '"mine"' }),
          { method: 'HEAD', path: '/s', headers: { 'If-None-Match': tag } },
        ]);
      }
    }
  });

  it('should set ETags for every status and etag functions returning nothing identically', async () => {
    const build = buildApp((app, fw) => {
      app.get('/s/:code', (req: Any, res: Any) => res.status(Number(req.params.code)).send('body'));
      const sub = fw();
      sub.set('etag', () => undefined);
      sub.get('/', (_q: Any, res: Any) => res.send('no tag'));
      app.use('/none', sub);
      const big = fw();
      big.get('/', (_q: Any, res: Any) => res.send('x'.repeat(70000)));
      app.use('/big', big);
    });
    await compare(build, ['/s/200', '/s/201', '/s/404', '/s/500', '/s/302', '/none', '/big']);
  });

  it('should format JSON with json spaces/replacer/escape and inherit them in sub-apps', async () => {
    const build = buildApp((app, fw) => {
      app.set('json spaces', 2);
      app.set('json replacer', (k: string, v: unknown) => (k === 'secret' ? undefined : v));
      app.enable('json escape');
      const body = { a: '<script>&</script>', secret: 's', n: [1, 2], u: '\u2028' };
      app.get('/j', (_q: Any, res: Any) => res.json(body));
      app.get('/send', (_q: Any, res: Any) => res.send(body));
      app.get('/jp', (_q: Any, res: Any) => res.jsonp(body));
      const sub = fw();
      sub.get('/j', (_q: Any, res: Any) => res.json(body));
      app.use('/sub', sub);
      const sub2 = fw();
      sub2.set('json spaces', '\t');
      sub2.get('/j', (_q: Any, res: Any) => res.json(body));
      app.use('/sub2', sub2);
      const keys = fw();
      keys.set('json replacer', ['a']);
      keys.get('/j', (_q: Any, res: Any) => res.json(body));
      app.use('/keys', keys);
    });
    await compare(build, ['/j', '/send', '/jp?callback=cb', '/sub/j', '/sub2/j', '/keys/j']);
  });

  it('should disable and keep X-Powered-By and use the jsonp callback name setting', async () => {
    const build = buildApp((app, fw) => {
      app.set('jsonp callback name', 'cb');
      app.get('/', (_q: Any, res: Any) => res.jsonp({ ok: true }));
      const quiet = fw();
      quiet.disable('x-powered-by');
      quiet.get('/', (_q: Any, res: Any) => res.send('q'));
      app.use('/quiet', quiet);
    });
    await compare(build, ['/?cb=f', '/?callback=f', '/quiet']);
    const b2 = (fw: Framework) => {
      const app = fw();
      app.disable('x-powered-by');
      app.get('/', (_q: Any, res: Any) => res.send('none'));
      return app;
    };
    await compare(b2, [get('/'), get('/nope')]);
  });

  // Deliberate (docs/core-app.md): X-Powered-By says webfw.
  it('deliberate: X-Powered-By is "webfw" where express says "Express"', async () => {
    const [{ req }] = await run((fw: Framework) => fw(), [get('/')]);
    expect(req.path).toBe('/');
    const { frameworks, send } = await import('./support/differential');
    const apps = [frameworks.express(), frameworks.webfw()];
    const values: string[] = [];
    for (const app of apps) {
      const server = await new Promise<Any>((resolve) => {
        const s = app.listen(0, '127.0.0.1', () => resolve(s));
      });
      values.push(String((await send(server, get('/'))).headers['x-powered-by']));
      await new Promise((r) => server.close(r));
    }
    expect(values).toEqual(['Express', 'webfw']);
  });

  it('should give a new req.query object on every read, changes to one not seen by the next', async () => {
    const build = buildApp((app) => {
      app.use((req: Any, _s: Any, next: Any) => {
        req.query.a = 'changed';
        delete req.query.b;
        next();
      });
      app.get('/', (req: Any, res: Any) => res.json({ same: req.query === req.query, query: req.query }));
    });
    const pairs = await run(build, [get('/?a=1&b=2')]);
    expect(pairs[0].express.body).toBe('{"same":false,"query":{"a":"1","b":"2"}}');
    expect(pairs[0].webfw.body).toBe(pairs[0].express.body);
  });

  it('should hand a custom query parser the raw query, or null without one, on every read', async () => {
    const build = buildApp((app) => {
      const seen: unknown[] = [];
      app.set('query parser', (str: unknown) => {
        seen.push(str);
        return { raw: str };
      });
      app.get('/seen', (_q: Any, res: Any) => res.json(seen.splice(0)));
      app.get('*all', (req: Any, res: Any) => res.json([req.query, req.query.raw]));
    });
    const paths = ['/p', '/p?', '/p?x=1', '/p?x=1#frag', '/p#frag', 'http://h/p?y=2', '/p/%?z'];
    await compare(
      build,
      paths.flatMap((p) => [get(p), get('/seen')]),
      { stack: true },
    );
  });
});
