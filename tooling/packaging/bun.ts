/**
 * The Bun binary for the packaging suite. The npm registry's `@oven/bun-<platform>-<arch>`
 * package ships it (`bin/bun`); it is installed on first use into
 * `node_modules/.cache/runtimes/bun` with `npm install --prefix` (never globally), saying so
 * on the test output, and reused afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The Bun release the suite runs (the one issue 30 was reported on). */
export const BUN_VERSION = '1.4.5';

const root = join(__dirname, '..', '..');
const cache = join(root, 'node_modules', '.cache', 'runtimes', 'bun');
const pkg = `@oven/bun-${process.platform}-${process.arch}`;
const binary = join(cache, 'node_modules', ...pkg.split('/'), 'bin', process.platform === 'win32' ? 'bun.exe' : 'bun');

function version(file: string): string | undefined {
  if (!existsSync(file)) return undefined;
  const run = spawnSync(file, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/** The path of Bun `BUN_VERSION`, installed first when missing. Throws when the install fails. */
export function bunBinary(log: (line: string) => void): string {
  if (version(binary) === BUN_VERSION) return binary;
  log(`packaging: installing Bun ${BUN_VERSION} (${pkg}) into ${cache} with npm install --prefix`);
  mkdirSync(cache, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${BUN_VERSION}`];
  const run = spawnSync(npm, args, { encoding: 'utf8' });
  const got = version(binary);
  if (got !== BUN_VERSION) throw new Error(`installing ${pkg}@${BUN_VERSION} failed (exit ${run.status}): ${run.stderr || run.stdout}`);
  log(`packaging: Bun ${got} installed`);
  return binary;
}
