/**
 * Differential: res.send/json/jsonp/status/sendStatus/redirect/format/location/links/vary/
 * append/type and odd arguments to them, express 5 vs @webfw/core.
 */
import { buildApp, compare, get, comparisonCount, type Any, type Req } from './support/differential';

afterAll(() => {
  // every request in this file went to both frameworks and their answers were compared
  expect(comparisonCount()).toBeGreaterThan(0);
});

describe('differential: res.send / json / jsonp', () => {
  it('should send strings, buffers, objects, null, numbers, booleans and typed bodies identically', async () => {
    const build = buildApp((app) => {
      const bodies: Record<string, (res: Any) => void> = {
        str: (r) => r.send('<p>héllo</p>'),
        empty: (r) => r.send(''),
        buf: (r) => r.send(Buffer.from([0, 1, 2, 255])),
        emptybuf: (r) => r.send(Buffer.alloc(0)),
        obj: (r) => r.send({ a: 1, b: [true, null], c: 'é' }),
        arr: (r) => r.send([1, 'two']),
        nul: (r) => r.send(null),
        undef: (r) => r.send(undefined),
        num: (r) => r.send(42),
        zero: (r) => r.send(0),
        bool: (r) => r.send(false),
        typedStr: (r) => r.type('text/plain; charset=iso-8859-1').send('latin'),
        typedBuf: (r) => r.type('txt').send(Buffer.from('as text')),
        jsonStrTyped: (r) => r.set('Content-Type', 'application/json').send('{"raw":1}'),
        s204: (r) => r.status(204).set('Content-Type', 'text/plain').send('dropped'),
        s304: (r) => r.status(304).send('dropped'),
        s205: (r) => r.status(205).send('dropped'),
        jsonNull: (r) => r.json(null),
        jsonUndef: (r) => r.json(undefined),
        jsonStr: (r) => r.json('string'),
        jsonNum: (r) => r.json(3.5),
        jsonNaN: (r) => r.json(NaN),
        jsonDate: (r) => r.json({ d: new Date(0) }),
        jsonTyped: (r) => r.type('application/vnd.x+json').json({ a: 1 }),
        jsonU2028: (r) => r.json({ s: '\u2028\u2029' }),
        end: (r) => r.end('raw end'),
        status201: (r) => r.status(201).json({ created: true }),
        chained: (r) =>
          r
            .status(202)
            .set({ 'X-A': ['1', '2'], 'Cache-Control': 'no-store' })
            .send('chained'),
        sendTwice: (r) => {
          r.send('first');
          try {
            r.send('second');
          } catch {
            /* both throw ERR_HTTP_HEADERS_SENT */
          }
        },
      };
      for (const [name, fn] of Object.entries(bodies)) app.all(`/${name}`, (_q: Any, res: Any) => fn(res));
    });
    const names = [
      'str',
      'empty',
      'buf',
      'emptybuf',
      'obj',
      'arr',
      'nul',
      'undef',
      'num',
      'zero',
      'bool',
      'typedStr',
      'typedBuf',
      'jsonStrTyped',
      's204',
      's304',
      's205',
      'jsonNull',
      'jsonUndef',
      'jsonStr',
      'jsonNum',
      'jsonNaN',
      'jsonDate',
      'jsonTyped',
      'jsonU2028',
      'end',
      'status201',
      'chained',
      'sendTwice',
    ];
    const reqs: Req[] = [];
    for (const n of names) {
      reqs.push(get(`/${n}`));
      reqs.push({ method: 'HEAD', path: `/${n}` });
    }
    reqs.push({ method: 'POST', path: '/str', headers: { 'If-None-Match': '*' } });
    await compare(build, reqs);
  });

  it('should answer jsonp with hostile callbacks identically', async () => {
    const build = buildApp((app) => {
      app.get('/', (_q: Any, res: Any) => res.jsonp({ n: 1, s: '\u2028' }));
      app.get('/str', (_q: Any, res: Any) => res.jsonp('str'));
      app.get('/undef', (_q: Any, res: Any) => res.jsonp(undefined));
      app.get('/typed', (_q: Any, res: Any) => res.type('text/plain').jsonp({ a: 1 }));
    });
    await compare(build, [
      '/',
      '/?callback=cb',
      '/?callback=',
      '/?callback=alert(1)//',
      '/?callback=a.b[0]$_',
      '/?callback=%3Cscript%3E',
      '/?callback=cb&callback=other',
      '/?callback[a]=x',
      '/?callback=%E2%80%A8x',
      '/?callback=' + 'x'.repeat(3000),
      '/str?callback=f',
      '/undef?callback=f',
      '/typed?callback=f',
      '/typed',
      '/?callback=%00',
    ]);
  });

  it('should validate res.status and res.sendStatus identically', async () => {
    const build = buildApp((app) => {
      app.set('env', 'development');
      for (const code of ['200', '201', '204', '304', '418', '451', '599', '999']) app.get(`/ss/${code}`, (_q: Any, res: Any) => res.sendStatus(Number(code)));
      app.get('/st/:v', (req: Any, res: Any) => {
        const v = req.params.v;
        const arg = v === 'str' ? '200' : v === 'float' ? 200.5 : v === 'undef' ? undefined : v === 'nan' ? NaN : Number(v);
        res.status(arg).send('ok');
      });
      app.use((err: Any, _q: Any, res: Any, _n: Any) => res.status(500).json({ name: err.name, message: err.message }));
    });
    await compare(build, [
      ...['200', '201', '204', '304', '418', '451', '599', '999'].map((c) => get(`/ss/${c}`)),
      ...['str', 'float', 'undef', 'nan', '99', '1000', '0', '-1', '999'].map((v) => get(`/st/${v}`)),
      { method: 'HEAD', path: '/ss/418' },
    ]);
  });

  it('should store the same headers in the same calls of a setHeader that middleware put on the response, and keep or replace a set Content-Type alike', async () => {
    const build = buildApp((app) => {
      const bodies: Record<string, (res: Any) => void> = {
        json: (r) => r.json({ a: 1 }),
        jsonTyped: (r) => r.type('text/x-foo').json({ a: 1 }),
        jsonp: (r) => r.jsonp({ a: 1 }),
        num: (r) => r.send(12),
        str: (r) => r.send('hi'),
        strTyped: (r) => r.type('text/plain').send('hi'),
        buf: (r) => r.send(Buffer.from('x')),
        nul: (r) => r.send(null),
        rawNull: (r) => r.setHeader('Content-Type', 'text/plain').send(null),
        rawStr: (r) => r.setHeader('Content-Type', 'text/plain').send('x'),
        rawBuf: (r) => r.setHeader('Content-Type', 'text/plain').send(Buffer.from('x')),
        numberType: (r) => r.setHeader('Content-Type', 5).send('x'),
        numberTypeJson: (r) => r.setHeader('Content-Type', 5).json(1),
        listType: (r) => r.setHeader('Content-Type', ['text/a']).send('x'),
        emptyType: (r) => r.setHeader('Content-Type', '').send('x'),
        emptyTypeJson: (r) => r.setHeader('Content-Type', '').json(1),
      };
      let seen: string[] = [];
      app.get('/seen', (_req: Any, res: Any) => res.json(seen));
      app.get('/:body', (req: Any, res: Any) => {
        seen = [];
        const original = res.setHeader;
        res.setHeader = function hook(this: Any, name: string, value: unknown) {
          seen.push(`${name}: ${JSON.stringify(value)}`);
          return original.call(this, name, value);
        };
        bodies[req.params.body as string]!(res);
      });
    });
    const names = [
      'json',
      'jsonTyped',
      'jsonp',
      'num',
      'str',
      'strTyped',
      'buf',
      'nul',
      'rawNull',
      'rawStr',
      'rawBuf',
      'numberType',
      'numberTypeJson',
      'listType',
      'emptyType',
      'emptyTypeJson',
    ];
    await compare(
      build,
      names.flatMap((name) => [`/${name}`, '/seen']),
    );
  });
});

describe('differential: redirect, location, format', () => {
  it('should redirect identically (status, Location encoding, body per Accept, HEAD, back)', async () => {
    const build = buildApp((app) => {
      app.get('/r/plain', (_q: Any, res: Any) => res.redirect('/login'));
      app.get('/r/301', (_q: Any, res: Any) => res.redirect(301, 'https://example.com/new?x=1&y=<2>'));
      app.get('/r/unicode', (_q: Any, res: Any) => res.redirect('/ü/ä b?q=€'));
      app.get('/r/crlf', (_q: Any, res: Any) => res.redirect('/a\r\nSet-Cookie: x=1'));
      app.get('/r/back', (_q: Any, res: Any) => res.redirect('back'));
      app.get('/r/rel', (_q: Any, res: Any) => res.redirect('../up'));
      app.get('/r/proto', (_q: Any, res: Any) => res.redirect('//evil.example/'));
      app.get('/r/js', (_q: Any, res: Any) => res.redirect('javascript:alert(1)'));
      app.get('/r/pct', (_q: Any, res: Any) => res.redirect('/already%20encoded/%zz'));
      app.get('/r/html', (_q: Any, res: Any) => res.redirect('/"><script>alert(1)</script>'));
      app.get('/l/loc', (_q: Any, res: Any) => res.location('/x y?a=ü').send('loc'));
      app.get('/l/back', (_q: Any, res: Any) => res.location('back').send('back'));
    });
    const paths = ['/r/plain', '/r/301', '/r/unicode', '/r/crlf', '/r/back', '/r/rel', '/r/proto', '/r/js', '/r/pct', '/r/html', '/l/loc', '/l/back'];
    const reqs: Req[] = [];
    for (const p of paths) {
      reqs.push(get(p));
      reqs.push(get(p, { Accept: 'text/html' }));
      reqs.push(get(p, { Accept: 'application/json' }));
      reqs.push({ method: 'HEAD', path: p });
    }
    reqs.push(get('/r/back', { Referer: 'http://ref.example/page' }));
    reqs.push(get('/l/back', { Referrer: 'http://ref.example/page' }));
    await compare(build, reqs);
  });

  it('should negotiate res.format with default and 406 identically', async () => {
    const build = buildApp((app) => {
      app.set('env', 'development');
      app.get('/f', (_q: Any, res: Any) =>
        res.format({
          'text/plain': () => res.send('text'),
          html: () => res.send('<p>html</p>'),
          'application/json': () => res.json({ json: true }),
        }),
      );
      app.get('/d', (_q: Any, res: Any) => res.format({ json: () => res.json({ j: 1 }), default: () => res.status(406).send('custom default') }));
      app.get('/e', (_q: Any, res: Any) => res.format({}));
      app.use('/c', (_q: Any, res: Any, next: Any) => res.format({ xml: () => res.send('<x/>'), json: () => res.json([]) }) ?? next());
      app.use((err: Any, _q: Any, res: Any, _n: Any) => res.status(err.status ?? 500).json({ m: err.message, types: err.types }));
    });
    const accepts = [undefined, 'text/plain', 'text/html', 'application/json', 'image/png', 'text/*', '*/*;q=0.1, text/html', 'application/xml', 'bogus;;'];
    const reqs: Req[] = [];
    for (const p of ['/f', '/d', '/e', '/c']) for (const a of accepts) reqs.push(get(p, a ? { Accept: a } : undefined));
    await compare(build, reqs, { stack: true });
  });

  it('should set Link, Vary, appended headers and types identically', async () => {
    const build = buildApp((app) => {
      app.get('/links', (_q: Any, res: Any) => {
        res.links({ next: '/p?page=2', last: '/p?page=9' });
        res.links({ alternate: ['/a.json', '/a.xml'] });
        res.send('l');
      });
      app.get('/vary', (_q: Any, res: Any) => {
        res.vary('Accept');
        res.vary('accept');
        res.vary('Origin, Accept-Encoding');
        res.send('v');
      });
      app.get('/vary-star', (_q: Any, res: Any) => res.vary('*').vary('Accept').send('v'));
      app.get('/append', (_q: Any, res: Any) => {
        res.append('X-List', 'a');
        res.append('X-List', ['b', 'c']);
        res.append('Set-Cookie', 'a=1');
        res.cookie('b', '2');
        res.append('Set-Cookie', ['c=3']);
        res.send('appended');
      });
      app.get('/append-reset', (_q: Any, res: Any) => res.append('X-A', 'a').set('X-A', 'b').send('r'));
      const types = [
        'json',
        'html',
        '.txt',
        'png',
        'application/x-custom',
        'unknownext',
        'text/html; charset=iso-8859-1',
        'text/plain; charset=utf-8',
        'js',
        'image/svg+xml',
      ];
      types.forEach((t, i) => app.get(`/type/${i}`, (_q: Any, res: Any) => res.type(t).send('typed')));
      app.get('/ct-set', (_q: Any, res: Any) => res.set('content-type', 'text/csv').send('a,b'));
      app.get('/ct-arr', (_q: Any, res: Any, n: Any) => {
        try {
          res.set('Content-Type', ['a/b', 'c/d']);
        } catch (e) {
          return res.status(500).send((e as Error).message);
        }
        n();
      });
      app.get('/get', (_q: Any, res: Any) => res.set('X-Y', 'z').json({ got: res.get('x-y') ?? null, none: res.get('nope') ?? null }));
      app.get('/attach/:i', (req: Any, res: Any) => {
        const names = ['report.pdf', 'tête à tête.txt', 'a"b\\c.json', '../../etc/passwd', '', 'x\r\ny.html'];
        const n = names[Number(req.params.i)];
        if (n === '') res.attachment();
        else res.attachment(n);
        res.send('attached');
      });
    });
    await compare(build, [
      '/links',
      '/vary',
      '/vary-star',
      '/append',
      '/append-reset',
      ...Array.from({ length: 10 }, (_, i) => `/type/${i}`),
      '/ct-set',
      '/ct-arr',
      '/get',
      ...Array.from({ length: 6 }, (_, i) => `/attach/${i}`),
    ]);
  });
});

describe('differential: misuse of the response API', () => {
  it('should handle odd arguments to set/type/vary/location/redirect/json/send identically', async () => {
    const build = buildApp((app) => {
      app.set('env', 'development');
      const cases: Record<string, (req: Any, res: Any) => void> = {
        'set-ct-ext': (_q, r) => r.set('Content-Type', 'json').send('x'),
        'set-ct-bogus': (_q, r) => r.set('Content-Type', 'bogus').send('x'),
        'set-number': (_q, r) => r.set('X-N', 5).send('x'),
        'set-obj-ct': (_q, r) => r.set({ 'Content-Type': 'text/plain', 'X-B': true }).send('x'),
        'type-empty': (_q, r) => r.type('').send('x'),
        'vary-none': (_q, r) => r.vary().send('x'),
        'vary-arr': (_q, r) => r.vary(['A', 'B']).send('x'),
        'location-undef': (_q, r) => r.location(undefined).send('x'),
        'redirect-none': (_q, r) => r.redirect(),
        'redirect-status-last': (_q, r) => r.redirect('/x', 301),
        'redirect-str-status': (_q, r) => r.redirect('301', '/x'),
        'json-two-args': (_q, r) => r.json(201, { a: 1 }),
        'send-two-args': (_q, r) => r.send(201, 'x'),
        'sendStatus-str': (_q, r) => r.sendStatus('200'),
        'get-none': (req, r) => r.send(String(req.get())),
        'get-num': (req, r) => r.send(String(req.get(1))),
        'sendFile-num': (_q, r) => r.sendFile(5),
        'sendFile-none': (_q, r) => r.sendFile(),
        'cookie-none': (_q, r) => r.cookie().send('x'),
        'format-charset': (_q, r) => r.format({ 'text/plain; charset=iso-8859-1': () => r.send('latin') }),
        'links-empty': (_q, r) => r.links({}).send('x'),
        'attachment-ext': (_q, r) => r.attachment('x.unknownext').send('x'),
        'append-undef': (_q, r) => r.append('X-U', undefined).send('x'),
        'status-then-sendStatus': (_q, r) => r.status(500).sendStatus(204),
        'json-headers-sent': (_q, r) => {
          r.write('partial');
          r.json({ late: true });
        },
      };
      for (const [name, fn] of Object.entries(cases)) {
        app.get(`/m/${name}`, (req: Any, res: Any) => {
          try {
            fn(req, res);
          } catch (e) {
            if (!res.headersSent) res.status(500).json({ name: (e as Error).name, message: (e as Error).message, code: (e as Any).code ?? null });
            else res.end();
          }
        });
      }
      app.use((err: Any, _q: Any, res: Any, _n: Any) => res.status(599).json({ via: 'next', name: err.name, message: err.message }));
    });
    const names = [
      'set-ct-ext',
      'set-ct-bogus',
      'set-number',
      'set-obj-ct',
      'type-empty',
      'vary-none',
      'vary-arr',
      'location-undef',
      'redirect-none',
      'redirect-status-last',
      'redirect-str-status',
      'json-two-args',
      'send-two-args',
      'sendStatus-str',
      'get-none',
      'get-num',
      'sendFile-num',
      'sendFile-none',
      'cookie-none',
      'format-charset',
      'links-empty',
      'attachment-ext',
      'append-undef',
      'status-then-sendStatus',
      'json-headers-sent',
    ];
    // Both frameworks deprecate res.redirect's odd arguments through depd: a line on stderr,
    // `<date> express deprecated <message> at <call site>`, once per call site. Each request goes
    // to express first, then to webfw, so each line comes twice. Captured, not printed.
    const depdLines: string[] = [];
    const writeStderr = process.stderr.write.bind(process.stderr) as (...args: Any[]) => boolean;
    const stderrSpy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: Any, ...rest: Any[]) => {
      if (!/ express deprecated /.test(String(chunk))) return writeStderr(chunk, ...rest);
      depdLines.push(String(chunk));
      return true;
    });
    try {
      await compare(
        build,
        names.map((n) => get(`/m/${n}`)),
      );
    } finally {
      stderrSpy.mockRestore();
    }
    const messages = depdLines.map((line) => / express deprecated (.+?) at (.+)$/s.exec(line)?.slice(1).join(' at '));
    const expected = ['Provide a url argument', 'Url must be a string', 'Url must be a string', 'Status must be a number', 'Status must be a number'];
    expect(messages.map((m) => m?.replace(/ at .*/s, '')).sort()).toEqual(expected.flatMap((m) => [m, m]).sort());
    // every line (message and call site, the test's handler line) printed by both, once each
    const counts = new Map<string | undefined, number>();
    for (const m of messages) counts.set(m, (counts.get(m) ?? 0) + 1);
    expect([...counts.values()]).toEqual(expected.map(() => 2).slice(0, counts.size));
    expect(counts.size).toBe(expected.length);
    expect(messages[0]).toMatch(/express\.differential\.response\.test\.ts:\d+:\d+/);
  });
});
