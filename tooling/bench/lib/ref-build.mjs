/**
 * Builds the packages as they were at a git commit, beside the working tree, so a suite can run
 * that build against this one in the same rounds: a detached worktree in
 * `<os tmpdir>/webfw-bench-refs/<sha>` (outside this tree: its builds must not see this
 * tree's node_modules),
 * set up there by the repository's own setup script
 * (pnpm install from that commit's lockfile, the packages' builds). Made once per commit and
 * reused.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** The full commit id of `ref` in this repository. Throws when git does not know it. */
export function resolveRef(ref) {
  return execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * The build a comparison counts for `ref`, as `{ label, dir }`: '.' is this tree, the path of a
 * built checkout (a copy of the tree changed by hand, to count a variant before committing it)
 * is taken as it is, and anything else is a git ref, built by buildRef.
 */
export function countedBuild(ref) {
  if (ref === '.') return { label: 'this tree', dir: root };
  if (existsSync(join(ref, 'packages', 'core', 'dist'))) return { label: basename(resolve(ref)), dir: resolve(ref) };
  return { label: `${ref} (${resolveRef(ref).slice(0, 8)})`, dir: buildRef(ref) };
}

/**
 * The folder of a built checkout of `ref` (made when missing: `git worktree add --detach`, then
 * `node tooling/scripts/setup.mjs` in it, its output shown). Its packages are at
 * `<folder>/packages/<name>/dist`.
 */
export function buildRef(ref) {
  const sha = resolveRef(ref);
  const dir = join(tmpdir(), 'webfw-bench-refs', sha);
  if (!existsSync(join(dir, 'package.json'))) {
    mkdirSync(join(tmpdir(), 'webfw-bench-refs'), { recursive: true });
    execFileSync('git', ['worktree', 'prune'], { cwd: root });
    execFileSync('git', ['worktree', 'add', '--detach', dir, sha], { cwd: root, stdio: 'inherit' });
  }
  console.log(`bench: setting up ${ref} (${sha.slice(0, 10)}) in ${dir}`);
  execFileSync(process.execPath, [join('tooling', 'scripts', 'setup.mjs')], { cwd: dir, stdio: 'inherit' });
  return dir;
}

/** The commit just before the first one that added `path` (the tree without it). */
export function commitBefore(path) {
  const added = execFileSync('git', ['log', '--diff-filter=A', '--format=%H', '--', path], { cwd: root, encoding: 'utf8' }).trim().split('\n').pop();
  if (!added) throw new Error(`no commit added ${path}`);
  return resolveRef(`${added}^`);
}
