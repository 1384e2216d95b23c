import { join } from 'node:path';
import { itIsBuilt, node } from './support/built';
import { useFixture } from './support/helpers';

// These run the BUILT package (dist/, made by `tsup` in setup) in plain node, outside jest's
// module sandbox: what `require('@webfw/static')` and `import` really return, and the exact
// error objects send hands to next(err).
const fx = useFixture({ 'a.txt': 'built' });

describe('built package', () => {
  itIsBuilt('index');

  it('should make require() return the callable with serveStatic and default on it', () => {
    const out = node([
      '-e',
      "const s = require('@webfw/static'); console.log(JSON.stringify([typeof s, s.serveStatic === s, s.default === s, typeof s('.')]))",
    ]);
    expect(JSON.parse(out)).toEqual(['function', true, true, 'function']);
  });

  it('should give ESM importers the default and the named export', () => {
    const out = node([
      '--input-type=module',
      '-e',
      "import d, { serveStatic } from '@webfw/static'; console.log(JSON.stringify([typeof d, d === serveStatic, typeof d('.')]))",
    ]);
    expect(JSON.parse(out)).toEqual(['function', true, 'function']);
  });

  it("should pass send's exact errors to next(err) in plain node", () => {
    const script = `
      const http = require('node:http');
      const serveStatic = require('@webfw/static');
      const root = ${JSON.stringify(fx.root)};
      const mw = serveStatic(root, { fallthrough: false });
      const seen = [];
      const server = http.createServer((req, res) => mw(req, res, (err) => {
        seen.push({ status: err.status, statusCode: err.statusCode, expose: err.expose, message: err.message, code: err.code });
        res.statusCode = err.status; res.end();
      }));
      server.listen(0, '127.0.0.1', async () => {
        const base = 'http://127.0.0.1:' + server.address().port;
        const ok = await fetch(base + '/a.txt').then((r) => r.text());
        for (const p of ['/missing.txt', '/%', '/.env']) await fetch(base + p).then((r) => r.arrayBuffer());
        console.log(JSON.stringify({ ok, seen }));
        server.close();
      });`;
    const out = JSON.parse(node(['-e', script]));
    expect(out.ok).toBe('built');
    expect(out.seen).toEqual([
      { status: 404, statusCode: 404, expose: false, message: `ENOENT: no such file or directory, stat '${join(fx.root, 'missing.txt')}'`, code: 'ENOENT' },
      { status: 400, statusCode: 400, expose: true, message: 'Bad Request' },
      { status: 404, statusCode: 404, expose: true, message: 'Not Found' },
    ]);
  });
});
