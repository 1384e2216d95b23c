/**
 * The standalone packages' types against their @types counterparts (issue 29): an app's code
 * typed against @types/morgan, @types/serve-static (2.x and 1.x) and @types/body-parser
 * (tooling/types/fixtures/morgan-app, serve-static-app, serve-static-v1-app, body-parser-app)
 * compiles as it is against those @types packages and, with only those imports changed, against
 * the built @webfw/logger, @webfw/static (and /v4) and @webfw/body-parser (and /v4), under each
 * module resolution a project may use. `express` stays @types/express in both projects (these
 * fixtures check the standalone packages, not the core). Needs the packages built (`npm test`
 * builds them first).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fixtures, root, typesRelease4 } from './projects';

jest.setTimeout(300_000);

/** A fixture, the @types package its imports name, and the webfw entry that replaces it. */
interface Case {
  fixture: string;
  module: 'morgan' | 'serve-static' | 'body-parser';
  /** Where the @types package is, relative to the root's node_modules (`serve-static-1`: installed apart). */
  types: string;
  /** The webfw entry the imports are changed to. */
  webfw: string;
}

const CASES: Case[] = [
  { fixture: 'morgan-app', module: 'morgan', types: '@types/morgan', webfw: '@webfw/logger' },
  { fixture: 'serve-static-app', module: 'serve-static', types: '@types/serve-static', webfw: '@webfw/static' },
  {
    fixture: 'serve-static-v1-app',
    module: 'serve-static',
    types: 'serve-static-1',
    webfw: '@webfw/static/v4',
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

/** `from 'm'`, `require('m')` and `import('m')` of the module `name` changed to `to`. */
function rewrite(source: string, name: string, to: string): string {
  const pattern = new RegExp(`(\\bfrom\\s+|\\brequire\\(\\s*|\\bimport\\(\\s*)(['"])${name.replace(/[-/]/g, '\\$&')}\\2`, 'g');
  return source.replace(pattern, (_whole, before: string, quote: string) => `${before}${quote}${to}${quote}`);
}

/**
 * Copies fixture `c.fixture` into a fresh project whose node_modules holds the @types package
 * (`target` 'types') or the built webfw packages with the imports changed (`target` 'webfw'),
 * runs `tsc -p` (strict, `skipLibCheck` false) with the resolution given, and returns its output.
 */
function compile(c: Case, target: 'types' | 'webfw', resolution: string): { output: string; status: number | null } {
  const project = mkdtempSync(join(tmpdir(), `webfw-standalone-${c.fixture}-${target}-`));
  try {
    const source = join(fixtures, c.fixture);
    for (const file of readdirSync(source)) {
      const text = readFileSync(join(source, file), 'utf8');
      writeFileSync(join(project, file), target === 'webfw' && file.endsWith('.ts') ? rewrite(text, c.module, c.webfw) : text);
    }
    const links: Record<string, string> = {};
    for (const name of COMMON_LINKS) links[name] = join(root, 'node_modules', name);
    // @types/serve-static 1.x is installed apart, beside @types/express 4 (projects.ts `typesRelease4`)
    if (target === 'types' && c.types === 'serve-static-1') links['@types/serve-static'] = typesRelease4().serveStatic!;
    else if (target === 'types') links[c.types] = join(root, 'node_modules', c.types);
    else for (const name of ['logger', 'static', 'body-parser']) links[`@webfw/${name}`] = join(root, 'packages', name);
    for (const [name, from] of Object.entries(links)) {
      const link = join(project, 'node_modules', ...name.split('/'));
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(from, link, 'dir');
    }
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          ...RESOLUTIONS[resolution],
          target: 'es2022',
          lib: ['es2022'],
          types: ['node'],
          noEmit: true,
          pretty: false,
        },
        include: ['*.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: project,
      encoding: 'utf8',
    });
    return { output: (tsc.stdout + tsc.stderr).split(project + '/').join(''), status: tsc.status };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
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
