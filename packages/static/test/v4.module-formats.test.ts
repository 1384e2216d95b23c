import { join } from 'node:path';
import { itIsBuilt, node, runWith as run } from './support/built';
import { useFixture } from './support/helpers';

// These run the BUILT 4.x entry (dist/v4.*, made by `tsup`) in plain node, outside jest's module
// sandbox, next to serve-static 1.x: what `require('@webfw/static/v4')` and `import` return,
// the exact errors send 0.19 hands to next(err), and its deprecation line on standard error.
const fx = useFixture({ 'a.txt': 'built', '.env': 'secret', '.well-known/x.txt': 'well known' });

describe('built 4.x entry', () => {
  itIsBuilt('v4');

  it("should make require() return the callable, with serve-static 1.x's own mime object", () => {
    const out = node([
      '-e',
      `const s = require('@webfw/static/v4'); const ref = require('serve-static-v1');
       console.log(JSON.stringify([typeof s, s.mime === ref.mime, s.serveStatic === s, s.default === s, typeof s('.'),
         Object.keys(ref).every((k) => k in s), s.mime.lookup('a.js')]))`,
    ]);
    expect(JSON.parse(out)).toEqual(['function', true, true, true, 'function', true, 'application/javascript']);
  });

  it('should give ESM importers the default, serveStatic and mime', () => {
    const out = node([
      '--input-type=module',
      '-e',
      `import d, { serveStatic, mime } from '@webfw/static/v4'; import ref from 'serve-static-v1';
       console.log(JSON.stringify([typeof d, d === serveStatic, d.mime === mime, mime === ref.mime, typeof d('.')]))`,
    ]);
    expect(JSON.parse(out)).toEqual(['function', true, true, true, 'function']);
  });

  it('should pass the errors serve-static 1.x passes to next(err), in plain node', () => {
    const script = `
      const http = require('node:http');
      const serveStatic = require(process.argv[1]);
      const mw = serveStatic(${JSON.stringify(fx.root)}, { fallthrough: false });
      const seen = [];
      const server = http.createServer((req, res) => mw(req, res, (err) => {
        seen.push({ name: err.name, status: err.status, statusCode: err.statusCode, expose: err.expose, message: err.message, code: err.code });
        res.statusCode = err.status; res.end();
      }));
      server.listen(0, '127.0.0.1', async () => {
        const base = 'http://127.0.0.1:' + server.address().port;
        const bodies = [];
        for (const p of ['/a.txt', '/.well-known/x.txt', '/missing.txt', '/%', '/.env', '/a.txt/']) {
          bodies.push(await fetch(base + p).then(async (r) => r.status + ' ' + r.headers.get('content-type') + ' ' + (await r.text())));
        }
        console.log(JSON.stringify({ bodies, seen }));
        server.close();
      });`;
    const fromRef = JSON.parse(run(script, 'serve-static-v1').stdout);
    const fromOwn = JSON.parse(run(script, '@webfw/static/v4').stdout);
    expect(fromOwn).toEqual(fromRef);
    expect(fromOwn.bodies.slice(0, 2)).toEqual(['200 text/plain; charset=UTF-8 built', '200 text/plain; charset=UTF-8 well known']);
    expect(fromOwn.seen).toEqual([
      {
        name: 'Error',
        status: 404,
        statusCode: 404,
        expose: false,
        message: `ENOENT: no such file or directory, stat '${join(fx.root, 'missing.txt')}'`,
        code: 'ENOENT',
      },
      { name: 'BadRequestError', status: 400, statusCode: 400, expose: true, message: 'Bad Request' },
      { name: 'NotFoundError', status: 404, statusCode: 404, expose: true, message: 'Not Found' },
      {
        name: 'Error',
        status: 404,
        statusCode: 404,
        expose: false,
        message: `ENOTDIR: not a directory, stat '${join(fx.root, 'a.txt', 'index.html')}'`,
        code: 'ENOTDIR',
      },
    ]);
  });

  it("should print send's hidden deprecation once, as serve-static 1.x does", () => {
    const script = `
      const http = require('node:http');
      const serveStatic = require(process.argv[1]);
      const allow = serveStatic(${JSON.stringify(fx.root)}, { hidden: true });
      const ignore = serveStatic(${JSON.stringify(fx.root)}, { hidden: false });
      console.error('created');
      const server = http.createServer((req, res) => (req.url === '/.env' ? allow : ignore)(req, res, () => { res.statusCode = 404; res.end(); }));
      server.listen(0, '127.0.0.1', async () => {
        const base = 'http://127.0.0.1:' + server.address().port;
        const got = [];
        for (const p of ['/.env', '/.env', '/x/.env']) got.push(await fetch(base + p).then((r) => r.status));
        console.error(got.join(' '));
        server.close();
      });`;
    const stderrOf = (library: string): string[] =>
      run(script, library)
        .stderr.replace(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT /gm, '<date> ')
        .replace(/ at \S+:\d+:\d+$/gm, ' at <site>')
        .trimEnd()
        .split('\n');
    const fromRef = stderrOf('serve-static-v1');
    const fromOwn = stderrOf('@webfw/static/v4');
    expect(fromOwn).toEqual(fromRef);
    expect(fromOwn).toEqual(['created', "<date> send deprecated hidden: use dotfiles: 'allow' instead at <site>", '200 200 404']);
  });
});
