/**
 * How the release rehearsal runs things: commands side by side (installs run in parallel),
 * their output kept for the failure message, and a scratch copy of the repository with its own
 * git and a local bare `origin`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const root = join(__dirname, '..', '..', '..');
/** The published packages, by folder under packages/. */
export const names = ['logger', 'body-parser', 'router', 'static', 'core'];
/** Who commits in the scratch copy. */
export const GIT_USER = { GIT_AUTHOR_NAME: 'rehearsal', GIT_AUTHOR_EMAIL: 'r@localhost', GIT_COMMITTER_NAME: 'rehearsal', GIT_COMMITTER_EMAIL: 'r@localhost' };

export interface Run {
  status: number | null;
  output: string;
}

/** Runs a command asynchronously with npm's notices off; resolves with its status and output, never throws. */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd,
      env: { ...process.env, npm_config_update_notifier: 'false', npm_config_audit: 'false', npm_config_fund: 'false', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (err) => resolve({ status: -1, output: output + String(err) }));
    child.on('close', (status) => resolve({ status, output }));
  });
}

/** Runs a command that must succeed; resolves with its output, rejects with it otherwise. */
export async function ok(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<string> {
  const result = await run(command, args, cwd, env);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}) in ${cwd}:\n${result.output}`);
  return result.output;
}

/** Runs `tasks`, `limit` at a time. */
export async function pool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** A git command in `cwd` that must succeed; returns its standard output. */
export function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr}`);
  return r.stdout;
}

/**
 * Copies the repository's files (tracked, and new ones not ignored) to `dest` with its own git
 * and a bare `origin` beside it, the packages' dist/ as setup built them, and the workspace's
 * node_modules linked.
 */
export function copyRepository(dest: string): void {
  const list = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (list.status !== 0) throw new Error(list.stderr);
  for (const file of list.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(root, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dest, file)), { recursive: true });
    cpSync(join(root, file), join(dest, file));
  }
  for (const name of names) cpSync(join(root, 'packages', name, 'dist'), join(dest, 'packages', name, 'dist'), { recursive: true });
  symlinkSync(join(root, 'node_modules'), join(dest, 'node_modules'), 'dir');
  // pnpm publish replaces `workspace:^` from the linked sibling's version: link the copy's own
  for (const name of names) {
    const manifest = JSON.parse(readFileSync(join(dest, 'packages', name, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
    for (const dep of Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@webfw/'))) {
      mkdirSync(join(dest, 'packages', name, 'node_modules', '@webfw'), { recursive: true });
      symlinkSync(join(dest, 'packages', dep.slice('@webfw/'.length)), join(dest, 'packages', name, 'node_modules', ...dep.split('/')), 'dir');
    }
  }
  const user = ['-c', 'user.name=rehearsal', '-c', 'user.email=rehearsal@localhost'];
  git(dest, 'init', '-q', '-b', 'main');
  git(dest, ...user, 'add', '-A');
  git(dest, ...user, 'commit', '-q', '-m', 'scratch copy');
  // a clone's origin, for the steps' `git push --follow-tags`
  const origin = join(dirname(dest), 'origin.git');
  git(dirname(dest), 'init', '-q', '--bare', '-b', 'main', origin);
  git(dest, 'remote', 'add', 'origin', origin);
  git(dest, 'push', '-q', '-u', 'origin', 'main');
}

/** The command lines of the fenced block marked `<!-- run: <marker> -->` in `doc` (relative to the root), comments dropped. */
export function runBlock(doc: string, marker: string, lang = 'sh'): string[] {
  const text = readFileSync(join(root, doc), 'utf8');
  const block = new RegExp(`^<!-- run: ${marker} -->\\s*^\`\`\`${lang}\\n([^]*?)^\`\`\`$`, 'm').exec(text)?.[1];
  if (block === undefined) throw new Error(`${doc} has no block marked <!-- run: ${marker} -->`);
  return block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

/** A changeset file: the packages it names and its text. */
export function readChangeset(file: string): { packages: string[]; summary: string } {
  const [, front = '', summary = ''] = /^---\n([^]*?)\n---\n([^]*)$/.exec(readFileSync(file, 'utf8')) ?? [];
  return { packages: [...front.matchAll(/^["']?(@webfw\/[\w-]+)["']?:/gm)].map((m) => m[1]!), summary: summary.trim() };
}

/** The workspace's private packages (pnpm-workspace.yaml's list) in `repo`: folder, name and version. */
export function privatePackages(repo: string): { dir: string; name: string; version: string }[] {
  const yaml = readFileSync(join(repo, 'pnpm-workspace.yaml'), 'utf8');
  const list = /^packages:\n((?:[ \t]+-.*\n)+)/m.exec(yaml)?.[1] ?? '';
  const globs = [...list.matchAll(/-\s+["']?([^"'\n]+?)["']?\s*$/gm)].map((m) => m[1]!);
  const dirs = globs.flatMap((glob) => (glob.endsWith('/*') ? readdirSync(join(repo, glob.slice(0, -2))).map((d) => `${glob.slice(0, -2)}/${d}`) : [glob]));
  return dirs
    .filter((dir) => existsSync(join(repo, dir, 'package.json')))
    .map((dir) => ({ dir, ...(JSON.parse(readFileSync(join(repo, dir, 'package.json'), 'utf8')) as { name: string; version: string; private?: boolean }) }))
    .filter((pkg) => pkg.private === true)
    .map(({ dir, name, version }) => ({ dir, name, version }));
}
