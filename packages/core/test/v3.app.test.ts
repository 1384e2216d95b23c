/**
 * 3.x application interfaces: `app.configure` (deprecated as in express 3.21), the 3.x setting
 * defaults per environment, callable `app.locals`/`res.locals`, `app.param` customisers (not
 * deprecated in 3.x) and `webfw.logger()`. Each is compared with express 3.21 over HTTP and
 * checked against the exact answer.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, expect3, express3, fallback, webfwV3, warningsOf, withNodeEnv, type App, type Framework } from './support/v3';

const CONFIGURE_WARNING = "express: app.configure: Check app.get('env') in an if statement";

/** An app whose configure callbacks record which ran, answering `/ran` with the list. */
function configured(fw: Framework): App {
  const app = fw();
  const ran: string[] = [];
  const returned = app.configure(function (this: App) {
    ran.push(this === app ? 'all (this is the app)' : 'all');
  });
  app.configure('test', () => ran.push('test'));
  app.configure('development', 'test', () => ran.push('development or test'));
  app.configure('production', () => ran.push('production'));
  app.get('/ran', (_req: App, res: App) => res.send(`${ran.join(', ')}; returns the app: ${String(returned === app)}`));
  return app;
}

describe('v3 app.configure', () => {
  it('runs the callbacks for the current env (or every env), with the app as this, and returns the app', async () => {
    const build = (fw: Framework): App => {
      let app: App;
      warningsOf(() => (app = configured(fw)));
      return app;
    };
    await expect3(build, [['/ran', { status: 200, body: 'all (this is the app), test, development or test; returns the app: true' }]]);
  });

  it('warns as express 3.21 does, once per call site', () => {
    const configureTwice = (fw: Framework): string[] =>
      warningsOf(() => {
        for (let i = 0; i < 2; i++) fw().configure(() => undefined);
      });
    expect(configureTwice(express3)).toEqual([CONFIGURE_WARNING]);
    expect(configureTwice(webfwV3)).toEqual([CONFIGURE_WARNING]);
  });
});

describe('v3 setting defaults', () => {
  const settingsIn = (fw: Framework, env: string | undefined): unknown =>
    withNodeEnv(env, () => {
      const app = fw();
      return { env: app.get('env'), jsonSpaces: app.get('json spaces'), viewCache: app.get('view cache'), trustProxy: app.get('trust proxy') };
    });

  it.each([
    ['development', { env: 'development', jsonSpaces: 2, viewCache: undefined, trustProxy: false }],
    [undefined, { env: 'development', jsonSpaces: 2, viewCache: undefined, trustProxy: false }],
    ['test', { env: 'test', jsonSpaces: undefined, viewCache: undefined, trustProxy: false }],
  ])('NODE_ENV=%s: as express 3', (env, expected) => {
    expect(settingsIn(webfwV3, env)).toEqual(expected);
    expect(settingsIn(express3, env)).toEqual(expected);
  });

  it('production: view cache on and, as the 3.x settings table says, json spaces 0 (express 3 leaves it unset)', () => {
    expect(settingsIn(webfwV3, 'production')).toEqual({ env: 'production', jsonSpaces: 0, viewCache: true, trustProxy: false });
    expect(settingsIn(express3, 'production')).toEqual({ env: 'production', jsonSpaces: undefined, viewCache: true, trustProxy: false });
  });

  it('json replacer is null, as the 3.x settings table says (express 3 leaves it unset; JSON.stringify treats both alike)', () => {
    expect(webfwV3().get('json replacer')).toBeNull();
    expect(express3().get('json replacer')).toBeUndefined();
  });

  it('views, jsonp callback name and the routing settings are the 4.x defaults, as in express 3', () => {
    for (const fw of [webfwV3, express3]) {
      const app = fw();
      expect([app.get('views'), app.get('jsonp callback name'), app.get('case sensitive routing'), app.get('strict routing')]).toEqual([
        `${process.cwd()}/views`,
        'callback',
        undefined,
        undefined,
      ]);
    }
  });

  it('res.json indents with 2 spaces in development', async () => {
    await withNodeEnv('development', () =>
      expect3(
        buildApp((app) => app.get('/', (_req: App, res: App) => res.json({ a: [1] }))),
        [['/', { status: 200, body: '{\n  "a": [\n    1\n  ]\n}', headers: { 'content-type': 'application/json; charset=utf-8' } }]],
      ),
    );
  });
});

/** A view engine rendering `<name>: ` and the locals it was given, as JSON. */
function localsEngine(path: string, options: Record<string, unknown>, callback: (err: Error | null, out?: string) => void): void {
  const { settings, _locals: _l, cache: _c, ...rest } = options;
  callback(null, `${path.split('/').pop()}: ${JSON.stringify(rest)} settings:${String(settings !== undefined)}`);
}

describe('v3 app.locals and res.locals', () => {
  const views = mkdtempSync(join(tmpdir(), 'webfw-v3-views-'));
  writeFileSync(join(views, 'index.tpl'), '');

  it('app.locals is a function: calling it merges an object in and returns that object; settings is app.settings', () => {
    for (const fw of [webfwV3, express3]) {
      const app = fw();
      const values = { title: 'Blog', owner: 'tj' };
      expect([typeof app.locals, app.locals(values) === values, app.locals.title, app.locals.owner, app.locals.settings === app.settings]).toEqual([
        'function',
        true,
        'Blog',
        'tj',
        true,
      ]);
      expect(Object.keys(app.locals)).toEqual(['settings', 'title', 'owner']);
    }
  });

  it('a __proto__ key is merged as a plain value, without touching prototypes', () => {
    const app = webfwV3();
    app.locals(JSON.parse('{"__proto__": {"polluted": true}, "ok": 1}'));
    expect([Object.getPrototypeOf(app.locals) === Function.prototype, (app.locals as App).polluted, app.locals.ok, ({} as App).polluted]).toEqual([
      true,
      undefined,
      1,
      undefined,
    ]);
  });

  it('renders with both, res.locals(obj) merging per request', async () => {
    await expect3(
      buildApp((app) => {
        app.engine('tpl', localsEngine);
        app.set('views', views);
        app.set('view engine', 'tpl');
        app.locals({ site: 'blog' });
        app.get('/', (_req: App, res: App) => {
          res.locals({ user: 'tobi' });
          res.render('index', { page: 1 });
        });
        app.get('/kind', (_req: App, res: App) => res.send(typeof res.locals));
      }),
      [
        ['/', { status: 200, body: 'index.tpl: {"site":"blog","user":"tobi","page":1} settings:true' }],
        ['/kind', { status: 200, body: 'function' }],
      ],
    );
  });
});

/** A customiser as express 3's docs show it: `app.param('id', /^\d+$/)` validates and stores the match. */
function regexpParams(app: App): void {
  app.param((name: string, fn: unknown) => {
    if (!(fn instanceof RegExp)) return undefined;
    return (req: App, _res: App, next: (err?: unknown) => void, val: string) => {
      const captures = fn.exec(String(val));
      if (captures) {
        req.params[name] = captures[1] ?? captures[0];
        next();
      } else {
        next('route');
      }
    };
  });
}

describe('v3 app.param', () => {
  it('customisers turn a RegExp into a validating callback, with no deprecation warning', async () => {
    await expect3(
      buildApp((app) => {
        regexpParams(app);
        app.param('id', /^(\d+)$/);
        app.param(':range', /^(\d+)-\d+$/);
        app.get('/user/:id', (req: App, res: App) => res.send(`user ${String(req.params.id)}`));
        app.get('/user/:id', (_req: App, res: App) => res.send('never'));
        app.get('/user/:name', (req: App, res: App) => res.send(`name ${String(req.params.name)}`));
        app.get('/pages/:range', (req: App, res: App) => res.send(`from ${String(req.params.range)}`));
        app.use(fallback);
      }),
      [
        ['/user/42', { status: 200, body: 'user 42', warnings: [] }],
        ['/user/tobi', { status: 200, body: 'name tobi', warnings: [] }],
        ['/pages/3-9', { status: 200, body: 'from 3', warnings: [] }],
        ['/pages/x', { status: 404, body: 'none', warnings: [] }],
      ],
      { deprecations: true },
    );
  });

  it('several callbacks for one name, and an array of names', async () => {
    await expect3(
      buildApp((app) => {
        const tag =
          (label: string) =>
          (req: App, _res: App, next: () => void, value: string, name: string): void => {
            req.seen = `${String(req.seen ?? '')}${label}(${name}=${value})`;
            next();
          };
        app.param('a', tag('one'), tag('two'));
        app.param(['b', ':c'], tag('three'));
        app.get('/:a/:b/:c', (req: App, res: App) => res.send(String(req.seen)));
      }),
      [['/x/y/z', { status: 200, body: 'one(a=x)two(a=x)three(b=y)three(c=z)' }]],
    );
  });

  it('throws for a callback no customiser made a function, as express 3', () => {
    for (const fw of [webfwV3, express3]) expect(() => fw().param('id', /x/)).toThrow(new Error('invalid param() call for id, got /x/'));
  });
});

describe('v3 webfw.logger()', () => {
  /** Logs `/hi` with the logger `make` returns, then answers `/lines` with what it wrote (dates and times masked). */
  function loggedLines(make: (fw: Framework, stream: { write(line: string): void }) => unknown, lines: string): Promise<void> {
    return expect3(
      (fw: Framework) => {
        const app = fw();
        const written: string[] = [];
        app.use(make(fw, { write: (line: string) => void written.push(line) }));
        app.get('/hi', (_req: App, res: App) => res.send('hi'));
        app.get('/lines', (_req: App, res: App) => res.send(written.map((l) => l.replace(/\[[^\]]+\]/, '[DATE]').replace(/\d+\.\d+ ms/, 'T ms')).join('')));
        return app;
      },
      [
        [
          { path: '/hi', headers: { 'user-agent': 'ua', referer: 'http://ref/' } },
          { status: 200, body: 'hi', warnings: [] },
        ],
        ['/lines', { status: 200, body: lines }],
      ],
      { deprecations: true },
    );
  }

  it.each([
    [
      'no format: combined, with no warning',
      (fw: Framework, stream: object) => fw.logger({ stream }),
      '127.0.0.1 - - [DATE] "GET /hi HTTP/1.1" 200 2 "http://ref/" "ua"\n',
    ],
    ['an options object naming a format string', (fw: Framework, stream: object) => fw.logger({ format: ':method :url :status', stream }), 'GET /hi 200\n'],
    ['tiny, named in the options', (fw: Framework, stream: object) => fw.logger({ format: 'tiny', stream }), 'GET /hi 200 2 - T ms\n'],
    ['immediate', (fw: Framework, stream: object) => fw.logger({ format: ':method :url', immediate: true, stream }), 'GET /hi\nGET /lines\n'],
  ])('%s', async (_name, make, lines) => {
    await loggedLines(make, lines);
  });

  it('carries morgan’s token, format and compile, and default is the combined format', () => {
    for (const fw of [webfwV3, express3]) {
      expect([typeof fw.logger.token, typeof fw.logger.format, typeof fw.logger.compile, fw.logger.default]).toEqual([
        'function',
        'function',
        'function',
        fw.logger.combined,
      ]);
    }
  });
});
