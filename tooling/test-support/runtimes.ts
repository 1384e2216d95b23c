/**
 * Runtimes other than node for the test suites, each from the npm registry's package that
 * ships its binary: Bun (`@oven/bun-<platform>-<arch>`, `bin/bun`), Deno
 * (`@deno/<platform>-<arch>-glibc`, `deno`) and Cloudflare's workerd (`workerd`,
 * `bin/workerd`). Each is installed on first use into `node_modules/.cache/runtimes/<name>`
 * with `npm install --prefix` (never globally), saying so on the test output, and reused
 * afterwards.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The Bun release the suites run. */
export const BUN_VERSION = '1.4.5';
/** The Deno release the fetch-handler suite runs. */
export const DENO_VERSION = '2.9.6';
/** The workerd release the fetch-handler suite runs. */
export const WORKERD_VERSION = '1.20261117.1';

const root = join(__dirname, '..', '..');
const exe = process.platform === 'win32' ? '.exe' : '';

interface Runtime {
  name: string;
  pkg: string;
  version: string;
  /** The binary's path inside the installed package. */
  bin: string[];
  /** What `<binary> --version` prints for `version` (its first line). */
  prints: (version: string) => RegExp;
}

function installedVersion(file: string, runtime: Runtime): boolean {
  if (!existsSync(file)) return false;
  const run = spawnSync(file, ['--version'], { encoding: 'utf8' });
  return run.status === 0 && runtime.prints(runtime.version).test(run.stdout.split('\n')[0]!.trim());
}

/** The path of `runtime`'s binary, installed first when missing. Throws when the install fails. */
function runtimeBinary(runtime: Runtime, log: (line: string) => void, label: string): string {
  const cache = join(root, 'node_modules', '.cache', 'runtimes', runtime.name);
  const binary = join(cache, 'node_modules', ...runtime.pkg.split('/'), ...runtime.bin);
  if (installedVersion(binary, runtime)) return binary;
  log(`${label}: installing ${runtime.name} ${runtime.version} (${runtime.pkg}) into ${cache} with npm install --prefix`);
  mkdirSync(cache, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    'install',
    '--prefix',
    cache,
    '--no-save',
    '--no-package-lock',
    '--no-audit',
    '--no-fund',
    '--loglevel=error',
    `${runtime.pkg}@${runtime.version}`,
  ];
  let run = spawnSync(npm, args, { encoding: 'utf8' });
  // Another test process may be installing the same runtime into the same folder (two jest
  // workers on a fresh clone): until its npm is done the binary can be missing or partly written
  // although this npm succeeded. Wait for it (up to a minute), then install once more.
  for (let waited = 0; waited < 60_000 && run.status === 0 && !installedVersion(binary, runtime); waited += 500) sleepSync(500);
  if (!installedVersion(binary, runtime)) run = spawnSync(npm, args, { encoding: 'utf8' });
  if (!installedVersion(binary, runtime))
    throw new Error(`installing ${runtime.pkg}@${runtime.version} failed (exit ${run.status}): ${run.stderr || run.stdout}`);
  log(`${label}: ${runtime.name} ${runtime.version} installed`);
  return binary;
}

/** Blocks this thread for `ms` milliseconds (the install above runs synchronously). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

const escape = (v: string): string => v.replace(/\./g, '\\.');

/** The path of Bun `BUN_VERSION`, installed first when missing. Throws when the install fails. */
export function bunBinary(log: (line: string) => void, label = 'packaging'): string {
  const pkg = `@oven/bun-${process.platform}-${process.arch}`;
  return runtimeBinary({ name: 'bun', pkg, version: BUN_VERSION, bin: ['bin', `bun${exe}`], prints: (v) => new RegExp(`^${escape(v)}$`) }, log, label);
}

/** The path of Deno `DENO_VERSION` (glibc build), installed first when missing. */
export function denoBinary(log: (line: string) => void, label = 'packaging'): string {
  const pkg = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  return runtimeBinary({ name: 'deno', pkg, version: DENO_VERSION, bin: [`deno${exe}`], prints: (v) => new RegExp(`^deno ${escape(v)} `) }, log, label);
}

/** The path of workerd `WORKERD_VERSION`, installed first when missing. */
export function workerdBinary(log: (line: string) => void, label = 'packaging'): string {
  // the package's bin/workerd is a launcher; the binary itself is in its platform package
  const pkg = `@cloudflare/workerd-${process.platform}-${process.arch === 'x64' ? '64' : process.arch}`;
  const version = WORKERD_VERSION;
  return runtimeBinary(
    {
      name: 'workerd',
      pkg,
      version,
      bin: ['bin', `workerd${exe}`],
      prints: (v) => new RegExp(`^workerd ${escape(v.split('.')[1]!.replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3'))}`),
    },
    log,
    label,
  );
}
