#!/usr/bin/env node
/**
 * Runs the jest suite under other node versions: `node tooling/scripts/node-matrix.mjs 22 24 26`
 * runs the whole suite once per major, each with that node's binary (installed by
 * node-runtimes.mjs into node_modules/.cache/runtimes/ when missing). Arguments after `--` go to
 * jest (`node tooling/scripts/node-matrix.mjs 26 -- packages/router`).
 *
 * jest's CLI itself runs on the chosen binary, so its workers and every child the tests start
 * with `process.execPath` run on it too; the binary's folder also leads PATH, so a test (or
 * a tool such as npm) that starts plain `node` gets the same version.
 *
 * `--results <dir>` writes jest's `--json` results of each version to `<dir>/node-<major>.json`
 * and its exit status to `<dir>/node-<major>.status` (for tooling/scripts/ci-summary.mjs). The packages are built first (`setup.mjs`, which skips
 * what has not changed). Prints one line per version at the end; exits 1 when any failed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { nodeBinary, root, versionOf } from './node-runtimes.mjs';

const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const own = dashes < 0 ? argv : argv.slice(0, dashes);
const jestArgs = dashes < 0 ? [] : argv.slice(dashes + 1);
let resultsDir;
const majors = [];
for (let i = 0; i < own.length; i++) {
  const arg = own[i];
  if (arg === '--results') resultsDir = resolve(own[++i] ?? '.');
  else if (/^\d+$/.test(arg)) majors.push(Number(arg));
  else {
    console.error(`webfw node-matrix: unknown argument ${arg}\nusage: node tooling/scripts/node-matrix.mjs <major>... [--results <dir>] [-- <jest args>]`);
    process.exit(2);
  }
}
if (majors.length === 0) {
  console.error('usage: node tooling/scripts/node-matrix.mjs <major>... [--results <dir>] [-- <jest args>]');
  process.exit(2);
}

const setup = spawnSync(process.execPath, [join(root, 'tooling', 'scripts', 'setup.mjs')], { cwd: root, stdio: 'inherit' });
if (setup.status !== 0) process.exit(1);

const jest = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const lines = [];
let failed = false;
for (const major of majors) {
  let binary;
  try {
    binary = nodeBinary(major);
  } catch (error) {
    console.error(`webfw node-matrix: ${error.message}`);
    lines.push(`node ${major}: not installed`);
    if (resultsDir !== undefined) writeStatus(major, 1);
    failed = true;
    continue;
  }
  const version = versionOf(binary);
  const args = [jest, ...jestArgs];
  if (resultsDir !== undefined) {
    mkdirSync(resultsDir, { recursive: true });
    args.push('--ci', '--json', `--outputFile=${join(resultsDir, `node-${major}.json`)}`);
  }
  console.log(`webfw node-matrix: jest on node ${version} (${binary})`);
  const started = Date.now();
  const env = { ...process.env, PATH: [dirname(binary), process.env.PATH ?? ''].join(delimiter) };
  // npm exports these for `npm test`; they would point children at the outer node
  delete env.npm_node_execpath;
  delete env.NODE;
  const run = spawnSync(binary, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const ok = run.status === 0;
  if (resultsDir !== undefined) writeStatus(major, run.status ?? 1);
  if (!ok) failed = true;
  lines.push(`node ${version}: jest ${ok ? 'passed' : `failed (exit ${run.status ?? run.signal})`} in ${seconds} s`);
}
for (const line of lines) console.log(`webfw node-matrix: ${line}`);

function writeStatus(major, status) {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `node-${major}.status`), `${status}\n`);
}
process.exit(failed ? 1 : 0);
