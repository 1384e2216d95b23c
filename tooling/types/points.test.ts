/**
 * The typing points, each a file of tooling/types/fixtures/points-common, compiled in the
 * projects points-5 (express 5) and points-4 (express 4, which adds its own names): @types/express's defaults, the module forms, express 4's names, `Router` as a
 * type, augmentation by module name, assignability with @types' names, the standalone
 * packages. Each project compiles in each resolution mode (node16, node10 with CommonJS,
 * bundler) against @types/express first, so the fixture is right, and then against webfw with
 * only the imports changed, and (5.x) with webfw installed under express's names. Needs the
 * packages built.
 */
import { compileFixture, type Target } from './projects';

jest.setTimeout(300_000);

const MODES: Record<string, Record<string, unknown>> = {
  node16: { module: 'node16', moduleResolution: 'node16', esModuleInterop: true },
  node10: { module: 'commonjs', moduleResolution: 'node10', esModuleInterop: true },
  bundler: { module: 'esnext', moduleResolution: 'bundler', esModuleInterop: true },
};

const CASES: Array<[fixture: string, target: Target, rewrite: boolean]> = [
  ['points-5', 'express', false],
  ['points-5', 'webfw', true],
  ['points-5', 'webfw-alias', false],
  ['points-4', 'express4', false],
  ['points-4', 'webfw4', true],
];

describe.each(Object.keys(MODES))('resolution %s', (mode) => {
  it.each(CASES)('%s should compile against %s', (fixture, target, rewrite) => {
    expect(compileFixture(fixture, target, { rewrite, compilerOptions: MODES[mode], shared: ['points-common'] })).toMatchObject({ output: '', status: 0 });
  });
});
