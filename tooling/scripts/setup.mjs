#!/usr/bin/env node
/**
 * Sets the workspace up on a machine that has only Node.js and npm: installs every dependency
 * from the lockfile (with the pinned pnpm, fetched through npx when it is not on PATH) and
 * builds every package under packages/, dependencies first. It prints one short line per step.
 *
 * Safe and fast to run again: work is skipped when its inputs did not change.
 * - install: skipped when the hash of the lockfile, pnpm-workspace.yaml, .npmrc and every
 *   workspace package.json matches the one recorded after the last successful install
 *   (node_modules/.webfw-setup/install.json) and node_modules exists.
 * - build of a package: skipped when the hash of its src/, package.json and tsup config, the
 *   shared tsup preset (with its declaration step, tooling/scripts/entry-types.mjs) and
 *   tsconfigs, the lockfile (the toolchain's versions) and the input
 *   hashes of the workspace packages it depends on (core's types are built against router's,
 *   body-parser's and static's dist) matches the one recorded after its last successful build
 *   (node_modules/.webfw-setup/build-<name>.json), and its dist/ still holds exactly what that
 *   build wrote (and core's instrumentation/). The records live in node_modules, not dist/, so
 *   they are never published.
 *
 * A package's build runs its own `build` script (as `pnpm run build` would, with the
 * workspace's node_modules/.bin on PATH), two at a time; its output is shown only if it fails,
 * and each build prints its time once done (`built @webfw/router in 3.1 s`). pnpm's output is
 * shown but for its listing of the installed dependencies (see installOutputFilter).
 *
 * Usage: node tooling/scripts/setup.mjs [--typecheck]
 *   --typecheck  afterwards, type-check the whole workspace (tsc -p tsconfig.json)
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { delimiter, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const STAMP_VERSION = 'webfw-setup 1';
/** Files shared by every package's build: a change to any of them rebuilds every package. */
const SHARED_BUILD_INPUTS = ['tooling/tsup.preset.mjs', 'tooling/scripts/entry-types.mjs', 'tsconfig.json', 'tsconfig.base.json', 'pnpm-lock.yaml'];

/** Prints one progress line. */
function say(message) {
  process.stdout.write(`webfw setup: ${message}\n`);
}

/** Returns the relative paths (with `/`) of every file below `dir`, sorted; none when it is missing. */
export function listFiles(dir) {
  const out = [];
  const walk = (current) => {
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** Feeds a file into `hash` under its label; a missing file is hashed as missing. */
function hashFile(hash, label, path) {
  hash.update(`\0file ${label}\0`);
  try {
    hash.update(readFileSync(path));
  } catch {
    hash.update('\0missing\0');
  }
}

/**
 * Returns the workspace packages named in pnpm-workspace.yaml (`dir` relative to `root`, and
 * the parsed package.json), sorted by directory. Supports entries that name a directory or end
 * in `/*`; entries starting with `!` exclude a directory.
 */
export function workspacePackages(root) {
  const yaml = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8');
  const patterns = [];
  let inPackages = false;
  for (const line of yaml.split(/\r?\n/)) {
    if (/^\S/.test(line)) inPackages = /^packages\s*:/.test(line);
    else if (inPackages) {
      const m = /^\s*-\s*["']?([^"'#]+?)["']?\s*(#.*)?$/.exec(line);
      if (m) patterns.push(m[1]);
    }
  }
  const excluded = new Set(patterns.filter((p) => p.startsWith('!')).map((p) => p.slice(1).replace(/\/$/, '')));
  const dirs = new Set();
  for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
    if (pattern.endsWith('/*')) {
      const parent = pattern.slice(0, -2);
      let names = [];
      try {
        names = readdirSync(join(root, parent), { withFileTypes: true })
          .filter((d) => d.isDirectory())
          .map((d) => d.name);
      } catch {
        // a pattern whose parent does not exist matches nothing
      }
      for (const name of names) dirs.add(`${parent}/${name}`);
    } else {
      dirs.add(pattern.replace(/\/$/, ''));
    }
  }
  const packages = [];
  for (const dir of [...dirs].sort()) {
    if (excluded.has(dir) || !existsSync(join(root, dir, 'package.json'))) continue;
    packages.push({ dir, manifest: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) });
  }
  return packages;
}

/** The hash of everything `pnpm install` depends on: lockfile, workspace file, .npmrc, every package.json. */
export function installHash(root) {
  const hash = createHash('sha256').update(`${STAMP_VERSION}\0${process.platform}-${process.arch}`);
  for (const file of ['pnpm-lock.yaml', 'pnpm-workspace.yaml', 'package.json', '.npmrc']) hashFile(hash, file, join(root, file));
  for (const { dir } of workspacePackages(root)) hashFile(hash, `${dir}/package.json`, join(root, dir, 'package.json'));
  return hash.digest('hex');
}

const stampDir = (root) => join(root, 'node_modules', '.webfw-setup');
const buildStampPath = (root, name) => join(stampDir(root), `build-${name.replace(/[^a-zA-Z0-9._-]+/g, '_')}.json`);

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * True when `pnpm install` has nothing to do: the recorded install hash matches and the root
 * node_modules (and that of every workspace package with dependencies) exists.
 */
export function installUpToDate(root) {
  const stamp = readJson(join(stampDir(root), 'install.json'));
  if (!stamp || stamp.hash !== installHash(root)) return false;
  if (!existsSync(join(root, 'node_modules', '.modules.yaml'))) return false;
  return workspacePackages(root).every(({ dir, manifest }) => {
    const deps = { ...manifest.dependencies, ...manifest.devDependencies, ...manifest.optionalDependencies };
    return Object.keys(deps).length === 0 || existsSync(join(root, dir, 'node_modules'));
  });
}

/** Records a successful install. */
export function recordInstall(root) {
  mkdirSync(stampDir(root), { recursive: true });
  writeFileSync(join(stampDir(root), 'install.json'), JSON.stringify({ hash: installHash(root) }) + '\n');
}

/** Folders a build writes beside dist/: core's tracing entry files, built from src/instrumentation/. */
const EXTRA_OUTPUTS = ['instrumentation'];

/** The hash of what a build wrote: every file of the package's dist/ and EXTRA_OUTPUTS (none: a fixed marker). */
export function outputsHash(packageDir) {
  const dist = join(packageDir, 'dist');
  const files = listFiles(dist);
  if (files.length === 0) return 'no-dist';
  const hash = createHash('sha256');
  for (const file of files) hashFile(hash, file, join(dist, file));
  for (const dir of EXTRA_OUTPUTS) for (const file of listFiles(join(packageDir, dir))) hashFile(hash, `${dir}/${file}`, join(packageDir, dir, file));
  return hash.digest('hex');
}

/**
 * Returns the packages under packages/ that have a `build` script, in build order (every
 * package after the workspace packages it depends on), each with `name`, `dir`, `deps` (names
 * of workspace packages built before it) and `inputs` (the hash its build depends on).
 */
export function buildPlan(root) {
  const candidates = workspacePackages(root).filter(({ dir, manifest }) => dir.startsWith('packages/') && manifest.scripts?.build);
  const byName = new Map(candidates.map((p) => [p.manifest.name, p]));
  const shared = createHash('sha256').update(STAMP_VERSION);
  for (const file of SHARED_BUILD_INPUTS) hashFile(shared, file, join(root, file));
  const sharedHash = shared.digest('hex');

  const plan = new Map();
  const visiting = new Set();
  const visit = (pkg) => {
    const name = pkg.manifest.name;
    if (plan.has(name)) return plan.get(name);
    if (visiting.has(name)) throw new Error(`dependency cycle through ${name}`);
    visiting.add(name);
    const m = pkg.manifest;
    const declared = { ...m.dependencies, ...m.devDependencies, ...m.peerDependencies, ...m.optionalDependencies };
    const deps = Object.keys(declared)
      .filter((d) => d !== name && byName.has(d))
      .sort();
    const depEntries = deps.map((d) => visit(byName.get(d)));
    const hash = createHash('sha256').update(sharedHash);
    const own = join(root, pkg.dir);
    const configs = readdirSync(own)
      .filter((f) => f === 'package.json' || /^tsup\.config\.|^tsconfig.*\.json$/.test(f))
      .sort();
    for (const file of configs) hashFile(hash, file, join(own, file));
    for (const file of listFiles(join(own, 'src'))) hashFile(hash, `src/${file}`, join(own, 'src', file));
    for (const dep of depEntries) hash.update(`\0dep ${dep.name} ${dep.inputs}`);
    const entry = { name, dir: pkg.dir, deps, inputs: hash.digest('hex'), script: m.scripts.build };
    visiting.delete(name);
    plan.set(name, entry);
    return entry;
  };
  for (const pkg of candidates) visit(pkg);
  return [...plan.values()];
}

/** True when the package's recorded build matches its inputs and its dist/ is what that build wrote. */
export function buildUpToDate(root, entry) {
  const stamp = readJson(buildStampPath(root, entry.name));
  return !!stamp && stamp.inputs === entry.inputs && stamp.outputs === outputsHash(join(root, entry.dir));
}

/** Records a successful build of the package. */
export function recordBuild(root, entry) {
  mkdirSync(stampDir(root), { recursive: true });
  const stamp = { inputs: entry.inputs, outputs: outputsHash(join(root, entry.dir)) };
  writeFileSync(buildStampPath(root, entry.name), JSON.stringify(stamp) + '\n');
}

/** The command that runs the pinned pnpm: `pnpm` when that version is on PATH, else through npx. */
export function pnpmCommand(root) {
  const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const version = packageManager.split('@')[1];
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' });
  return probe.status === 0 && probe.stdout.trim() === version ? 'pnpm' : `npx -y ${packageManager}`;
}

/**
 * Returns a filter for pnpm's output, fed one line at a time: it returns the line to print, or
 * undefined for a line hidden: the listing of what was installed (`dependencies:`,
 * `devDependencies:`, `optionalDependencies:` and their `+ name version` lines), and blank lines
 * that would follow a blank line or open the output. Everything else (progress, warnings,
 * errors, pnpm's closing `Done in 12.3s` line) passes unchanged.
 */
export function installOutputFilter() {
  let listing = false;
  let lastBlank = true;
  return (line) => {
    if (/^(dev|optional|peer)?[dD]ependencies:$/.test(line)) {
      listing = true;
      return undefined;
    }
    if (listing) {
      if (/^[+-] /.test(line)) return undefined;
      listing = false;
    }
    const blank = line.trim() === '';
    if (blank && lastBlank) return undefined;
    lastBlank = blank;
    return line;
  };
}

/** Runs `command` in `root`, printing its standard output through installOutputFilter; resolves with its exit code. */
function runInstall(root, command) {
  const filter = installOutputFilter();
  return new Promise((resolve) => {
    const child = spawn(command, { cwd: root, shell: true, stdio: ['inherit', 'pipe', 'inherit'], env: { ...process.env, npm_config_loglevel: 'error' } });
    let pending = '';
    const print = (line) => {
      const shown = filter(line);
      if (shown !== undefined) process.stdout.write(shown + '\n');
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop();
      for (const line of lines) print(line.replace(/\r$/, ''));
    });
    child.on('error', () => resolve(1));
    child.on('close', (code, signal) => {
      if (pending !== '') print(pending);
      resolve(code ?? signal);
    });
  });
}

/** Installs the dependencies from the lockfile unless nothing changed since the last install. */
async function install(root) {
  if (installUpToDate(root)) {
    say('dependencies up to date');
    return;
  }
  const command = `${pnpmCommand(root)} install --frozen-lockfile --reporter=append-only --loglevel=info`;
  say(`installing dependencies (${command})`);
  const status = await runInstall(root, command);
  if (status !== 0) {
    say(`installing dependencies failed (exit code ${status})`);
    process.exit(1);
  }
  recordInstall(root);
}

/** Runs one package's build script; resolves with its exit code and combined output. */
function runBuild(root, entry) {
  const cwd = join(root, entry.dir);
  const bins = [join(cwd, 'node_modules', '.bin'), join(root, 'node_modules', '.bin')];
  const env = { ...process.env, PATH: [...bins, process.env.PATH ?? ''].join(delimiter) };
  return new Promise((resolve) => {
    const child = spawn(entry.script, { cwd, env, shell: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (err) => resolve({ code: 1, output: output + String(err) }));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Builds every package whose inputs or output changed, dependencies first, two at a time. */
async function build(root) {
  const plan = buildPlan(root);
  const stale = new Set();
  for (const entry of plan) {
    // A package is rebuilt when it changed or when a workspace package it depends on is rebuilt.
    if (entry.deps.some((d) => stale.has(d)) || !buildUpToDate(root, entry)) stale.add(entry.name);
  }
  const fresh = plan.filter((e) => !stale.has(e.name)).map((e) => e.name);
  if (stale.size === 0) {
    say(`${fresh.length} package${fresh.length === 1 ? '' : 's'} up to date, nothing to build`);
    return;
  }
  if (fresh.length > 0) say(`up to date: ${fresh.join(', ')}`);
  const started = Date.now();
  const pending = plan.filter((e) => stale.has(e.name));
  const done = new Set(fresh);
  const running = new Map();
  const limit = Math.max(1, Math.min(2, availableParallelism()));
  let failed = false;
  while (pending.length > 0 || running.size > 0) {
    while (!failed && running.size < limit) {
      const index = pending.findIndex((e) => e.deps.every((d) => done.has(d)));
      if (index < 0) break;
      const [entry] = pending.splice(index, 1);
      say(`building ${entry.name}`);
      rmSync(buildStampPath(root, entry.name), { force: true });
      const begun = Date.now();
      running.set(
        entry.name,
        runBuild(root, entry).then((result) => ({ entry, result, seconds: (Date.now() - begun) / 1000 })),
      );
    }
    if (running.size === 0) break;
    const { entry, result, seconds } = await Promise.race(running.values());
    running.delete(entry.name);
    if (result.code === 0) {
      recordBuild(root, entry);
      done.add(entry.name);
      say(`built ${entry.name} in ${seconds.toFixed(1)} s`);
    } else {
      failed = true;
      process.stdout.write(result.output.endsWith('\n') || result.output === '' ? result.output : result.output + '\n');
      say(`building ${entry.name} failed (${entry.dir}: ${entry.script}, exit code ${result.code})`);
    }
  }
  if (failed) process.exit(1);
  say(`built ${stale.size} package${stale.size === 1 ? '' : 's'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Type-checks the whole workspace with the workspace's TypeScript, incrementally: tsc keeps what
 * it learnt in node_modules/.cache/webfw-typecheck/ and re-checks only what changed since (the
 * first run checks everything).
 */
function typecheck(root) {
  say('type-checking (tsc -p tsconfig.json)');
  const started = Date.now();
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const buildInfo = join(root, 'node_modules', '.cache', 'webfw-typecheck', 'tsconfig.tsbuildinfo');
  const result = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json', '--incremental', '--tsBuildInfoFile', buildInfo], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  say(`type-checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main() {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const started = Date.now();
  await install(root);
  await build(root);
  say(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (process.argv.includes('--typecheck')) typecheck(root);
}

const invokedDirectly = (() => {
  try {
    return !!process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
})();
if (invokedDirectly) await main();
