#!/usr/bin/env node
/**
 * The root `preinstall` script: a newcomer's `npm install` (or `npm ci`) at the root of the
 * repository stops with one line saying what to run instead, and exit code 1. The workspace is
 * installed by `npm start` / `npm test` (tooling/scripts/setup.mjs, with pnpm from the lockfile);
 * npm knows nothing of pnpm-workspace.yaml and would install a second, different tree.
 *
 * It stops only an npm install of this root package run from inside the repository: pnpm
 * (which runs the root's `preinstall` on every `pnpm install`), yarn, `npx`, and an npm install
 * of anything else (a temp project of a test, or one that installs this folder as a
 * dependency) pass through.
 *
 * npm 7 and later run a root `preinstall` only after they installed the tree. The root
 * package.json declares nothing npm would install (the workspace's tools are under
 * `workspaceDevDependencies`, which only pnpm reads, through .pnpmfile.cjs), so that takes npm
 * well under a second. What npm left is removed: the package-lock.json it just wrote (the
 * lockfile of this repository is pnpm-lock.yaml) and its node_modules/.package-lock.json. When
 * pnpm had set the workspace up, npm has unlinked the root's node_modules entries it does not
 * know; the record of that install goes too, so the next `npm start` / `npm test` runs pnpm's
 * install again, which links them back.
 */
import { rmSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

/** True when `env` is that of npm installing the package in `dir` from a folder inside it. */
function isRootNpmInstall(env, dir) {
  if (!/^npm\//.test(env.npm_config_user_agent ?? '')) return false;
  if (env.npm_command !== 'install' && env.npm_command !== 'ci') return false;
  if (!env.INIT_CWD) return false;
  const from = relative(resolve(dir), resolve(env.INIT_CWD));
  return from === '' || (!from.startsWith('..') && !isAbsolute(from));
}

const MESSAGE = 'webfw: no `npm install` here; run `npm start` (installs with pnpm, builds, starts the demo) or `npm test` (installs, builds, tests)';

if (isRootNpmInstall(process.env, process.cwd())) {
  rmSync(join(process.cwd(), 'package-lock.json'), { force: true });
  rmSync(join(process.cwd(), 'node_modules', '.package-lock.json'), { force: true });
  rmSync(join(process.cwd(), 'node_modules', '.webfw-setup', 'install.json'), { force: true });
  process.stderr.write(MESSAGE + '\n');
  process.exit(1);
}
