import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { esm, packageDir, requireBuilt, runNode } from './support/built';

/**
 * These run plain `node` inside this package, so `@webfw/body-parser/v4` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (`npm test` builds first), and compare
 * them with body-parser 1.x loaded the same way.
 */
/** Shape of the loaded `lib`, then a JSON body, a nested form and a text body through `lib({ extended: true })` over real HTTP. */
const probe = `
  const shape = { type: typeof lib, name: lib.name, length: lib.length, keys: Object.keys(lib), factories: Object.keys(lib).map((k) => typeof lib[k]) };
  const parse = lib({ extended: true });
  const server = http.createServer((req, res) => parse(req, res, (err) => {
    res.statusCode = err ? err.status : 200;
    res.end(JSON.stringify(err ? { type: err.type } : req.body));
  }));
  server.listen(0, '127.0.0.1', async () => {
    const base = 'http://127.0.0.1:' + server.address().port + '/';
    const send = async (type, body) => { const r = await fetch(base, { method: 'POST', headers: { 'content-type': type }, body }); return [r.status, await r.json()]; };
    const results = [await send('application/json', '{"a":1}'), await send('application/x-www-form-urlencoded', 'a[b]=1'), await send('text/plain', 'x'), await send('application/json', 'true')];
    console.log(JSON.stringify({ shape, results }));
    server.close();
  });
`;

const expected = {
  shape: { type: 'function', name: '', length: 1, keys: ['json', 'raw', 'text', 'urlencoded'], factories: ['function', 'function', 'function', 'function'] },
  results: [
    [200, { a: 1 }],
    [200, { a: { b: '1' } }],
    [200, {}],
    [400, { type: 'entity.parse.failed' }],
  ],
};

const NO_WARNINGS = { ...process.env, NO_DEPRECATION: 'body-parser' };

describe('the built v4 entry', () => {
  requireBuilt('v4');

  it.each([
    ["require('@webfw/body-parser/v4')", ['-e', `const http = require('node:http'); const lib = require('@webfw/body-parser/v4'); ${probe}`]],
    ["require('body-parser-v1') (the reference)", ['-e', `const http = require('node:http'); const lib = require('body-parser-v1'); ${probe}`]],
    [
      "import bodyParser, { json, ... } from '@webfw/body-parser/v4'",
      esm(`import http from 'node:http'; import lib, { json, raw, text, urlencoded } from '@webfw/body-parser/v4';
        if (json !== lib.json || raw !== lib.raw || text !== lib.text || urlencoded !== lib.urlencoded) throw new Error('named exports differ');
        ${probe}`),
    ],
  ])('should give the generic function carrying the four factories from %s', (_title, args) => {
    const run = runNode(args, NO_WARNINGS);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(expected);
  });

  it('should keep the default export on require() for transpiled `import x from` callers', () => {
    const run = runNode(['-e', `const m = require('@webfw/body-parser/v4'); console.log(JSON.stringify([m.default === m, typeof m.json]))`]);
    expect(JSON.parse(run.stdout)).toEqual([true, 'function']);
  });

  it('should ship type declarations for both formats', () => {
    for (const file of ['v4.d.ts', 'v4.d.cts']) expect(existsSync(join(packageDir, 'dist', file))).toBe(true);
  });
});

describe('the v4 deprecation warnings on standard error', () => {
  /** Loads the library named by the first argument and uses every deprecated form. */
  const script = `
    const lib = require(process.argv[1]);
    const make = () => lib.urlencoded();
    make(); make();
    lib.urlencoded({ extended: undefined }); lib.urlencoded({ extended: false });
    lib({ extended: true });
    lib(); lib({ limit: 10 });
  `;
  const timestamp = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT /gm;
  const lines = (stderr: string): string[] => stderr.replace(timestamp, '<date> ').trimEnd().split('\n');

  it("should print body-parser 1.x's lines: text, namespace and the caller's place", () => {
    const theirs = runNode(['-e', script, 'body-parser-v1']);
    const ours = runNode(['-e', script, '@webfw/body-parser/v4']);
    expect([theirs.status, ours.status]).toEqual([0, 0]);
    const common = [
      '<date> body-parser deprecated undefined extended: provide extended option at [eval]:3:28',
      '<date> body-parser deprecated undefined extended: provide extended option at [eval]:5:9',
      '<date> body-parser deprecated bodyParser: use individual json/urlencoded middlewares at [eval]:6:5',
      '<date> body-parser deprecated bodyParser: use individual json/urlencoded middlewares at [eval]:7:5',
    ];
    const last = '<date> body-parser deprecated bodyParser: use individual json/urlencoded middlewares at [eval]:7:12';
    // the generic's warning about extended names a place inside body-parser 1.x itself; the v4
    // entry names the first place in the calling code (both print it once)
    expect(lines(theirs.stderr)).toEqual([
      ...common,
      expect.stringMatching(/ undefined extended: provide extended option at .*body-parser.*index\.js:\d+:\d+$/),
      last,
    ]);
    expect(lines(ours.stderr)).toEqual([...common, '<date> body-parser deprecated undefined extended: provide extended option at [eval]:7:5', last]);
  });

  it('should print nothing with NO_DEPRECATION=body-parser, as body-parser 1.x', () => {
    expect(runNode(['-e', script, '@webfw/body-parser/v4'], NO_WARNINGS)).toEqual({ stdout: '', stderr: '', status: 0 });
    expect(runNode(['-e', script, 'body-parser-v1'], NO_WARNINGS)).toEqual({ stdout: '', stderr: '', status: 0 });
  });
});
