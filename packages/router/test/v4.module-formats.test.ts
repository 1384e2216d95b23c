import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * These run plain `node` inside this package, so `@webfw/router/v4` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (run the build first: `npm test` does).
 * Each probe runs once on the built entry and once on router 1.x (`router-v1`).
 */
const packageDir = join(__dirname, '..');

function runNode(args: string[]): unknown {
  return JSON.parse(execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim());
}

const probe = `
  const router = Router();
  router.get('/users/:id(\\\\d+)', (req, res) => res.end('user ' + req.params.id));
  const server = http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end('none'); }));
  server.listen(0, '127.0.0.1', async () => {
    const base = 'http://127.0.0.1:' + server.address().port;
    const hit = await (await fetch(base + '/users/7')).text();
    const miss = await fetch(base + '/users/x');
    console.log(JSON.stringify({
      type: typeof Router, route: typeof Router.Route, withNew: typeof new Router(), instance: new Router() instanceof Router,
      routeInstance: router.route('/r') instanceof Router.Route, hit, miss: [miss.status, await miss.text()],
    }));
    server.close();
  });
`;

const expected = { type: 'function', route: 'function', withNew: 'function', instance: true, routeInstance: true, hit: 'user 7', miss: [404, 'none'] };

describe('the built @webfw/router/v4', () => {
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'dist', 'v4.cjs'))) throw new Error('packages/router is not built: run `npm test` (it builds first)');
  });

  it("should return the callable Router from require('@webfw/router/v4'), as require('router-v1') does", () => {
    const run = (name: string): unknown => runNode(['-e', `const http = require('node:http'); const Router = require('${name}');${probe}`]);
    expect(run('@webfw/router/v4')).toEqual(expected);
    expect(run('router-v1')).toEqual(expected);
  });

  it("should give the same Router from import Router from '@webfw/router/v4', with Route named", () => {
    const out = runNode([
      '--input-type=module',
      '-e',
      `import http from 'node:http'; import Router, { Route } from '@webfw/router/v4';
      if (Route !== Router.Route) throw new Error('named Route differs');
      ${probe}`,
    ]);
    expect(out).toEqual(expected);
  });

  it('should keep require(...).default pointing at Router', () => {
    expect(runNode(['-e', "const R = require('@webfw/router/v4'); console.log(R.default === R)"])).toBe(true);
  });
});
