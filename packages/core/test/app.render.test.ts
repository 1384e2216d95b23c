import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import webfw, { View } from '@webfw/core';
import type { Application, EngineFunction } from '@webfw/core';

const VIEWS = join(__dirname, 'fixtures', 'views');
const VIEWS2 = join(__dirname, 'fixtures', 'views2');

/** A tiny engine: replaces `{{key}}` with the option of that name. */
const tmpl: EngineFunction = (path, options, callback) => {
  const locals = options as Record<string, unknown>;
  try {
    const text = readFileSync(path, 'utf8');
    callback(
      null,
      text.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(locals[key])),
    );
  } catch (err) {
    callback(err);
  }
};

function render(app: Application, name: string, options?: object): Promise<string> {
  return new Promise((resolve, reject) => {
    const cb = (err: Error | null, html?: string) => (err ? reject(err) : resolve(html as string));
    if (options) app.render(name, options, cb);
    else app.render(name, cb);
  });
}

function tmplApp(): Application {
  const app = webfw();
  app.engine('tmpl', tmpl);
  app.set('views', VIEWS);
  return app;
}

describe('app.engine()', () => {
  it('should register an engine with or without the dot and return the app', () => {
    const app = webfw();
    expect(app.engine('tmpl', tmpl)).toBe(app);
    app.engine('.other', tmpl);
    expect(app.engines['.tmpl']).toBe(tmpl);
    expect(app.engines['.other']).toBe(tmpl);
  });

  it('should throw when the engine is not a function', () => {
    expect(() => webfw().engine('x', 'nope' as unknown as EngineFunction)).toThrow(new Error('callback function required'));
  });

  it('should map another extension to an existing engine', async () => {
    const app = webfw();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    app.engine('html', (require('ejs') as { renderFile: EngineFunction }).renderFile);
    app.set('views', VIEWS);
    expect(await render(app, 'page.html', { name: 'mapped' })).toBe('<i>mapped</i>');
  });
});

describe('app.render()', () => {
  it('should render a view with locals', async () => {
    expect(await render(tmplApp(), 'user.tmpl', { name: 'tobi', where: 'opts' })).toBe('Hello tobi from opts');
  });

  it('should use the view engine setting when the name has no extension', async () => {
    const app = tmplApp();
    app.set('view engine', 'tmpl');
    expect(await render(app, 'user', { name: 'a', where: 'b' })).toBe('Hello a from b');
    app.set('view engine', '.tmpl');
    expect(await render(app, 'user', { name: 'c', where: 'd' })).toBe('Hello c from d');
  });

  it('should merge app.locals, then _locals, then options', async () => {
    const app = tmplApp();
    app.locals.name = 'app';
    app.locals.where = 'app';
    expect(await render(app, 'user.tmpl')).toBe('Hello app from app');
    expect(await render(app, 'user.tmpl', { _locals: { name: 'res', where: 'res' }, where: 'opts' })).toBe('Hello res from opts');
  });

  it('should render <dir>/index.<ext> for a directory name', async () => {
    expect(await render(tmplApp(), 'blog.tmpl', { name: 'x' })).toBe('blog index x');
  });

  it('should accept an absolute path', async () => {
    expect(await render(tmplApp(), join(VIEWS, 'user.tmpl'), { name: 'abs', where: 'path' })).toBe('Hello abs from path');
  });

  it('should search an array of views directories in order', async () => {
    const app = tmplApp();
    app.set('views', [VIEWS, VIEWS2]);
    expect(await render(app, 'both.tmpl')).toBe('first root');
    expect(await render(app, 'second.tmpl', { name: 'n' })).toBe('only second n');
  });

  it('should name the directory searched when a view is missing', async () => {
    await expect(render(tmplApp(), 'missing.tmpl')).rejects.toThrow(`Failed to lookup view "missing.tmpl" in views directory "${VIEWS}"`);
  });

  it('should name every directory searched when a view is missing', async () => {
    const app = tmplApp();
    app.set('views', [VIEWS, VIEWS2, '/nowhere']);
    const err = await render(app, 'missing.tmpl').catch((e: Error & { view?: unknown }) => e);
    expect((err as Error).message).toBe(`Failed to lookup view "missing.tmpl" in views directories "${VIEWS}", "${VIEWS2}" or "/nowhere"`);
    expect((err as { view?: unknown }).view).toBeInstanceOf(View);
  });

  it('should throw without extension or view engine', () => {
    expect(() => tmplApp().render('user', () => undefined)).toThrow(new Error('No default engine was specified and no extension was provided.'));
  });

  it('should pass an error the engine calls back with', async () => {
    const app = tmplApp();
    app.engine('bad', (_p, _o, cb) => cb(new Error('engine failed')));
    writeFileSync(join(tmp, 'x.bad'), '');
    app.set('views', tmp);
    await expect(render(app, 'x.bad')).rejects.toThrow('engine failed');
  });

  it('should pass an error the engine throws', async () => {
    const app = tmplApp();
    app.engine('bad', () => {
      throw new Error('engine threw');
    });
    writeFileSync(join(tmp, 'x.bad'), '');
    app.set('views', tmp);
    await expect(render(app, 'x.bad')).rejects.toThrow('engine threw');
  });

  it('should call back asynchronously even when the engine is synchronous', () => {
    const app = tmplApp();
    let called = false;
    app.render('user.tmpl', { name: 'a', where: 'b' }, () => {
      called = true;
    });
    expect(called).toBe(false);
  });

  describe('view cache', () => {
    function cacheFixture(): { app: Application; file: string } {
      const dir = mkdtempSync(join(tmp, 'cache-'));
      const file = join(dir, 'c.tmpl');
      writeFileSync(file, 'cached {{name}}');
      const app = webfw();
      app.engine('tmpl', tmpl);
      app.set('views', dir);
      return { app, file };
    }

    it('should look the view up again every time without cache', async () => {
      const { app, file } = cacheFixture();
      expect(await render(app, 'c.tmpl', { name: 1 })).toBe('cached 1');
      rmSync(file);
      await expect(render(app, 'c.tmpl')).rejects.toThrow('Failed to lookup view "c.tmpl"');
    });

    it('should reuse the resolved view with the view cache setting', async () => {
      const { app, file } = cacheFixture();
      app.enable('view cache');
      expect(await render(app, 'c.tmpl', { name: 1 })).toBe('cached 1');
      expect(app.cache['c.tmpl']).toBeInstanceOf(View);
      writeFileSync(file.replace('c.tmpl', 'other'), '');
      rmSync(file);
      const err = await render(app, 'c.tmpl').catch((e: NodeJS.ErrnoException) => e);
      expect((err as NodeJS.ErrnoException).code).toBe('ENOENT');
    });

    it('should reuse the resolved view with the cache local', async () => {
      const { app } = cacheFixture();
      await render(app, 'c.tmpl', { name: 1, cache: true });
      expect(Object.keys(app.cache)).toEqual(['c.tmpl']);
      await render(app, 'c.tmpl', { name: 1, cache: false });
      expect(Object.keys(app.cache)).toEqual(['c.tmpl']);
    });

    it('should cache views in production by default', () => {
      const saved = process.env.NODE_ENV;
      process.env.NODE_ENV = 'production';
      try {
        expect(webfw().enabled('view cache')).toBe(true);
      } finally {
        process.env.NODE_ENV = saved;
      }
    });
  });

  describe('engines loaded by extension', () => {
    it('should load ejs through its __express entry', async () => {
      const app = webfw();
      app.set('views', VIEWS);
      expect(await render(app, 'hello.ejs', { name: '<b>' })).toBe('<p>&lt;b&gt;</p>');
      expect(typeof app.engines['.ejs']).toBe('function');
    });

    it('should prefer a module __webfw entry over __express', async () => {
      const app = webfw();
      app.set('views', join(tmp, 'views'));
      expect(await render(app, 'a.dual', { name: 'n' })).toBe('webfw entry n');
    });

    it('should use __webfw when a module has only that entry', async () => {
      const app = webfw();
      app.set('views', join(tmp, 'views'));
      expect(await render(app, 'a.wfonly', { name: 'n' })).toBe('wfonly n');
    });

    it('should throw for a module without engine entry', () => {
      const app = webfw();
      app.set('views', join(tmp, 'views'));
      expect(() => app.render('a.noentry', () => undefined)).toThrow(new Error('Module "noentry" does not provide a view engine.'));
    });

    it('should cache the loaded engine by extension', async () => {
      const app = webfw();
      app.set('views', join(tmp, 'views'));
      await render(app, 'a.dual', { name: 1 });
      const engine = app.engines['.dual'];
      await render(app, 'a.dual', { name: 2 });
      expect(app.engines['.dual']).toBe(engine);
    });
  });

  describe('through res.render over HTTP', () => {
    it('should send the rendered view with res.locals', async () => {
      const app = tmplApp();
      app.locals.where = 'app';
      app.get('/', (_req, res) => {
        res.locals.name = 'resLocal';
        res.render('user.tmpl');
      });
      const res = await request(app).get('/');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.text).toBe('Hello resLocal from app');
    });

    it('should answer 500 with the lookup error for a missing view', async () => {
      const app = tmplApp();
      app.get('/', (_req, res) => {
        res.render('nope.tmpl');
      });
      const res = await request(app).get('/');
      expect(res.status).toBe(500);
      expect(res.text).toContain(`Error: Failed to lookup view &quot;nope.tmpl&quot; in views directory &quot;${VIEWS}&quot;`);
    });
  });
});

let tmp: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'webfw-views-'));
  const modules = join(tmp, 'node_modules');
  const engines: Record<string, string> = {
    dual: "exports.__webfw = (p, o, cb) => cb(null, 'webfw entry ' + o.name); exports.__express = (p, o, cb) => cb(null, 'express entry');",
    wfonly: "exports.__webfw = (p, o, cb) => cb(null, 'wfonly ' + o.name);",
    noentry: 'exports.render = () => {};',
  };
  mkdirSync(join(tmp, 'views'));
  for (const [name, source] of Object.entries(engines)) {
    mkdirSync(join(modules, name), { recursive: true });
    writeFileSync(join(modules, name, 'index.js'), source);
    writeFileSync(join(tmp, 'views', `a.${name}`), '');
  }
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});
