/**
 * A package of the workspace as npm installs it, for suites that run the built packages from a
 * temp dir (the packaging suite, the fetch-handler runtimes suite): its package.json and the
 * files its `files` lists copied, its dependencies linked from the workspace (as the pnpm
 * store has them), its `@webfw/*` siblings left to be found one level up.
 */
import { cpSync, mkdirSync, readFileSync, realpathSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

/** Every package of the workspace, dependencies first. */
export const PACKAGES = ['logger', 'body-parser', 'router', 'static', 'core'];

interface Manifest {
  files?: string[];
  dependencies?: Record<string, string>;
}

/** Installs `packages/<name>` into `nodeModules/@webfw/<name>` as npm would (see the file comment). */
export function installPackage(name: string, nodeModules: string): void {
  const pkg = join(root, 'packages', name);
  const target = join(nodeModules, '@webfw', name);
  const manifest = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')) as Manifest;
  mkdirSync(target, { recursive: true });
  cpSync(join(pkg, 'package.json'), join(target, 'package.json'));
  for (const entry of manifest.files ?? []) {
    try {
      cpSync(join(pkg, entry), join(target, entry), { recursive: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  for (const dep of Object.keys(manifest.dependencies ?? {})) {
    if (dep.startsWith('@webfw/')) continue; // the sibling copies, found one level up
    const link = join(target, 'node_modules', dep);
    mkdirSync(join(link, '..'), { recursive: true });
    symlinkSync(realpathSync(join(pkg, 'node_modules', dep)), link, 'dir');
  }
}
