import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { esm, packageDir, requireBuilt, runNode } from './support/built';

/**
 * These run plain `node` inside this package, so `@webfw/body-parser` resolves through the
 * package's own `exports` map to the BUILT files in dist/ (`npm test` builds first).
 */
/** What the run of `args` printed, parsed as JSON; throws with its standard error when it failed. */
function runJson(args: string[]): unknown {
  const run = runNode(args);
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim());
}

/** Posts a JSON body and a form through the loaded module over real HTTP and prints the results. */
const probe = `
  const parseJson = bodyParser.json(), parseForm = bodyParser.urlencoded();
  const server = http.createServer((req, res) => parseJson(req, res, (e1) => parseForm(req, res, (e2) => {
    const err = e1 || e2;
    res.statusCode = err ? err.status : 200;
    res.end(JSON.stringify(err ? { type: err.type } : req.body));
  })));
  server.listen(0, '127.0.0.1', async () => {
    const base = 'http://127.0.0.1:' + server.address().port + '/';
    const a = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    const b = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'x=1&x=2' });
    const c = await fetch(base, { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'true' });
    console.log(JSON.stringify({
      factories: ['json', 'raw', 'text', 'urlencoded'].map((k) => typeof bodyParser[k]),
      results: [a.status, await a.json(), b.status, await b.json(), c.status, await c.json()],
    }));
    server.close();
  });
`;

const expected = {
  factories: ['function', 'function', 'function', 'function'],
  results: [200, { a: 1 }, 200, { x: ['1', '2'] }, 400, { type: 'entity.parse.failed' }],
};

describe('the built package', () => {
  requireBuilt('index');

  it.each([
    [
      "should give the function with the four factories from require('@webfw/body-parser')",
      [
        '-e',
        `const http = require('node:http'); const bodyParser = require('@webfw/body-parser');
        const { json, raw, text, urlencoded } = require('@webfw/body-parser');
        if (json !== bodyParser.json || raw !== bodyParser.raw || text !== bodyParser.text || urlencoded !== bodyParser.urlencoded) throw new Error('destructuring differs');
        ${probe}`,
      ],
    ],
    [
      "should give the same object from import bodyParser from '@webfw/body-parser', and named exports",
      esm(`import http from 'node:http'; import bodyParser, { json, raw, text, urlencoded } from '@webfw/body-parser';
        if (json !== bodyParser.json || raw !== bodyParser.raw || text !== bodyParser.text || urlencoded !== bodyParser.urlencoded) throw new Error('named exports differ');
        ${probe}`),
    ],
  ])('%s', (_title, args) => {
    expect(runJson(args)).toEqual(expected);
  });

  /** Calls the package itself (`bodyParser()`) and body-parser 2.x's, and prints what each threw. */
  const generic = `
    const thrown = (fn) => { try { fn(); return { threw: false }; } catch (e) { return { ctor: e.constructor === Error, name: e.name, message: e.message, keys: Object.keys(e) }; } };
    console.log(JSON.stringify({ type: typeof bodyParser, keys: Object.keys(bodyParser), ours: thrown(bodyParser), theirs: thrown(reference), refKeys: Object.keys(reference) }));
  `;
  const MESSAGE = 'The bodyParser() generic has been split into individual middleware to use instead.';
  const genericExpected = {
    type: 'function',
    keys: ['json', 'raw', 'text', 'urlencoded'],
    ours: { ctor: true, name: 'Error', message: MESSAGE, keys: [] },
    theirs: { ctor: true, name: 'Error', message: MESSAGE, keys: [] },
    refKeys: ['json', 'raw', 'text', 'urlencoded'],
  };

  it.each([
    [
      "should throw body-parser 2.x's error from require('@webfw/body-parser')()",
      ['-e', `const bodyParser = require('@webfw/body-parser'); const reference = require('body-parser'); ${generic}`],
    ],
    [
      "should throw body-parser 2.x's error from the default import called as a function",
      esm(`import bodyParser from '@webfw/body-parser'; import reference from 'body-parser'; ${generic}`),
    ],
  ])('%s', (_title, args) => {
    expect(runJson(args)).toEqual(genericExpected);
  });

  it('should ship type declarations for both formats', () => {
    for (const file of ['index.d.ts', 'index.d.cts']) expect(existsSync(join(packageDir, 'dist', file))).toBe(true);
  });
});
