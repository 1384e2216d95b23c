/**
 * 4.x application API: `app.param(fn)` customisers and `app.param(':name')` (deprecated; express
 * 4's router warns from inside express, so each warning comes once per process through
 * `app.param`), the error for a
 * callback that is not a function, `app.del` (deprecated alias of `app.delete`), `app.router`
 * throwing, and `app._router` made lazily with the `query` and `expressInit` layers.
 */
import { buildApp, expect4, express4, warningsOf, webfwV4, type App, type Framework } from './support/v4';

/** A customiser as express 4's docs show it: `app.param('id', /^\d+$/)` validates the value. */
function regexpParams(app: App): void {
  app.param((name: string, fn: unknown) => {
    if (!(fn instanceof RegExp)) return undefined;
    return (req: App, _res: App, next: (err?: unknown) => void, val: string) => {
      if (fn.test(String(val))) {
        req.params[name] = val;
        next();
      } else {
        next('route');
      }
    };
  });
}

describe('v4 deprecated application API', () => {
  it('warns once per call site inside express (so once per process through app.param), with express 4 messages (first in this file)', () => {
    const run = (fw: Framework): string[] =>
      warningsOf(() => {
        const a = fw();
        regexpParams(a);
        regexpParams(a);
        a.param(':x', (_req: App, _res: App, next: () => void) => next());
        a.param(':y', (_req: App, _res: App, next: () => void) => next());
        fw().param(':z', (_req: App, _res: App, next: () => void) => next());
      });
    // the first run of each framework warns once per form, later runs never
    const expected = ['express: router.param(fn): Refactor to use path params', 'express: router.param(":x", fn): Use router.param("x", fn) instead'];
    expect(run(webfwV4)).toEqual(expected);
    expect(run(express4)).toEqual(expected);
    expect(run(webfwV4)).toEqual([]);
    expect(run(express4)).toEqual([]);
  });

  it('app.param(fn) customises later app.param calls, with a leading colon allowed', async () => {
    await expect4(
      buildApp((app) => {
        regexpParams(app);
        app.param('id', /^\d+$/);
        app.param(':slug', (req: App, _res: App, next: () => void, v: string) => {
          req.slug = v.toUpperCase();
          next();
        });
        app.get('/user/:id', (req: App, res: App) => res.send(`user ${String(req.params.id)}`));
        app.get('/user/:x', (_req: App, res: App) => res.send('not a number'));
        app.get('/post/:slug', (req: App, res: App) => res.send(`post ${String(req.slug)}`));
      }),
      [
        ['/user/12', { status: 200, body: 'user 12' }],
        ['/user/ab', { status: 200, body: 'not a number' }],
        ['/post/hi', { status: 200, body: 'post HI' }],
      ],
    );
  });

  it('throws for a callback that is not a function after the customisers', () => {
    const thrown = (fw: Framework): string => {
      try {
        fw().param('id', 'nope');
        return 'no error';
      } catch (err) {
        return `${(err as Error).constructor.name}: ${(err as Error).message}`;
      }
    };
    expect(thrown(webfwV4)).toBe(thrown(express4));
    expect(thrown(webfwV4)).toBe('Error: invalid param() call for id, got nope');
  });

  it('app.del routes DELETE, deprecated once per call site', async () => {
    const build = (fw: Framework): App => {
      const app = fw();
      warningsOf(() => app.del('/x', (_req: App, res: App) => res.send('deleted')));
      return app;
    };
    await expect4(build, [
      [
        { method: 'DELETE', path: '/x' },
        { status: 200, body: 'deleted' },
      ],
      ['/x', { status: 404 }],
    ]);
    const sites = (fw: Framework): string[] =>
      warningsOf(() => {
        const app = fw();
        for (let i = 0; i < 2; i++) app.del('/a', () => undefined);
        app.del('/b', () => undefined);
      });
    const ours = sites(webfwV4);
    expect(ours).toEqual(sites(express4));
    expect(ours).toEqual(['express: app.del: Use app.delete instead', 'express: app.del: Use app.delete instead']);
  });

  it('app.router throws; app._router is made on first use with the built-in layers', () => {
    const look = (fw: Framework): unknown[] => {
      const app = fw();
      let message = '';
      try {
        void app.router;
      } catch (err) {
        message = (err as Error).message;
      }
      const before = app._router;
      app.set('case sensitive routing', true);
      app.get('/A', () => undefined);
      const router = app._router as { stack: Array<{ name: string }>; caseSensitive?: boolean };
      // the route layer's name is the router's (router 1.x: `handle`, express 4's own: `bound dispatch`)
      return [message, before, router.stack.map((l) => l.name).slice(0, 2), router.stack.length, Object.keys(app).includes('router'), typeof app.lazyrouter];
    };
    expect(look(webfwV4)).toEqual(look(express4));
    expect(look(webfwV4)).toEqual([
      "'app.router' is deprecated!\nPlease see the 3.x to 4.x migration guide for details on how to update your app.",
      undefined,
      ['query', 'expressInit'],
      3,
      false,
      'function',
    ]);
  });

  it('reads the routing settings when the router is made', async () => {
    await expect4(
      buildApp((app) => {
        app.get('/Path', (_req: App, res: App) => res.send('matched'));
        app.enable('case sensitive routing');
        app.enable('strict routing');
      }),
      [
        ['/path', { status: 200, body: 'matched' }],
        ['/Path/', { status: 200, body: 'matched' }],
      ],
    );
  });
});
