/**
 * Function names survive the build (ARCHITECTURE.md, "Module format"): the built packages'
 * layer names (`app._router.stack[i].name`, which tracing agents and route listers read) are
 * express's, for the same app on the 5.x entry against express 5 and on the /v4 entry against
 * express 4. The built files run in plain node (fixture/layer-names.cjs), not through jest's
 * mapping of `@webfw/*` to the sources. Before tsup's keepNames (tooling/tsup.preset.mjs) the
 * bundling renamed `router` to `router2`, `handle` to `handle3`, `query` to `query2`...
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');
const core = join(root, 'packages', 'core');
const fromCore = (id: string): string => require.resolve(id, { paths: [core] });

type Names = Record<string, { app: string[]; routes: string[][]; router: string[]; routerRoutes: string[][] }>;

function layerNames(ids: string[]): Names {
  const run = spawnSync(process.execPath, [join(__dirname, 'fixture', 'layer-names.cjs'), ...ids], { cwd: core, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`layer-names.cjs failed (${run.status}):\n${run.stderr}`);
  return JSON.parse(run.stdout) as Names;
}

test("the built 5.x and /v4 entries' layer names are express 5's and express 4's", () => {
  const express5 = fromCore('express');
  const express4 = fromCore('express-v4');
  const webfw5 = join(core, 'dist', 'index.cjs');
  const webfw4 = join(core, 'dist', 'v4.cjs');
  const names = layerNames([express5, webfw5, express4, webfw4]);

  expect(names[webfw5]).toEqual(names[express5]);
  expect(names[webfw4]).toEqual(names[express4]);
  // what the comparison is about, spelled out (a renamed build gave router2, handle3, query2 ...)
  expect(names[webfw4]!.app).toEqual([
    'query',
    'expressInit',
    'jsonParser',
    'urlencodedParser',
    'serveStatic',
    'logRequest',
    'bound dispatch',
    'bound dispatch',
    'bound dispatch',
    'router',
    'mounted_app',
    'onError',
  ]);
  expect(names[webfw5]!.app).toEqual([
    'jsonParser',
    'urlencodedParser',
    'serveStatic',
    'logRequest',
    'handle',
    'handle',
    'handle',
    'router',
    'mounted_app',
    'onError',
  ]);
  expect(names[webfw5]!.routes).toEqual([['getUser'], ['<anonymous>'], ['getBoth']]);
});

test('the build drops only the keepNames wrappers JavaScript makes redundant: every name stays', () => {
  // fixture/redundant-names.mjs: an esbuild keepNames bundle with renamed and unrenamed
  // functions, classes, fields, properties and closures, run before and after the preset's
  // step, bundled into one file and split into entries sharing a chunk (as the packages are)
  const run = spawnSync(process.execPath, [join(__dirname, 'fixture', 'redundant-names.mjs')], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`redundant-names.mjs failed (${run.status}):\n${run.stderr}`);
  const { kept, blanked, calls } = JSON.parse(run.stdout) as {
    kept: Record<string, string>;
    blanked: Record<string, string>;
    calls: Record<'single' | 'split', { kept: number; blanked: number }>;
  };
  expect(Object.keys(kept).length).toBeGreaterThan(40);
  expect(blanked).toEqual(kept);
  expect(kept['single.b.handle']).toBe('handle'); // renamed `handle2` in the bundle: its wrapper stays
  expect(calls.single.blanked).toBeGreaterThan(0);
  expect(calls.single.blanked).toBeLessThan(calls.single.kept / 2);
  // split, nothing collides, so no wrapper restores a name: an entry's calls of the chunk's
  // helper, `(0, import_chunk_X.__name)(function f() {}, "f")`, go too (one on a function made
  // dictionary-mode every app object and router: docs/performance.md, "Counting instructions")
  expect(calls.split.kept).toBeGreaterThan(20);
  expect(calls.split.blanked).toBe(0);
});
