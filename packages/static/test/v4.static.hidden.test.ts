/**
 * The legacy `hidden` option of serve-static 1.x (a send 0.19 option it passes through): with
 * `dotfiles` not set, `true` serves dotfiles and `false` ignores them; either way send prints
 * its depd warning (namespace `send`) when the first such request is served, once per call
 * site, and nothing when the middleware is created. Compared with serve-static 1.x.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import serveStatic from '@webfw/static/v4';
import { expectSameAsV1, serve, serveStaticV1, raw, useFixture, type TestServer } from './support/helpers';

/** A depd warning as the `deprecation` event reports it, with the file of the frame that caused it. */
interface Warning {
  namespace: string;
  message: string;
  file: string;
}

const warnings: Warning[] = [];
function onDeprecation(err: Error & { namespace: string }): void {
  const frame = (err.stack ?? '').split('\n')[1] ?? '';
  const file = /([^/\\(]+\/[^/\\(]+\.[jt]s):\d+:\d+\)?$/.exec(frame)?.[1] ?? frame;
  warnings.push({ namespace: err.namespace, message: err.message, file });
}
beforeAll(() => {
  process.on('deprecation', onDeprecation);
});
afterAll(() => {
  process.off('deprecation', onDeprecation);
});

const fx = useFixture({ '.env': 'SECRET=1', '.well-known/security.txt': 'contact: me', 'visible.txt': 'visible' });

type Factory = (root: string, options?: object) => (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The warnings caused by each request for `paths` to a middleware made with `options`. */
async function warningsOf(factory: Factory, options: object, paths: string[]): Promise<Warning[][]> {
  const t: TestServer = await serve(factory(fx.root, options));
  const each: Warning[][] = [];
  try {
    for (const path of paths) {
      const start = warnings.length;
      await raw(t.server, 'GET', path);
      each.push(warnings.slice(start));
    }
  } finally {
    await t.close();
  }
  return each;
}

describe('hidden (deprecated)', () => {
  it('should warn about nothing when hidden is not given', async () => {
    expect(await warningsOf(serveStatic, {}, ['/.env', '/visible.txt'])).toEqual([[], []]);
    expect(await warningsOf(serveStatic, { hidden: undefined }, ['/.env', '/visible.txt'])).toEqual([[], []]);
  });

  // Before any other request with hidden: depd warns once per call site for the whole process.
  it("should print send's warning on the first request only, as serve-static 1.x does", async () => {
    const created = warnings.length;
    serveStatic(fx.root, { hidden: true });
    serveStaticV1(fx.root, { hidden: true });
    expect(warnings.length).toBe(created);

    const allow = { namespace: 'send', message: "hidden: use dotfiles: 'allow' instead" };
    // With the first request, even for a plain small file.
    expect(await warningsOf(serveStaticV1, { hidden: true }, ['/visible.txt', '/.env'])).toEqual([[{ ...allow, file: 'serve-static/index.js' }], []]);
    expect(await warningsOf(serveStatic, { hidden: true }, ['/visible.txt', '/.env'])).toEqual([[{ ...allow, file: 'src/serve-static.ts' }], []]);
    // Once per call site: another middleware, even with hidden: false, warns no more.
    expect(await warningsOf(serveStaticV1, { hidden: false }, ['/.env'])).toEqual([[]]);
    expect(await warningsOf(serveStatic, { hidden: false }, ['/.env'])).toEqual([[]]);
  });

  it('should serve dotfiles with hidden: true and ignore them with hidden: false', async () => {
    await expectSameAsV1(serveStatic, fx.root, { hidden: true }, [
      { ask: '/.env', status: 200, text: 'SECRET=1' },
      { ask: '/.well-known/security.txt', status: 200, text: 'contact: me' },
    ]);
    await expectSameAsV1(serveStatic, fx.root, { hidden: false, fallthrough: false }, [
      { ask: '/.env', status: 404, text: 'Not Found', next: 404 },
      { ask: '/.well-known/security.txt', status: 200, text: 'contact: me' },
    ]);
  });

  it('should let dotfiles win over hidden when both are set', async () => {
    await expectSameAsV1(serveStatic, fx.root, { hidden: true, dotfiles: 'deny', fallthrough: false }, [
      { ask: '/.env', status: 403, text: 'Forbidden', next: 403 },
    ]);
    await expectSameAsV1(serveStatic, fx.root, { hidden: false, dotfiles: 'allow' }, [{ ask: '/.env', status: 200, text: 'SECRET=1' }]);
  });
});
