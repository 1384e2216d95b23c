/**
 * The 4.x router builds on the 5.x one's own `use` and `route`, not on whatever
 * `Router.prototype` holds when `@webfw/router/v4` loads: a tracing agent that patched the 5.x
 * prototype first (instrumentation-express patching `@webfw/core`, then the app loading
 * `@webfw/core/v4`) sees no 4.x registration, as patching express 5 does not reach express 4.
 * (It saw `use(fn)` as `use('/', fn)`, and gave express 4's `query` and `expressInit` spans an
 * `http.route` of `/` for `GET /`: tooling/observability/tracing.test.ts, the edge app.)
 */
type Fn = (...args: unknown[]) => unknown;
interface RouterLike {
  stack: unknown[];
  use: Fn;
  route: Fn;
}
type Factory = ((options?: object) => RouterLike) & { prototype: Record<string, Fn> };

test('a 5.x prototype patched before the 4.x router loads does not reach 4.x routers', () => {
  const seen: string[] = [];
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Router5 = (require('@webfw/router') as { Router: Factory }).Router;
    for (const name of ['use', 'route']) {
      const original = Router5.prototype[name]!;
      Router5.prototype[name] = function (this: unknown, ...args: unknown[]) {
        seen.push(`${name}(${args.map((a) => (typeof a === 'function' ? 'fn' : JSON.stringify(a))).join(', ')})`);
        return original.apply(this, args);
      };
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Router4 = (require('@webfw/router/v4') as { Router: Factory }).Router;

    const v4 = Router4();
    v4.use(function mw() {});
    v4.route('/x');
    expect(v4.stack).toHaveLength(2);
    expect(seen).toEqual([]);

    const v5 = Router5();
    v5.use(function mw() {});
    v5.route('/x');
    expect(seen).toEqual(['use(fn)', 'route("/x")']);
  });
});
