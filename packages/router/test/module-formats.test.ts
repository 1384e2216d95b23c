import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * These run plain `node` inside this package, so `@webfw/router` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (run the build first: `npm test` does).
 */
const packageDir = join(__dirname, '..');

function runNode(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim();
}

const probe = `
  const router = Router();
  router.get('/users/:id', (req, res) => res.end('user ' + req.params.id));
  const server = http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end('none'); }));
  server.listen(0, '127.0.0.1', async () => {
    const base = 'http://127.0.0.1:' + server.address().port;
    const hit = await (await fetch(base + '/users/7')).text();
    const miss = await fetch(base + '/nope');
    console.log(JSON.stringify({
      type: typeof Router, named: [typeof Route, typeof Layer, Array.isArray(methods)],
      withNew: typeof new Router(), hit, miss: [miss.status, await miss.text()],
    }));
    server.close();
  });
`;

const expected = { type: 'function', named: ['function', 'function', true], withNew: 'function', hit: 'user 7', miss: [404, 'none'] };

describe('the built package', () => {
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'dist', 'index.cjs'))) throw new Error('packages/router is not built: run `npm test` (it builds first)');
  });

  it("should return the callable Router from require('@webfw/router') with named exports on it", () => {
    const out = runNode([
      '-e',
      `const http = require('node:http'); const Router = require('@webfw/router'); const { Route, Layer, methods } = Router;${probe}`,
    ]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it("should give the same Router from import Router from '@webfw/router'", () => {
    const out = runNode([
      '--input-type=module',
      '-e',
      `import http from 'node:http'; import Router, { Route, Layer, methods, Router as Named } from '@webfw/router';
      if (Named !== Router) throw new Error('named Router differs');
      ${probe}`,
    ]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('should keep require(...).default and require(...).Router pointing at Router', () => {
    expect(runNode(['-e', "const R = require('@webfw/router'); console.log(R.default === R && R.Router === R)"])).toBe('true');
  });
});
