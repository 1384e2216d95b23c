/**
 * The standalone packages' types against their @types counterparts: an app's code
 * typed against @types/morgan, @types/serve-static (2.x and 1.x) and @types/body-parser
 * (tooling/types/fixtures/morgan-app, serve-static-app, serve-static-v1-app, body-parser-app)
 * compiles as it is against those @types packages and, with only those imports changed, against
 * the built @webfw/logger, @webfw/static (and /v4) and @webfw/body-parser (and /v4), under each
 * module resolution a project may use. `express` stays @types/express in both projects (these
 * fixtures check the standalone packages, not the core). Needs the packages built (`npm test`
 * builds them first).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { copyFixture, inTemporaryProject, linkModules, root, toWebfw, typeCheck, typesRelease4 } from './projects';

jest.setTimeout(300_000);

/** A fixture, the @types package its imports name, and the webfw entry that replaces it. */
interface Case {
  fixture: string;
  module: 'morgan' | 'serve-static' | 'body-parser';
  /** Where the @types package is, relative to the root's node_modules (`serve-static-1`: installed apart). */
  types: string;
  /** The webfw entry the imports are changed to. */
  webfw: string;
  /** Fixture folders copied into the project too. */
  shared?: string[];
}

const CASES: Case[] = [
  { fixture: 'morgan-app', module: 'morgan', types: '@types/morgan', webfw: '@webfw/logger' },
  { fixture: 'serve-static-app', module: 'serve-static', types: '@types/serve-static', webfw: '@webfw/static' },
  {
    fixture: 'serve-static-v1-app',
    module: 'serve-static',
    types: 'serve-static-1',
    webfw: '@webfw/static/v4',
    // 1.x's own names beside everything 2.x types
    shared: ['serve-static-app'],
  },
  { fixture: 'body-parser-app', module: 'body-parser', types: '@types/body-parser', webfw: '@webfw/body-parser' },
  { fixture: 'body-parser-app', module: 'body-parser', types: '@types/body-parser', webfw: '@webfw/body-parser/v4' },
];

/** The module resolutions a project may use (`module` and `moduleResolution`). */
const RESOLUTIONS: Record<string, { module: string; moduleResolution: string }> = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  node10: { module: 'commonjs', moduleResolution: 'node' },
  bundler: { module: 'preserve', moduleResolution: 'bundler' },
};

/** Linked into both projects: node's and express's types (the real @types/express), expect-type. */
const COMMON_LINKS = ['@types/node', '@types/express', '@types/http-errors', 'expect-type'];

/**
 * Copies fixture `c.fixture` into a fresh project whose node_modules holds the @types package
 * (`target` 'types') or the built webfw packages with the imports changed (`target` 'webfw'),
 * runs `tsc -p` (strict, `skipLibCheck` false) with the resolution given, and returns its output.
 */
function compile(c: Case, target: 'types' | 'webfw', resolution: string): { output: string; status: number | null } {
  return inTemporaryProject(`standalone-${c.fixture}-${target}`, (project) => {
    const transform = target === 'webfw' ? (source: string) => toWebfw(source, { [c.module]: c.webfw }) : undefined;
    for (const folder of [c.fixture, ...(c.shared ?? [])]) copyFixture(folder, project, transform);
    const links: Record<string, string> = {};
    for (const name of COMMON_LINKS) links[name] = join(root, 'node_modules', name);
    // @types/serve-static 1.x is installed apart, beside @types/express 4 (projects.ts `typesRelease4`)
    if (target === 'types' && c.types === 'serve-static-1') links['@types/serve-static'] = typesRelease4().serveStatic!;
    else if (target === 'types') links[c.types] = join(root, 'node_modules', c.types);
    else for (const name of ['logger', 'static', 'body-parser']) links[`@webfw/${name}`] = join(root, 'packages', name);
    linkModules(project, links);
    const { output, status } = typeCheck(project, RESOLUTIONS[resolution]);
    return { output, status };
  });
}

beforeAll(() => {
  for (const name of ['logger', 'body-parser', 'static']) {
    if (!existsSync(join(root, 'packages', name, 'dist', 'index.d.cts'))) {
      throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` (npm test does) before this test`);
    }
  }
  for (const c of CASES) {
    if (c.types === 'serve-static-1') continue; // installed on first use (projects.ts `typesRelease4`)
    if (!existsSync(join(root, 'node_modules', c.types, 'index.d.ts'))) throw new Error(`node_modules/${c.types} is missing: run \`npm run setup\``);
  }
});

describe.each(CASES)('$fixture: code typed against $types', (c) => {
  it('should compile against the @types package', () => {
    expect(compile(c, 'types', 'nodenext')).toEqual({ output: '', status: 0 });
  });

  it.each(Object.keys(RESOLUTIONS))(`should compile unchanged against ${c.webfw}, the imports changed only (resolution %s)`, (resolution) => {
    expect(compile(c, 'webfw', resolution)).toEqual({ output: '', status: 0 });
  });
});
