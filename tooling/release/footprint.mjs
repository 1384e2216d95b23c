#!/usr/bin/env node
/**
 * What installing each webfw package alone puts in node_modules, beside the package it replaces
 * installed the same way (`npm run footprint`; tooling/release/footprint.test.ts asserts it).
 *
 * Each package is packed with `pnpm pack` (as `changeset publish` would publish it, `workspace:`
 * ranges replaced) and installed with npm into an empty project, with the tarballs of the
 * webfw packages it depends on (not published yet) and nothing else of ours; its third-party
 * dependencies come from the registry. The peer is installed by name (`npm install morgan@1`)
 * into another empty project. Then node_modules is measured, the hidden lockfile aside:
 *
 * - packages: every folder with a package.json directly under a node_modules (nested ones too);
 * - bytes: the sum of the files' sizes;
 * - disk KB: what `du -sk` reports on a file system of 4 KiB blocks (every file and folder
 *   rounded up to whole blocks), computed rather than asked of the file system, so the figure
 *   is the same on every machine.
 *
 * Sizes are deterministic for given versions: the test compares them, it times nothing. The
 * peers are the newest of their major version on the registry, so their rows move when they
 * publish.
 *
 *   node tooling/release/footprint.mjs           the table (markdown)
 *   node tooling/release/footprint.mjs --json    the rows as JSON
 */
import { spawn, spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Each webfw package and the package it replaces. */
export const ROWS = [
  { name: 'logger', peer: 'morgan@1' },
  { name: 'router', peer: 'router@2' },
  { name: 'static', peer: 'serve-static@2' },
  { name: 'body-parser', peer: 'body-parser@2' },
  { name: 'core', peer: 'express@5' },
];

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const quiet = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_loglevel: 'error' };

/** The pinned pnpm, from PATH when that version is there, else through npx. */
function pnpmCommand() {
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
  const global = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return global.status === 0 && global.stdout.trim() === version ? ['pnpm'] : ['npx', '-y', `pnpm@${version}`];
}

/** Packs every package under packages/ into `dest`; returns package name -> tarball path. */
export function packAll(dest) {
  const [cmd, ...pre] = pnpmCommand();
  const run = spawnSync(cmd, [...pre, '-r', '--filter', './packages/*', 'pack', '--pack-destination', dest], { cwd: root, encoding: 'utf8', env: quiet });
  if (run.status !== 0) throw new Error(`pnpm pack failed:\n${run.stdout}\n${run.stderr}`);
  const tarballs = new Map();
  for (const file of readdirSync(dest).filter((f) => f.endsWith('.tgz'))) {
    const name = file.replace(/^webfw-/, '').replace(/-\d+\.\d+\.\d+.*\.tgz$/, '');
    tarballs.set(name, join(dest, file));
  }
  return tarballs;
}

/** The webfw packages `name` depends on, itself included, in dependency order. */
export function withWebfwDependencies(name, seen = new Set()) {
  if (seen.has(name)) return [];
  seen.add(name);
  const manifest = JSON.parse(readFileSync(join(root, 'packages', name, 'package.json'), 'utf8'));
  const deps = Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@webfw/'));
  return [...deps.flatMap((d) => withWebfwDependencies(d.slice('@webfw/'.length), seen)), name];
}

function npmInstall(dir, specs) {
  return new Promise((resolve, reject) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'footprint', private: true }) + '\n');
    const child = spawn(npm, ['install', '--no-audit', '--no-fund', '--loglevel=error', ...specs], { cwd: dir, env: quiet, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`npm install ${specs.join(' ')} failed (${code}):\n${out}`))));
  });
}

/** packages, bytes and disk KB (4 KiB blocks) of a node_modules folder. */
export function measure(modules) {
  let packages = 0;
  let bytes = 0;
  let blocks = 1; // node_modules itself
  const walk = (dir, isModules) => {
    for (const entry of readdirSync(dir)) {
      if (dir === modules && entry === '.package-lock.json') continue;
      const path = join(dir, entry);
      const stat = lstatSync(path);
      if (stat.isDirectory()) {
        blocks += 1;
        if (isModules && !entry.startsWith('@') && !entry.startsWith('.')) packages += 1;
        if (isModules && entry.startsWith('@')) {
          for (const scoped of readdirSync(path)) {
            blocks += 1;
            packages += 1;
            walk(join(path, scoped), false);
          }
          continue;
        }
        walk(path, entry === 'node_modules');
      } else {
        bytes += stat.size;
        blocks += Math.ceil(stat.size / 4096);
      }
    }
  };
  walk(modules, true);
  return { packages, bytes, diskKB: blocks * 4 };
}

/** Runs `tasks` (functions returning promises), `limit` at a time. */
async function pool(tasks, limit) {
  const results = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

/** Every row measured: `{ name, peer, webfw: { packages, bytes, diskKB }, peerFigures: {...}, peerVersion }`. */
export async function footprint({ log = () => {} } = {}) {
  const work = mkdtempSync(join(tmpdir(), 'webfw-footprint-'));
  try {
    const tarballs = packAll(join(work, 'tarballs'));
    const tasks = ROWS.flatMap((row) => [
      async () => {
        const dir = join(work, 'webfw', row.name);
        await npmInstall(
          dir,
          withWebfwDependencies(row.name).map((n) => tarballs.get(n)),
        );
        log(`footprint: @webfw/${row.name} installed`);
        return measure(join(dir, 'node_modules'));
      },
      async () => {
        const dir = join(work, 'peer', row.name);
        await npmInstall(dir, [row.peer]);
        log(`footprint: ${row.peer} installed`);
        const peerName = row.peer.replace(/@[^@]*$/, '');
        const version = JSON.parse(readFileSync(join(dir, 'node_modules', peerName, 'package.json'), 'utf8')).version;
        return { ...measure(join(dir, 'node_modules')), version };
      },
    ]);
    const results = await pool(tasks, 4);
    return ROWS.map((row, i) => {
      const { version, ...peerFigures } = results[2 * i + 1];
      return { name: `@webfw/${row.name}`, peer: `${row.peer.replace(/@[^@]*$/, '')} ${version}`, webfw: results[2 * i], peerFigures };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const kb = (n) => n.toLocaleString('en-US');

/** The rows as a markdown table. */
export function table(rows) {
  const lines = ['| package | installed alone | the peer it replaces | installed alone |', '|---|---|---|---|'];
  for (const { name, peer, webfw, peerFigures } of rows) {
    const cell = (f) => `${f.packages} packages, ${kb(f.diskKB)} KB (${kb(Math.round(f.bytes / 1024))} KB of files)`;
    lines.push(`| ${name} | ${cell(webfw)} | ${peer} | ${cell(peerFigures)} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const json = process.argv.includes('--json');
  const rows = await footprint({ log: (line) => process.stderr.write(line + '\n') });
  process.stdout.write((json ? JSON.stringify(rows) : table(rows)) + '\n');
}
