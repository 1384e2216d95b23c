/**
 * arethetypeswrong (`attw --pack`) on every package as it would be published, every entry
 * (`.` and `./v4`...) included: the types each resolution finds must match the JavaScript it
 * loads, `require()`'s callable export included. Every resolution counts (attw's default,
 * strict profile): `node10` (TypeScript's `moduleResolution: node`, which ignores `exports`: the
 * top-level `types`/`main`, and for a subpath entry the `package.json` of its folder, such as
 * packages/core/v4), `node16` from CommonJS and from ES modules, and bundlers. Each entry must
 * land on its own build: the CommonJS declaration and file (`dist/<entry>.d.cts`,
 * `dist/<entry>.cjs`) for node10 and node16 from CommonJS, the ES module ones for the others.
 * Needs the packages built (`npm test` builds them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ENTRIES, root } from './projects';

jest.setTimeout(120_000);

/** Every package and its entries as attw names them (the subpaths of its `exports`, `./package.json` aside). */
const ENTRIES: Record<string, string[]> = Object.fromEntries(
  Object.entries(PACKAGE_ENTRIES).map(([name, subpaths]) => [name, subpaths.map((sub) => (sub === '.' ? '.' : `./${sub}`))]),
);

type ResolutionKind = 'node10' | 'node16-cjs' | 'node16-esm' | 'bundler';

/** The part of `attw --format json` this test reads. */
interface AttwReport {
  analysis: {
    packageName: string;
    entrypoints: Record<
      string,
      { resolutions: Record<ResolutionKind, { resolution?: { fileName: string }; implementationResolution?: { fileName: string } }> }
    >;
    problems?: unknown[];
  };
  problems?: Record<string, unknown>;
}

/** The declaration and JavaScript file each resolution must find for an entry built as `dist/<base>`. */
function expected(pkg: string, base: string): Record<ResolutionKind, [string, string]> {
  const dist = `/node_modules/@webfw/${pkg}/dist/${base}`;
  const cjs: [string, string] = [`${dist}.d.cts`, `${dist}.cjs`];
  const esm: [string, string] = [`${dist}.d.ts`, `${dist}.js`];
  return { node10: cjs, 'node16-cjs': cjs, 'node16-esm': esm, bundler: esm };
}

describe('arethetypeswrong', () => {
  it.each(Object.keys(ENTRIES))('should find no problem in @webfw/%s, and every entry should resolve under node10', (name) => {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'dist', 'index.d.cts'))) throw new Error(`packages/${name}/dist is missing: run \`npm run setup\` first`);
    const attw = join(root, 'node_modules', '.bin', 'attw');
    const run = (format: string) =>
      spawnSync(attw, ['--pack', dir, '--format', format, '--no-color'], {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
        env: { ...process.env, NO_COLOR: '1', npm_config_update_notifier: 'false', npm_config_loglevel: 'error' },
      });
    const result = run('json');
    let report: AttwReport;
    try {
      report = JSON.parse(result.stdout) as AttwReport;
    } catch {
      throw new Error(`attw --pack packages/${name} printed no report:\n${result.stdout}${result.stderr}`);
    }
    // attw exits 1 on any problem; the table says which
    const problems = report.analysis.problems ?? [];
    if (result.status !== 0 || problems.length > 0) {
      const table = run('ascii');
      throw new Error(`attw --pack packages/${name} reported problems:\n${table.stdout}${table.stderr}`);
    }
    expect(report.analysis.packageName).toBe(`@webfw/${name}`);

    const entrypoints = report.analysis.entrypoints;
    // beside the entries: the manifest, and (core) the tracing instrumentation modules (plain CommonJS, docs/observability.md)
    const others = name === 'core' ? ['./package.json', './instrumentation/*'] : ['./package.json'];
    expect(Object.keys(entrypoints).sort()).toEqual([...ENTRIES[name]!, ...others].sort());
    for (const entry of ENTRIES[name]!) {
      const base = entry === '.' ? 'index' : entry.slice(2);
      const found: Record<string, [string | undefined, string | undefined]> = {};
      for (const [kind, resolution] of Object.entries(entrypoints[entry]!.resolutions)) {
        found[kind] = [resolution.resolution?.fileName, resolution.implementationResolution?.fileName];
      }
      expect({ entry, found }).toEqual({ entry, found: expected(name, base) });
    }
  });
});
