/**
 * The real servers the deploy tests run (redis-server, nginx, openssl), installed from the
 * Debian packages with apt-get when missing. The test never skips: without root or apt-get it
 * fails, saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A program and the Debian package that provides it. */
export interface Needed {
  program: string;
  pkg: string;
}

/** The path of `program` on PATH (or in /usr/sbin, where nginx lives), or undefined. */
export function which(program: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(':'), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  for (const dir of dirs) if (dir && existsSync(`${dir}/${program}`)) return `${dir}/${program}`;
  return undefined;
}

function aptGet(args: string[]): { ok: boolean; output: string } {
  const run = spawnSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', ...args], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    encoding: 'utf8',
    timeout: 10 * 60 * 1000,
  });
  return { ok: run.status === 0, output: `${run.stdout ?? ''}${run.stderr ?? ''}${run.error ? String(run.error) : ''}` };
}

/**
 * Installs the packages of the programs that are missing (saying so on stdout), running
 * `apt-get update` first when the package lists are stale; returns each program's path.
 */
export function ensurePrograms(needed: Needed[]): Record<string, string> {
  const missing = needed.filter((n) => which(n.program) === undefined);
  if (missing.length > 0) {
    const pkgs = missing.map((n) => n.pkg);
    process.stdout.write(`deploy test: ${missing.map((n) => n.program).join(', ')} missing: installing the Debian package(s) ${pkgs.join(' ')} with apt-get\n`);
    if (typeof process.getuid === 'function' && process.getuid() !== 0) {
      throw new Error(`deploy test: needs ${pkgs.join(' ')}; run as root or install them first (apt-get install ${pkgs.join(' ')})`);
    }
    const install = ['install', '-y', '-q', '--no-install-recommends', ...pkgs];
    let result = aptGet(install);
    if (!result.ok) {
      process.stdout.write('deploy test: apt-get install failed; running apt-get update and trying again\n');
      aptGet(['update', '-q']);
      result = aptGet(install);
    }
    if (!result.ok) throw new Error(`deploy test: apt-get install ${pkgs.join(' ')} failed:\n${result.output}`);
    process.stdout.write(`deploy test: installed ${pkgs.join(' ')}\n`);
  }
  const paths: Record<string, string> = {};
  for (const n of needed) {
    const path = which(n.program);
    if (path === undefined) throw new Error(`deploy test: ${n.program} is still missing after installing ${n.pkg}`);
    paths[n.program] = path;
  }
  return paths;
}
