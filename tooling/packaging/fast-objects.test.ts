/**
 * The objects a request reads (the app, its router, layers and routes, a mounted Router and
 * sub-app, the settings) stay out of V8's dictionary mode on every core entry, as built
 * (fixture/fast-objects.cjs, run by plain node with `--allow-natives-syntax`). A property read
 * from a dictionary-mode object is a call into V8's generic lookup on every request: the app
 * object there (a keepNames wrapper redefining its `name`), every 4.x layer after the first
 * (accessors made per layer) and the 4.x router (properties deleted to reorder them) cost
 * instructions on every request until fixed (docs/performance.md, "Counting instructions").
 * Express itself is not held to it (its sub-apps and settings are dictionary-mode).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const dist = join(__dirname, '..', '..', 'packages', 'core', 'dist');

test('the objects a request reads are not dictionary-mode, on the 5.x, /v4 and /v3 entries', () => {
  const entries = ['index.cjs', 'v4.cjs', 'v3.cjs'].map((file) => join(dist, file));
  const run = spawnSync(process.execPath, ['--allow-natives-syntax', join(__dirname, 'fixture', 'fast-objects.cjs'), ...entries], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`fast-objects.cjs failed (${run.status}):\n${run.stderr}`);
  const report = JSON.parse(run.stdout) as Record<string, { checked: number; slow: string[] }>;
  for (const entry of entries) {
    expect(report[entry]!.checked).toBe(10);
    expect([entry, report[entry]!.slow]).toEqual([entry, []]);
  }
});
