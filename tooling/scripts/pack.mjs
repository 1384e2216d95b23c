#!/usr/bin/env node
/**
 * `npm run pack` (after setup.mjs built the packages): an installable tarball of every published
 * package under packages/ in `dist-tarballs/` at the root (git-ignored), made by `pnpm pack`,
 * which replaces the `workspace:^` ranges by the siblings' versions (`npm pack` leaves them, and
 * npm then cannot install the tarball). Beside them, `resolutions.json` maps every package name
 * to its tarball (`file:` and the absolute path), for the `resolutions` field pnpm and yarn
 * read: the core's dependencies on its siblings then resolve to the tarballs, not to the
 * registry, where nothing is released yet. How to install them: README.md, "Installing before
 * the first release".
 *
 * Usage: node tooling/scripts/pack.mjs   (prints one line per tarball; exits 1 if packing fails)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpmCommand, workspacePackages } from './setup.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = join(root, 'dist-tarballs');

/** Prints one line. */
function say(message) {
  process.stdout.write(`webfw pack: ${message}\n`);
}

/** The file name `pnpm pack` gives a package's tarball: `@webfw/core` 5.0.0 is `webfw-core-5.0.0.tgz`. */
function tarballName({ name, version }) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

const siblings = (manifest) => Object.keys(manifest.dependencies ?? {}).filter((d) => d.startsWith('@webfw/')).length;
// the packages that depend on none of the others first, then the core
const published = workspacePackages(root)
  .filter(({ dir, manifest }) => dir.startsWith('packages/') && !manifest.private)
  .sort((a, b) => siblings(a.manifest) - siblings(b.manifest));
const unbuilt = published.filter(({ dir, manifest }) => manifest.scripts?.build && !existsSync(join(root, dir, 'dist')));
if (unbuilt.length > 0) {
  say(`${unbuilt.map((p) => p.manifest.name).join(', ')} not built: run \`npm run pack\` (it builds first) or \`npm run setup\``);
  process.exit(1);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const command = `${pnpmCommand(root)} -r --filter "./packages/*" pack --pack-destination "${out}"`;
const pack = spawnSync(command, { cwd: root, shell: true, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } });
const made = existsSync(out) ? readdirSync(out) : [];
const missing = published.filter(({ manifest }) => !made.includes(tarballName(manifest)));
if (pack.status !== 0 || missing.length > 0) {
  process.stdout.write(`${pack.stdout ?? ''}${pack.stderr ?? ''}`);
  say(`packing failed (${command}: exit code ${pack.status}${missing.length ? `; no tarball for ${missing.map((p) => p.manifest.name).join(', ')}` : ''})`);
  process.exit(1);
}

const resolutions = Object.fromEntries(published.map(({ manifest }) => [manifest.name, `file:${join(out, tarballName(manifest))}`]));
writeFileSync(join(out, 'resolutions.json'), JSON.stringify(resolutions, null, 2) + '\n');
const width = Math.max(...published.map(({ manifest }) => `${manifest.name} ${manifest.version}`.length));
for (const { manifest } of published) {
  say(`${`${manifest.name} ${manifest.version}`.padEnd(width)}  ${relative(root, join(out, tarballName(manifest)))}`);
}
say(`${published.length} tarballs and resolutions.json in ${out}; to install them in a project, see "Installing before the first release" in README.md`);
