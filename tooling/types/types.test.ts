/**
 * The published types against @types/express: an app written against @types/express
 * (tooling/types/fixtures/express-app, an ES module package and a CommonJS one) compiles as it
 * is against express's types and, with only the imports changed, against the built webfw
 * packages; webfw's own type contracts (fixtures/webfw-types, webfw-types-v4) compile, their `@ts-expect-error`
 * lines included. Needs the packages built (`npm test` builds them first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compileFixture, root } from './projects';

jest.setTimeout(120_000);

beforeAll(() => {
  for (const name of ['core', 'logger', 'body-parser', 'static', 'router']) {
    if (!existsSync(join(root, 'packages', name, 'dist', 'index.d.cts'))) {
      throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` (npm test does) before this test`);
    }
  }
});

describe('an app written against @types/express', () => {
  it('should compile against express 5 and its @types packages', () => {
    expect(compileFixture('express-app', 'express')).toMatchObject({ output: '', status: 0 });
  });

  it('should compile unchanged against webfw, the module names changed only', () => {
    expect(compileFixture('express-app', 'webfw', { rewrite: true })).toMatchObject({ output: '', status: 0 });
  });
});

describe("webfw's own type contracts", () => {
  it('should hold for the 5.x entry, in an ES module package and a CommonJS one (every @ts-expect-error an error)', () => {
    expect(compileFixture('webfw-types', 'webfw')).toMatchObject({ output: '', status: 0 });
  });

  it('should hold for the 4.x and 3.x entries and the standalone 4.x entries', () => {
    expect(compileFixture('webfw-types-v4', 'webfw')).toMatchObject({ output: '', status: 0 });
  });
});

describe('the strict opt-in, through the type parameters', () => {
  const expected = [
    'app.ts:22 TS18046', // 'req.body' is of type 'unknown'
    'app.ts:28 TS18046', // 'err' is of type 'unknown'
    'app.ts:34 TS18048', // 'res.locals.user' is possibly 'undefined'
  ];

  it('should give exactly these errors against express', () => {
    const { diagnostics } = compileFixture('strict-opt-in', 'express');
    expect(diagnostics.map(({ file, line, code }) => `${file}:${line} ${code}`)).toEqual(expected);
  });

  it('should give the same errors against webfw', () => {
    const { diagnostics } = compileFixture('strict-opt-in', 'webfw', { rewrite: true });
    expect(diagnostics.map(({ file, line, code }) => `${file}:${line} ${code}`)).toEqual(expected);
  });
});
