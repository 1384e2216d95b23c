import { esm, requireBuilt, routingProbe, runNode } from './support/built';

/**
 * These run plain `node` inside this package, so `@webfw/router` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (run the build first: `npm test` does).
 */
const probe = routingProbe(
  '/users/:id',
  '/nope',
  'type: typeof Router, named: [typeof Route, typeof Layer, Array.isArray(methods)], withNew: typeof new Router(), hit, miss: [miss.status, await miss.text()]',
);

const expected = { type: 'function', named: ['function', 'function', true], withNew: 'function', hit: 'user 7', miss: [404, 'none'] };

describe('the built package', () => {
  requireBuilt('index');

  it("should return the callable Router from require('@webfw/router') with named exports on it", () => {
    const out = runNode([
      '-e',
      `const http = require('node:http'); const Router = require('@webfw/router'); const { Route, Layer, methods } = Router;${probe}`,
    ]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it("should give the same Router from import Router from '@webfw/router'", () => {
    const out = runNode(
      esm(`import http from 'node:http'; import Router, { Route, Layer, methods, Router as Named } from '@webfw/router';
      if (Named !== Router) throw new Error('named Router differs');
      ${probe}`),
    );
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('should keep require(...).default and require(...).Router pointing at Router', () => {
    expect(runNode(['-e', "const R = require('@webfw/router'); console.log(R.default === R && R.Router === R)"])).toBe('true');
  });
});
