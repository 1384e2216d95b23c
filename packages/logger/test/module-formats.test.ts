import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * These run plain `node` inside this package, so `@webfw/logger` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (run the build first: `npm test` does).
 */
const packageDir = join(__dirname, '..');

function runNode(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8' }).trim();
}

const probe = `
  const lines = [];
  const mw = logger(':method :url :status', { stream: { write: (l) => lines.push(l) } });
  const server = http.createServer((req, res) => mw(req, res, () => res.end('ok')));
  server.listen(0, '127.0.0.1', async () => {
    await fetch('http://127.0.0.1:' + server.address().port + '/built');
    setTimeout(() => {
      console.log(JSON.stringify({
        type: typeof logger,
        token: typeof logger.token, format: typeof logger.format, compile: typeof logger.compile,
        formats: [logger.combined, logger.common, logger.short, logger.tiny].every((f) => typeof f === 'string') && typeof logger.dev === 'function',
        lines,
      }));
      server.close();
    }, 50);
  });
`;

const expected = { type: 'function', token: 'function', format: 'function', compile: 'function', formats: true, lines: ['GET /built 200\n'] };

describe('the built package', () => {
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'dist', 'index.cjs'))) throw new Error('packages/logger is not built: run `npm test` (it builds first)');
  });

  it("should return the callable logger from require('@webfw/logger')", () => {
    const out = runNode(['-e', `const http = require('node:http'); const logger = require('@webfw/logger');${probe}`]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it("should give the same logger from import logger from '@webfw/logger'", () => {
    const out = runNode([
      '--input-type=module',
      '-e',
      `import http from 'node:http'; import logger from '@webfw/logger'; import { compile, token } from '@webfw/logger';
      if (typeof compile !== 'function' || typeof token !== 'function') throw new Error('named exports missing');
      ${probe}`,
    ]);
    expect(JSON.parse(out)).toEqual(expected);
  });

  it('should keep require(...).default pointing at the logger for transpiled imports', () => {
    expect(runNode(['-e', "const l = require('@webfw/logger'); console.log(l.default === l && typeof l.compile === 'function')"])).toBe('true');
  });
});
