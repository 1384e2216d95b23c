/**
 * tooling/scripts/setup.mjs: what it installs and builds, and what it skips on a re-run.
 *
 * Each test runs the real setup.mjs in a small throwaway workspace (copied into a temp dir, so
 * the script's root is that dir): four packages under packages/ (@t/c depends on @t/b, which
 * depends on @t/a; @t/d stands alone) whose `build` script is a tiny shell script, and a fake
 * `pnpm` first on PATH. Both append to calls.log, so a test sees exactly what ran.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const setupScript = join(__dirname, '..', 'setup.mjs');
const made: string[] = [];

afterAll(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Writes `content` to `root/path`, creating directories. */
function put(root: string, path: string, content: string): void {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), content);
}

const FAKE_PNPM = `#!/bin/sh
root="$(pwd)"
if [ "$1" = "--version" ]; then echo 10.34.8; exit 0; fi
echo "pnpm $*" >> "$root/calls.log"
if [ -f "$root/FAIL_INSTALL" ]; then echo "ERR_PNPM_FAKE install failed on purpose"; exit 3; fi
mkdir -p "$root/node_modules" "$root/packages/b/node_modules" "$root/packages/c/node_modules"
touch "$root/node_modules/.modules.yaml"
cat <<'OUT'
Scope: all 6 workspace projects
Packages: +2
++
Progress: resolved 2, reused 2, downloaded 0, added 2, done

dependencies:
+ left-pad 1.3.0

devDependencies:
+ ms 2.1.3
- old-thing 1.0.0

OUT
echo
echo "Done in 0.1s using pnpm v10.34.8"
`;

/** What setup shows of the fake pnpm's install: its output without the listing of dependencies. */
const PNPM_SHOWN = [
  'Scope: all 6 workspace projects',
  'Packages: +2',
  '++',
  'Progress: resolved 2, reused 2, downloaded 0, added 2, done',
  'Done in 0.1s using pnpm v10.34.8',
];

const FAKE_BUILD = `#!/bin/sh
name=$(sed -n 's/^  "name": "\\(.*\\)",$/\\1/p' package.json)
echo "build $name" >> ../../calls.log
echo "tsup-like noise for $name"
files=$(find src -maxdepth 1 -type f | sort)
if cat $files | grep -q FAIL; then echo "$name failed on purpose" >&2; exit 2; fi
mkdir -p dist
cat $files > dist/index.js
echo 'export {};' > dist/index.d.ts
`;

/** A package.json for a throwaway package with a build script and the given dependencies. */
function manifest(name: string, deps: Record<string, string> = {}): string {
  return JSON.stringify({ name, version: '1.0.0', scripts: { build: 'sh ../../build.sh' }, dependencies: deps }, null, 2) + '\n';
}

/** Creates the throwaway workspace; returns its root. */
function makeWorkspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'webfw-setup-test-'));
  made.push(root);
  put(root, 'package.json', JSON.stringify({ name: 'ws', private: true, packageManager: 'pnpm@10.34.8' }) + '\n');
  put(root, 'pnpm-workspace.yaml', 'packages:\n  - "packages/*"\n  - "tooling/other"\n\nonlyBuiltDependencies:\n  - esbuild\n');
  put(root, 'pnpm-lock.yaml', "lockfileVersion: '9.0'\n");
  put(root, 'tsconfig.json', '{}\n');
  put(root, 'tsconfig.base.json', '{}\n');
  put(root, 'tooling/tsup.preset.mjs', 'export const preset = 1;\n');
  put(root, 'tooling/other/package.json', JSON.stringify({ name: 'other', private: true }) + '\n');
  mkdirSync(join(root, 'tooling', 'scripts'), { recursive: true });
  copyFileSync(setupScript, join(root, 'tooling', 'scripts', 'setup.mjs'));
  put(root, 'build.sh', FAKE_BUILD);
  put(root, 'bin/pnpm', FAKE_PNPM);
  chmodSync(join(root, 'bin', 'pnpm'), 0o755);
  put(root, 'packages/a/package.json', manifest('@t/a'));
  put(root, 'packages/a/src/index.ts', 'a1\n');
  put(root, 'packages/b/package.json', manifest('@t/b', { '@t/a': 'workspace:^', 'left-pad': '^1.0.0' }));
  put(root, 'packages/b/src/index.ts', 'b1\n');
  put(root, 'packages/c/package.json', manifest('@t/c', { '@t/b': 'workspace:^' }));
  put(root, 'packages/c/src/index.ts', 'c1\n');
  put(root, 'packages/c/tsup.config.mjs', 'export default {};\n');
  put(root, 'packages/d/package.json', manifest('@t/d'));
  put(root, 'packages/d/src/index.ts', 'd1\n');
  put(root, 'packages/d/src/deep/util.ts', 'u1\n');
  return root;
}

/** Runs setup.mjs in `root`; returns its exit code, stdout lines and what ran (calls.log). */
function setup(root: string): { status: number | null; lines: string[]; calls: string[] } {
  writeFileSync(join(root, 'calls.log'), '');
  const result = spawnSync(process.execPath, [join(root, 'tooling', 'scripts', 'setup.mjs')], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, PATH: join(root, 'bin') + delimiter + (process.env.PATH ?? '') },
  });
  if (result.stderr !== '') throw new Error(`setup wrote to stderr: ${result.stderr}`);
  const calls = readFileSync(join(root, 'calls.log'), 'utf8').split('\n').filter(Boolean);
  return { status: result.status, lines: result.stdout.split('\n').filter(Boolean), calls };
}

let template: string | undefined;
/**
 * A workspace that has been set up once already: a copy of one set up for the whole file (the
 * records hold no absolute paths, so a copied tree is as up to date as the original).
 */
function setUpWorkspace(): string {
  if (!template) {
    template = makeWorkspace();
    const first = setup(template);
    if (first.status !== 0) throw new Error(`setup failed:\n${first.lines.join('\n')}`);
  }
  const root = mkdtempSync(join(tmpdir(), 'webfw-setup-test-'));
  made.push(root);
  cpSync(template, root, { recursive: true });
  return root;
}

const INSTALL = 'pnpm install --frozen-lockfile --reporter=append-only --loglevel=info';
const builds = (calls: string[]) =>
  calls
    .filter((c) => c.startsWith('build '))
    .map((c) => c.slice(6))
    .sort();

describe('setup.mjs on a fresh clone', () => {
  it('should install, then build every package after the packages it depends on, printing each step', () => {
    const root = makeWorkspace();
    const { status, lines, calls } = setup(root);
    expect(status).toBe(0);
    expect(calls[0]).toBe(INSTALL);
    expect(builds(calls)).toEqual(['@t/a', '@t/b', '@t/c', '@t/d']);
    expect(calls.indexOf('build @t/a')).toBeLessThan(calls.indexOf('build @t/b'));
    expect(calls.indexOf('build @t/b')).toBeLessThan(calls.indexOf('build @t/c'));
    expect(lines[0]).toBe(`webfw setup: installing dependencies (${INSTALL})`);
    expect(lines.slice(1, 6)).toEqual(PNPM_SHOWN);
    const progress = lines.slice(6, 14);
    expect(progress.filter((l) => l.includes(' building ')).sort()).toEqual(['@t/a', '@t/b', '@t/c', '@t/d'].map((n) => `webfw setup: building ${n}`));
    for (const name of ['@t/a', '@t/b', '@t/c', '@t/d']) {
      const built = progress.findIndex((l) => new RegExp(`^webfw setup: built ${name} in \\d+\\.\\d s$`).test(l));
      expect(built).toBeGreaterThan(progress.indexOf(`webfw setup: building ${name}`));
    }
    // a package starts building once the packages it depends on are built
    expect(progress.findIndex((l) => l.startsWith('webfw setup: built @t/a '))).toBeLessThan(progress.indexOf('webfw setup: building @t/b'));
    expect(progress.findIndex((l) => l.startsWith('webfw setup: built @t/b '))).toBeLessThan(progress.indexOf('webfw setup: building @t/c'));
    expect(lines[14]).toMatch(/^webfw setup: built 4 packages in \d+\.\d s$/);
    expect(lines[15]).toMatch(/^webfw setup: ready in \d+\.\d s$/);
    expect(lines).toHaveLength(16);
    expect(readFileSync(join(root, 'packages/c/dist/index.js'), 'utf8')).toBe('c1\n');
  });
});

describe('setup.mjs on a tree that was set up before', () => {
  it('should neither install nor build when nothing changed', () => {
    const root = setUpWorkspace();
    const { status, lines, calls } = setup(root);
    expect(status).toBe(0);
    expect(calls).toEqual([]);
    expect(lines[0]).toBe('webfw setup: dependencies up to date');
    expect(lines[1]).toBe('webfw setup: 4 packages up to date, nothing to build');
    expect(lines[2]).toMatch(/^webfw setup: ready in \d+\.\d s$/);
    expect(lines).toHaveLength(3);
  });

  it('should rebuild a package whose src changed and the packages that depend on it, nothing else', () => {
    const root = setUpWorkspace();
    writeFileSync(join(root, 'packages/b/src/index.ts'), 'b2\n');
    const { status, lines, calls } = setup(root);
    expect(status).toBe(0);
    expect(calls).toEqual(['build @t/b', 'build @t/c']);
    expect(lines).toContain('webfw setup: up to date: @t/a, @t/d');
    expect(lines).toContain('webfw setup: building @t/b');
    expect(lines).toContain('webfw setup: building @t/c');
    expect(setup(root).calls).toEqual([]);
  });

  it('should rebuild a package when a file is added deep in its src', () => {
    const root = setUpWorkspace();
    put(root, 'packages/d/src/deep/more.ts', 'm1\n');
    expect(setup(root).calls).toEqual(['build @t/d']);
  });

  it('should rebuild a package whose tsup config changed', () => {
    const root = setUpWorkspace();
    writeFileSync(join(root, 'packages/c/tsup.config.mjs'), 'export default { minify: true };\n');
    expect(setup(root).calls).toEqual(['build @t/c']);
  });

  it('should rebuild a package whose dist was removed, or altered since its build', () => {
    const root = setUpWorkspace();
    rmSync(join(root, 'packages/d/dist'), { recursive: true });
    expect(setup(root).calls).toEqual(['build @t/d']);
    appendFileSync(join(root, 'packages/a/dist/index.js'), '// half-written\n');
    expect(builds(setup(root).calls)).toEqual(['@t/a', '@t/b', '@t/c']);
  });

  it('should rebuild every package when the shared tsup preset or a root tsconfig changed, without installing', () => {
    const root = setUpWorkspace();
    writeFileSync(join(root, 'tooling/tsup.preset.mjs'), 'export const preset = 2;\n');
    let { calls } = setup(root);
    expect(calls).not.toContain(INSTALL);
    expect(builds(calls)).toEqual(['@t/a', '@t/b', '@t/c', '@t/d']);
    writeFileSync(join(root, 'tsconfig.base.json'), '{ "compilerOptions": {} }\n');
    ({ calls } = setup(root));
    expect(builds(calls)).toEqual(['@t/a', '@t/b', '@t/c', '@t/d']);
  });

  it('should install and rebuild everything when the lockfile changed', () => {
    const root = setUpWorkspace();
    appendFileSync(join(root, 'pnpm-lock.yaml'), 'importers: {}\n');
    const { calls, lines } = setup(root);
    expect(calls[0]).toBe(INSTALL);
    expect(builds(calls)).toEqual(['@t/a', '@t/b', '@t/c', '@t/d']);
    expect(lines[0]).toBe(`webfw setup: installing dependencies (${INSTALL})`);
  });

  it('should install when any workspace package.json or pnpm-workspace.yaml changed, and rebuild only a package whose own package.json changed', () => {
    const root = setUpWorkspace();
    writeFileSync(join(root, 'tooling/other/package.json'), JSON.stringify({ name: 'other', private: true, version: '2.0.0' }) + '\n');
    expect(setup(root).calls).toEqual([INSTALL]);
    appendFileSync(join(root, 'pnpm-workspace.yaml'), '# comment\n');
    expect(setup(root).calls).toEqual([INSTALL]);
    writeFileSync(join(root, 'packages/d/package.json'), manifest('@t/d', { ms: '^2.1.3' }));
    expect(setup(root).calls).toEqual([INSTALL, 'build @t/d']);
  });

  it('should install and build again when node_modules was removed', () => {
    const root = setUpWorkspace();
    rmSync(join(root, 'node_modules'), { recursive: true });
    const { calls } = setup(root);
    expect(calls[0]).toBe(INSTALL);
    expect(builds(calls)).toEqual(['@t/a', '@t/b', '@t/c', '@t/d']);
  });

  it("should install again when a workspace package's node_modules was removed", () => {
    const root = setUpWorkspace();
    rmSync(join(root, 'packages/b/node_modules'), { recursive: true });
    expect(setup(root).calls).toEqual([INSTALL]);
  });
});

describe('setup.mjs when a step fails', () => {
  it("should stop with exit code 1 and the failed build's output, build nothing that depends on it, and retry it next run", () => {
    const root = setUpWorkspace();
    writeFileSync(join(root, 'packages/b/src/index.ts'), 'FAIL\n');
    const failed = setup(root);
    expect(failed.status).toBe(1);
    expect(failed.calls).toEqual(['build @t/b']);
    expect(failed.lines).toEqual([
      'webfw setup: dependencies up to date',
      'webfw setup: up to date: @t/a, @t/d',
      'webfw setup: building @t/b',
      'tsup-like noise for @t/b',
      '@t/b failed on purpose',
      'webfw setup: building @t/b failed (packages/b: sh ../../build.sh, exit code 2)',
    ]);
    expect(setup(root).calls).toEqual(['build @t/b']);
    writeFileSync(join(root, 'packages/b/src/index.ts'), 'b3\n');
    expect(setup(root).calls).toEqual(['build @t/b', 'build @t/c']);
  });

  it('should stop with exit code 1 when the install fails, and install again next run', () => {
    const root = setUpWorkspace();
    appendFileSync(join(root, 'pnpm-lock.yaml'), '# changed\n');
    writeFileSync(join(root, 'FAIL_INSTALL'), '');
    const failed = setup(root);
    expect(failed.status).toBe(1);
    expect(failed.calls).toEqual([INSTALL]);
    expect(failed.lines).toEqual([
      `webfw setup: installing dependencies (${INSTALL})`,
      'ERR_PNPM_FAKE install failed on purpose',
      'webfw setup: installing dependencies failed (exit code 3)',
    ]);
    rmSync(join(root, 'FAIL_INSTALL'));
    expect(setup(root).calls[0]).toBe(INSTALL);
  });
});
