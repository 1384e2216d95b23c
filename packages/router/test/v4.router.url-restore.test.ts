import Router from '@webfw/router';
import { askAll, compareV4, dump, pass, type AnyRouter, type AnyRouterFactory } from './support/helpers';

/**
 * 4.x `req.url`/`req.baseUrl` around mounted middleware (router 1.x): the mount path is
 * stripped while the middleware runs and put back when it calls `next`; the slash added in
 * front of a stripped URL is always removed again, even from a URL the middleware rewrote.
 */
type Next = (err?: unknown) => void;

/** A middleware on `/foo` that rewrites `req.url` to `/bar`, then the layer after it. */
function rewriteUnderMount(router: AnyRouter): void {
  router.use('/foo', (req: { url: string }, _res: unknown, next: Next) => {
    req.url = '/bar';
    next();
  });
  router.use(dump('after'));
}

describe('@webfw/router/v4 req.url restoration (as router 1.x)', () => {
  it('should strip and restore mount paths, nested, with baseUrl (no trailing slash)', async () => {
    const answers = await compareV4(
      (router, R) => {
        const inner = R();
        inner.use('/b', pass('inner'));
        router.use('/a/', pass('outer'), inner);
        router.use(dump('end'));
      },
      ['/a/b/c?q=1', '/a', '/A/b/'],
    );
    expect(answers.map((a) => JSON.parse(a.body))).toEqual([
      ['outer /b/c?q=1 /a []', 'inner /c?q=1 /a/b []', 'end /a/b/c?q=1  []'],
      ['outer / /a []', 'end /a  []'],
      ['outer /b/ /A []', 'inner / /A/b []', 'end /A/b/  []'],
    ]);
  });

  it('should drop the added slash from a URL the middleware rewrote (/foo + /bar gives /foobar)', async () => {
    const answers = await compareV4((router) => rewriteUnderMount(router), ['/foo', '/foo?x=1']);
    expect(answers.map((a) => JSON.parse(a.body))).toEqual([['after /foobar  []'], ['after /foobar  []']]);
  });

  it('should differ there from 5.x, which keeps that slash (/foo/bar)', async () => {
    const five = (Router as unknown as AnyRouterFactory)();
    rewriteUnderMount(five);
    expect((await askAll(five, ['/foo'])).map((a) => JSON.parse(a.body))).toEqual([['after /foo/bar  []']]);
  });

  it('should strip the whole path for a middleware on *', async () => {
    const answers = await compareV4((router) => router.use('*', pass('star'), dump('star2')), ['/x/y']);
    expect(JSON.parse(answers[0]!.body)).toEqual(['star / /x/y [["0","/x/y"]]', 'star2 / /x/y [["0","/x/y"]]']);
  });
});
