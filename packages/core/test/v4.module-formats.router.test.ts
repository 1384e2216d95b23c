/**
 * The built v4 entry's router (run `npx tsup` in packages/router and packages/core first):
 * `require('@webfw/core/v4').Router` is express 4.22's own router as `require('express').Router`
 * is (its members, a router's own properties and prototype, the route layer's name, the
 * route's plain `methods`), from the CommonJS and the ESM build.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(__dirname, '..', 'dist');

/** The router's shape, printed as JSON, `fw` being the loaded framework. */
const shape = `
  const Router = fw.Router;
  const router = Router();
  router.route('/x').get(() => undefined);
  const layer = router.stack[0];
  console.log(JSON.stringify({
    members: Object.keys(Router), name: Router.name, own: Object.keys(router), proto: Object.getPrototypeOf(router) === Router,
    layer: layer.name, methods: Object.getPrototypeOf(layer.route.methods) === Object.prototype, options: layer.route._options(),
    route: layer.route instanceof fw.Route,
  }));`;

function run(args: string[]): unknown {
  return JSON.parse(execFileSync(process.execPath, args).toString());
}

describe('the built v4 entry: Router', () => {
  beforeAll(() => {
    if (!existsSync(join(dist, 'v4.cjs')) || !existsSync(join(dist, 'v4.js'))) {
      throw new Error('packages/core/dist/v4.* is missing: run `npx tsup` in packages/core first');
    }
  });

  it("is express 4's own router, from require and from import", () => {
    const theirs = run(['-e', `const fw = require(${JSON.stringify(require.resolve('express-v4'))});${shape}`]);
    const cjs = run(['-e', `const fw = require(${JSON.stringify(join(dist, 'v4.cjs'))});${shape}`]);
    const esm = run(['--input-type=module', '-e', `import fw from ${JSON.stringify(join(dist, 'v4.js'))};${shape}`]);
    expect(cjs).toEqual(theirs);
    expect(esm).toEqual(theirs);
    expect(theirs).toMatchObject({
      name: '',
      own: ['params', '_params', 'caseSensitive', 'mergeParams', 'strict', 'stack'],
      proto: true,
      layer: 'bound dispatch',
      methods: true,
      options: ['GET', 'HEAD'],
      route: true,
    });
  });
});
