import { esm, requireBuilt, routingProbe, runNode } from './support/built';

/**
 * These run plain `node` inside this package, so `@webfw/router/v4` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (run the build first: `npm test` does).
 * Each probe runs once on the built entry and once on router 1.x (`router-v1`).
 */
const probe = routingProbe(
  '/users/:id(\\d+)',
  '/users/x',
  "type: typeof Router, route: typeof Router.Route, withNew: typeof new Router(), instance: new Router() instanceof Router, routeInstance: router.route('/r') instanceof Router.Route, hit, miss: [miss.status, await miss.text()]",
);

/** What the run of `args` printed, parsed as JSON. */
const runJson = (args: string[]): unknown => JSON.parse(runNode(args));

const expected = { type: 'function', route: 'function', withNew: 'function', instance: true, routeInstance: true, hit: 'user 7', miss: [404, 'none'] };

describe('the built @webfw/router/v4', () => {
  requireBuilt('v4');

  it("should return the callable Router from require('@webfw/router/v4'), as require('router-v1') does", () => {
    const run = (name: string): unknown => runJson(['-e', `const http = require('node:http'); const Router = require('${name}');${probe}`]);
    expect(run('@webfw/router/v4')).toEqual(expected);
    expect(run('router-v1')).toEqual(expected);
  });

  it("should give the same Router from import Router from '@webfw/router/v4', with Route named", () => {
    const out = runJson(
      esm(`import http from 'node:http'; import Router, { Route } from '@webfw/router/v4';
      if (Route !== Router.Route) throw new Error('named Route differs');
      ${probe}`),
    );
    expect(out).toEqual(expected);
  });

  it('should keep require(...).default pointing at Router', () => {
    expect(runJson(['-e', "const R = require('@webfw/router/v4'); console.log(R.default === R)"])).toBe(true);
  });
});
