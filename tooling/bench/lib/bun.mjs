/**
 * Bun for the fetch suite: the binary of the npm registry's `@oven/bun-<platform>-<arch>`
 * package in node_modules/.cache/runtimes/bun (where the test suites keep it:
 * tooling/test-support/runtimes.ts), installed there with `npm install --prefix` when missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

/** The Bun release the tests run (tooling/test-support/runtimes.ts `BUN_VERSION`). */
export const BUN_VERSION = '1.4.5';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const cache = join(root, 'node_modules', '.cache', 'runtimes', 'bun');
const pkg = `@oven/bun-${process.platform}-${process.arch}`;
const binary = join(cache, 'node_modules', ...pkg.split('/'), 'bin', 'bun');

const versionOf = () => (existsSync(binary) ? spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout?.trim() : undefined);

/** The path of Bun `BUN_VERSION`, installed first when missing (said on the output). */
export function bunBinary() {
  if (versionOf() === BUN_VERSION) return binary;
  console.log(`bench: installing Bun ${BUN_VERSION} (${pkg}) into ${cache} with npm install --prefix`);
  spawnSync('npm', ['install', '--prefix', cache, '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--loglevel=error', `${pkg}@${BUN_VERSION}`], {
    stdio: 'inherit',
  });
  if (versionOf() !== BUN_VERSION) throw new Error(`bench: installing ${pkg}@${BUN_VERSION} failed`);
  return binary;
}
