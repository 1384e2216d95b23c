import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dist, esmAnswer } from './support/built';

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
    expect(esmAnswer('index.js', `app.get('/', (req, res) => res.end('esm ' + req.path));`, '/')).toBe('200 webfw esm /');
  });
});
