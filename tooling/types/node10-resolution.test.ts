/**
 * Every entry of every package resolves for tools that ignore package.json `exports`:
 * TypeScript's `moduleResolution: node` (node10), jest < 28's resolver, webpack 4 and plain
 * `require` path lookups. Those read the top-level `main`/`types`, and for a subpath entry
 * (`@webfw/core/v4`) look for a path on disk: the entry's folder in the package
 * (packages/core/v4/package.json, whose `main`/`types` point into dist/).
 *
 * - TypeScript node10 (`ts.resolveModuleName`) must land on the entry's CommonJS declaration,
 *   `dist/<entry>.d.cts` (`export =` of the callable, as @types/express has it).
 * - A lookup that ignores `exports` (node's classic algorithm: the file, then the folder's
 *   package.json `main`, then index.js), installed into a child `node` for every `@webfw/*`
 *   request, must land on `dist/<entry>.cjs`, including the requests the packages make of each
 *   other (core's v4 entry requires `@webfw/body-parser/v4`); what it loads must be that entry
 *   (a cheap behaviour that differs between the versions).
 * - A CommonJS project compiled by `tsc` on node10 (fixtures/node10-cjs) type-checks with every
 *   entry (`import x = require()`, `import * as`, and with esModuleInterop the default and named
 *   imports, as @types/express allows them) and its output runs through that lookup.
 * - `npm pack` publishes the entry folders.
 *
 * Needs the packages built (`npm test` builds them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as ts from 'typescript';
import { compileFixture, PACKAGE_ENTRIES, root } from './projects';

jest.setTimeout(120_000);

const PACKAGES = PACKAGE_ENTRIES;

/** One entry: its package folder name, the name a user imports, and its build's base name in dist/. */
interface Entry {
  pkg: string;
  specifier: string;
  base: string;
}

const ENTRIES: Entry[] = Object.entries(PACKAGES).flatMap(([pkg, subpaths]) =>
  subpaths.map((sub) => ({ pkg, specifier: sub === '.' ? `@webfw/${pkg}` : `@webfw/${pkg}/${sub}`, base: sub === '.' ? 'index' : sub })),
);

/** The built file `dist/<base><extension>` of a package, as its real path. */
function built(pkg: string, base: string, extension: string): string {
  return realpathSync(join(root, 'packages', pkg, 'dist', `${base}${extension}`));
}

/** Where a `@webfw/...` request must land in the workspace: its CommonJS build. */
function expectedFile(specifier: string): string {
  const entry = ENTRIES.find((e) => e.specifier === specifier);
  if (!entry) throw new Error(`no such entry: ${specifier}`);
  return built(entry.pkg, entry.base, '.cjs');
}

/**
 * Preloaded (`node -r`) into a child process: every `@webfw/*` request is resolved by node's
 * classic lookup, which knows nothing of `exports` (as jest < 28, webpack 4 and the `resolve`
 * package): in each node_modules up from the requiring file, the path itself, with `.js`,
 * `.json` or `.node`, then as a folder (its package.json `main`, then `index`). A request it
 * cannot resolve throws; nothing falls back to node's own resolver. Each resolution is
 * recorded in `globalThis.__legacyResolved` as `[request, real path]`.
 */
const LEGACY_LOOKUP = String.raw`'use strict';
const Module = require('node:module');
const fs = require('node:fs');
const path = require('node:path');
const EXTENSIONS = ['.js', '.json', '.node'];
const isFile = (p) => { try { return fs.statSync(p).isFile(); } catch { return false; } };
const asFile = (p) => (isFile(p) ? p : EXTENSIONS.map((e) => p + e).find(isFile));
const asIndex = (p) => EXTENSIONS.map((e) => path.join(p, 'index' + e)).find(isFile);
function asDirectory(p) {
  const manifest = path.join(p, 'package.json');
  if (isFile(manifest)) {
    const main = JSON.parse(fs.readFileSync(manifest, 'utf8')).main;
    if (typeof main === 'string' && main !== '') {
      const target = path.resolve(p, main);
      const found = asFile(target) || asIndex(target);
      if (found) return found;
    }
  }
  return asIndex(p);
}
function lookup(request, from) {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', request);
      const found = asFile(candidate) || asDirectory(candidate);
      if (found) return fs.realpathSync(found);
    }
    if (path.dirname(dir) === dir) break;
  }
  const err = new Error('legacy lookup (no exports): cannot find ' + request + ' from ' + from);
  err.code = 'MODULE_NOT_FOUND';
  throw err;
}
globalThis.__legacyResolved = [];
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (typeof request === 'string' && request.startsWith('@webfw/')) {
    const from = parent && parent.filename ? path.dirname(parent.filename) : process.cwd();
    const file = lookup(request, from);
    globalThis.__legacyResolved.push([request, file]);
    return file;
  }
  return resolveFilename.call(this, request, parent, ...rest);
};
`;

/** Helpers the probes use: `deprecations(fn)` (depd's warnings during fn) and `thrown(fn)` (its error's message or null). */
const PROBE_HELPERS = `
function deprecations(fn) {
  const seen = [];
  const listener = (err) => seen.push(err.namespace + ': ' + err.message);
  process.on('deprecation', listener);
  try { fn(); } finally { process.removeListener('deprecation', listener); }
  return seen;
}
function thrown(fn) {
  try { fn(); return null; } catch (err) { return err && err.message; }
}
`;

const URLENCODED_WARNING = 'body-parser: undefined extended: provide extended option';
const GENERIC_SPLIT = 'The bodyParser() generic has been split into individual middleware to use instead.';

/**
 * For each entry: a JavaScript expression over `m` (what `require()` returned) that tells the
 * entry from its other versions, and what it must give.
 */
const PROBES: Record<string, { probe: string; expected: unknown }> = {
  '@webfw/logger': {
    probe: `[typeof m, typeof m('tiny', { stream: { write() {} } }), typeof m.token, typeof m.compile]`,
    expected: ['function', 'function', 'function', 'function'],
  },
  // body-parser 2.x's generic throws; 1.x's works with a warning, and 1.x warns for urlencoded() without `extended`
  '@webfw/body-parser': {
    probe: `[thrown(() => m()), deprecations(() => m.urlencoded())]`,
    expected: [GENERIC_SPLIT, []],
  },
  '@webfw/body-parser/v4': {
    probe: `[thrown(() => m.json()), deprecations(() => m.urlencoded())]`,
    expected: [null, [URLENCODED_WARNING]],
  },
  // path-to-regexp 8 (router 2.x) refuses an unnamed '*', 0.1.x (router 1.x) takes it
  '@webfw/router': {
    probe: `[typeof m, typeof m.parseUrl, thrown(() => m().get('/*', () => {})) !== null]`,
    expected: ['function', 'function', true],
  },
  '@webfw/router/v4': {
    probe: `[typeof m, thrown(() => m().get('/*', () => {}))]`,
    expected: ['function', null],
  },
  // serve-static 1.x exposes send's mime, 2.x does not
  '@webfw/static': {
    probe: `[typeof m, typeof m('.'), 'mime' in m]`,
    expected: ['function', 'function', false],
  },
  '@webfw/static/v4': {
    probe: `[typeof m, typeof m('.'), typeof m.mime]`,
    expected: ['function', 'function', 'object'],
  },
  // express 5 dropped express.query; 4 has it (and body-parser 1.x's urlencoded); 3 also bundles a logger (4's `logger` is
  // a non-enumerable getter that throws, as on express 4: not among its enumerable members)
  '@webfw/core': {
    probe: `[typeof m().handle, typeof m.static, typeof m.Router(), 'query' in m, 'logger' in m, deprecations(() => m.urlencoded())]`,
    expected: ['function', 'function', 'function', false, false, []],
  },
  '@webfw/core/v4': {
    probe: `[typeof m().handle, typeof m().del, typeof m.static, 'query' in m, Object.keys(m).includes('logger'), deprecations(() => m.urlencoded())]`,
    expected: ['function', 'function', 'function', true, false, [URLENCODED_WARNING]],
  },
  '@webfw/core/v3': {
    probe: `[typeof m().handle, typeof m.static, 'query' in m, typeof m.logger]`,
    expected: ['function', 'function', true, 'function'],
  },
};

let work = '';
let preload = '';

/** Runs `script` in a child `node` in `cwd` with the legacy lookup preloaded; returns what it printed as JSON. */
function runLegacy(cwd: string, script: string): unknown {
  const child = spawnSync(process.execPath, ['-r', preload, '-e', script], { cwd, encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
  if (child.status !== 0) throw new Error(`node exited with ${child.status}:\n${child.stdout}${child.stderr}`);
  return JSON.parse(child.stdout);
}

beforeAll(() => {
  for (const pkg of Object.keys(PACKAGES)) {
    if (!existsSync(join(root, 'packages', pkg, 'dist', 'index.d.cts'))) {
      throw new Error(`packages/${pkg}/dist is missing: run \`npm run setup\` (npm test does) before this test`);
    }
  }
  // a user's project: node_modules/@webfw/* linked to the packages, as installed
  work = mkdtempSync(join(tmpdir(), 'webfw-node10-'));
  for (const pkg of Object.keys(PACKAGES)) {
    mkdirSync(join(work, 'node_modules', '@webfw'), { recursive: true });
    symlinkSync(join(root, 'packages', pkg), join(work, 'node_modules', '@webfw', pkg), 'dir');
  }
  writeFileSync(join(work, 'package.json'), '{ "private": true }\n');
  preload = join(work, 'legacy-lookup.cjs');
  writeFileSync(preload, LEGACY_LOOKUP);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the entries on disk', () => {
  it.each(ENTRIES)("$specifier: the top-level or the entry folder's package.json names the CommonJS build, exports unchanged", ({ pkg, specifier, base }) => {
    const dir = join(root, 'packages', pkg);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    const folder = base === 'index' ? '.' : base;
    const fields = folder === '.' ? manifest : JSON.parse(readFileSync(join(dir, folder, 'package.json'), 'utf8'));
    const prefix = folder === '.' ? './dist/' : '../dist/';
    expect({ specifier, main: fields.main, types: fields.types, module: fields.module }).toEqual({
      specifier,
      main: `${prefix}${base}.cjs`,
      types: `${prefix}${base}.d.cts`,
      module: `${prefix}${base}.js`,
    });
    for (const target of [fields.main, fields.types, fields.module]) expect(existsSync(join(dir, folder, target))).toBe(true);
    // modern resolvers keep reading exports
    const subpath = folder === '.' ? '.' : `./${folder}`;
    expect(manifest.exports[subpath]).toEqual({
      import: { types: `./dist/${base}.d.ts`, default: `./dist/${base}.js` },
      require: { types: `./dist/${base}.d.cts`, default: `./dist/${base}.cjs` },
    });
    if (folder !== '.') expect(manifest.files).toContain(folder);
  });
});

describe('TypeScript node10 (moduleResolution: node, module: commonjs)', () => {
  it.each(ENTRIES)('$specifier should resolve to its CommonJS declaration', ({ pkg, specifier, base }) => {
    const options: ts.CompilerOptions = { moduleResolution: ts.ModuleResolutionKind.Node10, module: ts.ModuleKind.CommonJS };
    const { resolvedModule } = ts.resolveModuleName(specifier, join(work, 'index.ts'), options, ts.sys);
    expect({
      specifier,
      file: resolvedModule?.resolvedFileName,
      extension: resolvedModule?.extension,
      external: resolvedModule?.isExternalLibraryImport,
    }).toEqual({
      specifier,
      file: built(pkg, base, '.d.cts'),
      extension: '.d.cts',
      external: true,
    });
  });
});

describe('require() through a lookup that ignores exports (jest < 28, webpack 4, resolve)', () => {
  it.each(ENTRIES)('$specifier should load its CommonJS build, which is that entry', ({ specifier }) => {
    const script = `${PROBE_HELPERS}
const m = require(${JSON.stringify(specifier)});
const probe = ${PROBES[specifier]!.probe};
process.stdout.write(JSON.stringify({ probe, resolved: globalThis.__legacyResolved }));`;
    const { probe, resolved } = runLegacy(work, script) as { probe: unknown; resolved: [string, string][] };
    expect(resolved[0]).toEqual([specifier, expectedFile(specifier)]);
    // the packages' own requires of each other went through the same lookup, each to its entry
    for (const [request, file] of resolved) expect([request, file]).toEqual([request, expectedFile(request)]);
    expect(probe).toEqual(PROBES[specifier]!.expected);
  });

  it("should take core's v4 entry to body-parser's v4 entry (its urlencoded warns as body-parser 1.x's)", () => {
    const { resolved } = runLegacy(work, `require('@webfw/core/v4'); process.stdout.write(JSON.stringify({ resolved: globalThis.__legacyResolved }));`) as {
      resolved: [string, string][];
    };
    expect(resolved).toContainEqual(['@webfw/body-parser/v4', expectedFile('@webfw/body-parser/v4')]);
  });

  it('should fail, not fall back, for a path that does not exist', () => {
    expect(() => runLegacy(work, `require('@webfw/core/v2')`)).toThrow(/legacy lookup \(no exports\): cannot find @webfw\/core\/v2/);
  });
});

describe('a CommonJS TypeScript project on node10 (fixtures/node10-cjs)', () => {
  // one major version's express types per program (5.x; 4.x with 3.x), as in tooling/types/types.test.ts
  const NODE10 = { module: 'commonjs', moduleResolution: 'node10', noEmit: false, outDir: 'out', rootDir: '.' };

  /**
   * Compiles the fixture's `folders` for `target` and expects no diagnostic; then runs the compiled
   * `file`, when given, through the legacy lookup and returns what it exports as `results`.
   */
  function compileAndRun(target: 'webfw' | 'express', folders: string[], compilerOptions: Record<string, unknown>, file?: string, rewrite = false): unknown {
    let results: unknown;
    const compiled = compileFixture('node10-cjs', target, {
      rewrite,
      include: folders.map((folder) => `${folder}/**/*.ts`),
      compilerOptions: { ...NODE10, ...compilerOptions },
      afterCompile: (project, { status }) => {
        if (status !== 0 || file === undefined) return;
        results = runLegacy(project, `process.stdout.write(JSON.stringify(require(${JSON.stringify(`./out/${file}`)}).results));`);
      },
    });
    expect(compiled).toMatchObject({ output: '', status: 0 });
    return results;
  }

  it('should compile `import x = require()` and a callable `import * as x` of the 5.x entries without esModuleInterop, and run', () => {
    expect(compileAndRun('webfw', ['cjs-5'], { esModuleInterop: false }, 'cjs-5/app.js')).toEqual({
      apps: ['function', 'function'],
      staticIsServeStatic: true,
      query: false,
      wildcard: true,
      generic: GENERIC_SPLIT,
      urlencoded: [[], []],
      mime: false,
      loggerMiddleware: 'function',
    });
  });

  it('should compile the same of the 4.x and 3.x entries (their folders) without esModuleInterop, and run', () => {
    expect(compileAndRun('webfw', ['cjs-4'], { esModuleInterop: false }, 'cjs-4/app.js')).toEqual({
      apps: ['function', 'function', 'function'],
      query: [true, true],
      wildcard: null,
      urlencoded: [[URLENCODED_WARNING], [URLENCODED_WARNING]],
      mime: true,
    });
  });

  it('should compile an ES-syntax app with esModuleInterop against @types/express (the reference)', () => {
    compileAndRun('express', ['interop-5'], { noEmit: true, esModuleInterop: true });
  });

  it('should compile the same app, module names changed, with esModuleInterop against webfw, and run', () => {
    expect(compileAndRun('webfw', ['interop-5'], { esModuleInterop: true }, 'interop-5/express-names.js', true)).toEqual({
      app: 'function',
      static: 'function',
      router: 'function',
      namespaceRouter: 'function',
    });
  });

  it('should compile default and named imports of the 4.x and 3.x entries with esModuleInterop, and run', () => {
    expect(compileAndRun('webfw', ['interop-4'], { esModuleInterop: true }, 'interop-4/subpaths.js')).toEqual({
      apps: ['function', 'function'],
      query: [true, true],
      logger: [false, true],
      wildcard: null,
      urlencoded: [[URLENCODED_WARNING], [URLENCODED_WARNING]],
      mime: true,
      loggerMiddleware: 'function',
    });
  });
});

describe('npm pack', () => {
  it.each(Object.keys(PACKAGES).filter((pkg) => PACKAGES[pkg]!.length > 1))('@webfw/%s should publish its entry folders', (pkg) => {
    const pack = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: join(root, 'packages', pkg),
      encoding: 'utf8',
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_loglevel: 'error' },
    });
    if (pack.status !== 0) throw new Error(`npm pack --dry-run failed:\n${pack.stdout}${pack.stderr}`);
    const [{ files }] = JSON.parse(pack.stdout) as [{ files: { path: string }[] }];
    const paths = files.map((f) => f.path);
    for (const sub of PACKAGES[pkg]!.filter((s) => s !== '.')) {
      expect(paths).toContain(`${sub}/package.json`);
      expect(paths).toEqual(expect.arrayContaining([`dist/${sub}.cjs`, `dist/${sub}.d.cts`, `dist/${sub}.js`, `dist/${sub}.d.ts`]));
    }
  });
});
