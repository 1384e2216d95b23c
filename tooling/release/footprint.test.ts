/**
 * Footprint: each package installed alone (./footprint.mjs: packed, installed with
 * npm into an empty project) against the package it replaces installed the same way. Sizes and
 * counts are deterministic for given versions, so this compares; it times nothing (ten npm
 * installs, four at a time).
 *
 * Every row's package count is at or under its peer's but static's and core's (express 4's own
 * libraries for their 4.x entries, see OPEN_COUNT). Disk size (du -sk at 4 KiB blocks) is at
 * or under the peer for the logger, the router and the body parser. Static and core are still
 * heavier than serve-static 2 and express 5 (docs/releasing.md, "Footprint": their 4.x/3.x
 * entries with express 4's libraries, declarations, READMEs): for those the test holds the
 * ratio where it is now, so it can only shrink.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

jest.setTimeout(240_000);

interface Figures {
  packages: number;
  bytes: number;
  diskKB: number;
}
interface Row {
  name: string;
  peer: string;
  webfw: Figures;
  peerFigures: Figures;
}

/**
 * Disk size over the peer's, at most, for the rows not yet under it: the ratio they stand at
 * (docs/releasing.md's footprint table), so a change can only shrink it.
 */
const OPEN: Record<string, number> = { '@webfw/static': 1.53, '@webfw/core': 1.22 };
/**
 * Package count over the peer's, at most, for the rows not yet under it: static and core carry
 * send 0.19 (`send-v0`, seven packages) for their 4.x entries, and core fresh 0.5 and
 * range-parser 1.2 (`fresh-v0`, `range-parser-v0`), the versions express 4 pins, dependencies so
 * that an express 4 app runs on `@webfw/core/v4` with nothing else installed.
 */
const OPEN_COUNT: Record<string, number> = { '@webfw/static': 1.3, '@webfw/core': 1.06 };

let rows: Row[];
beforeAll(() => {
  const run = spawnSync(process.execPath, [join(__dirname, 'footprint.mjs'), '--json'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`footprint.mjs failed (${run.status}):\n${run.stderr}`);
  rows = JSON.parse(run.stdout) as Row[];
  // the figures go to a file, not the test output (`npm run footprint` prints them as a table)
  const reports = join(__dirname, '..', '..', 'node_modules', '.cache', 'test-reports');
  mkdirSync(reports, { recursive: true });
  writeFileSync(
    join(reports, 'footprint.txt'),
    rows
      .map((r) => `${r.name}: ${r.webfw.packages} packages, ${r.webfw.diskKB} KB; ${r.peer}: ${r.peerFigures.packages} packages, ${r.peerFigures.diskKB} KB`)
      .join('\n') + '\n',
  );
});

const names = ['@webfw/logger', '@webfw/router', '@webfw/static', '@webfw/body-parser', '@webfw/core'];

describe('footprint: each package installed alone, beside the package it replaces', () => {
  it.each(names)('%s should install no more packages than its peer (or, while open, than it does now)', (name) => {
    const row = rows.find((r) => r.name === name)!;
    expect(row.webfw.packages).toBeLessThanOrEqual(Math.floor(row.peerFigures.packages * (OPEN_COUNT[name] ?? 1)));
  });

  it.each(names)('%s should put no more on disk than its peer (or, while open, no more than it does now)', (name) => {
    const row = rows.find((r) => r.name === name)!;
    expect(row.webfw.diskKB).toBeLessThanOrEqual(Math.floor(row.peerFigures.diskKB * (OPEN[name] ?? 1)));
  });

  it('should not install @types/node, nor the router with static', () => {
    // neither shows as a package: logger alone is itself and depd
    expect(rows.find((r) => r.name === '@webfw/logger')!.webfw.packages).toBe(2);
  });
});
