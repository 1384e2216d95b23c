/**
 * `import { static as serveStatic } from 'express'` (and `import * as express` then
 * `express.static`) type-checks as with @types/express 5 and 4:
 * tooling/types/fixtures/static-named-import, compiled as an ES module and as a CommonJS one,
 * compiles against @types/express first (so the fixture is right), then against webfw with only
 * the imports changed (`@webfw/core`, `@webfw/core/v4` plus the `/v3` entry's
 * fixtures/static-named-import-v3) and with webfw installed under express's name. The named
 * import is `typeof express.static` in each: in the webfw projects that is webfw's declaration,
 * which tooling/types/type-names.test.ts holds assignable both ways to @types/express's
 * `static` (@types/serve-static's `RequestHandlerConstructor<Response>`). Needs the packages built.
 */
import { compileFixture, type CompileOptions, type Target } from './projects';

jest.setTimeout(120_000);

const CASES: Array<[target: Target, options: CompileOptions]> = [
  ['express', {}],
  ['express4', {}],
  ['webfw', { rewrite: true }],
  ['webfw4', { rewrite: true, shared: ['static-named-import-v3'] }],
  ['webfw-alias', {}],
];

it.each(CASES)('should compile against %s, in an ES module and a CommonJS module', (target, options) => {
  expect(compileFixture('static-named-import', target, options)).toMatchObject({ output: '', status: 0 });
});
