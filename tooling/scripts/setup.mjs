#!/usr/bin/env node
/**
 * Sets the workspace up on a machine that has only Node.js and npm: installs the pinned pnpm
 * through npx when it is not on PATH, installs every dependency from the lockfile and builds
 * every package. Safe to run again: an up-to-date workspace takes a few seconds.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { packageManager } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

function hasGlobalPnpm() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() === packageManager.split('@')[1];
  } catch {
    return false;
  }
}

const pnpm = hasGlobalPnpm() ? 'pnpm' : `npx -y ${packageManager}`;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit', env: { ...process.env, npm_config_loglevel: 'error' } });

run(`${pnpm} install --frozen-lockfile --reporter=append-only`);
run(`${pnpm} -r --filter "./packages/*" run build`);
