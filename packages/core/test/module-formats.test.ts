import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const dist = join(__dirname, '..', 'dist');
const built = existsSync(join(dist, 'index.cjs')) && existsSync(join(dist, 'index.js'));

/** Tests of the built output: run `npx tsup` in packages/core (CI builds before testing). */
describe('built package', () => {
  beforeAll(() => {
    if (!built) throw new Error('packages/core/dist is missing: run `npx tsup` in packages/core first');
  });

  it("should make require('@webfw/core') the callable factory with its members", () => {
    const out = execFileSync(process.execPath, [
      '-e',
      `
      const webfw = require(${JSON.stringify(join(dist, 'index.cjs'))});
      const app = webfw();
      console.log(JSON.stringify([typeof webfw, typeof app, typeof webfw.json, typeof webfw.raw, typeof webfw.text,
        typeof webfw.urlencoded, typeof webfw.static, typeof webfw.Router, typeof webfw.request, typeof webfw.response,
        typeof webfw.application, webfw.default === webfw, app.get('x-powered-by')]));
    `,
    ]).toString();
    expect(JSON.parse(out)).toEqual([
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'function',
      'object',
      'object',
      'object',
      true,
      true,
    ]);
  });

  it('should serve a request from the ESM build', () => {
    const out = execFileSync(process.execPath, [
      '--input-type=module',
      '-e',
      `
      import webfw from ${JSON.stringify(join(dist, 'index.js'))};
      const app = webfw();
      app.get('/', (req, res) => res.end('esm ' + req.path));
      const server = app.listen(0, '127.0.0.1', async () => {
        const r = await fetch('http://127.0.0.1:' + server.address().port + '/');
        console.log(r.status + ' ' + r.headers.get('x-powered-by') + ' ' + await r.text());
        server.close();
      });
    `,
    ]).toString();
    expect(out.trim()).toBe('200 webfw esm /');
  });
});
