#!/usr/bin/env node
/**
 * Until a package's first publish, its first changelog entry is one changeset,
 * `.changeset/first-release-<package>.md`: a change to an unreleased package edits that file
 * instead of adding a changeset, so the first release reads as one entry, not as the history
 * that led to it. This check fails on any other pending changeset that names an unreleased
 * package, and on an unreleased package without its first-release changeset.
 *
 * Unreleased: the version in the package's package.json is still the prerelease its first
 * release leaves (`5.0.0-0` until `changeset version` makes it `5.0.0`; docs/releasing.md,
 * "The version scheme"). Once published, a package takes changesets as usual.
 *
 * Usage: node tooling/release/first-release-check.mjs [<repository root>]
 * Prints one line per problem and exits 1, or one line saying all is well.
 */
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The published packages under packages/: name, folder name and version. */
export function publishedPackages(root) {
  return readdirSync(join(root, 'packages'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'packages', entry.name, 'package.json')))
    .map((entry) => ({ dir: entry.name, ...JSON.parse(readFileSync(join(root, 'packages', entry.name, 'package.json'), 'utf8')) }))
    .filter((manifest) => !manifest.private)
    .map(({ dir, name, version }) => ({ dir, name, version }));
}

/** True while `version` is the prerelease a package stands at before its first release. */
export function isUnreleased(version) {
  return /^\d+\.\d+\.\d+-/.test(version);
}

/** A changeset's front matter: the packages it names, each with its bump. */
export function changesetReleases(text) {
  const front = /^---\r?\n([^]*?)\r?\n---/.exec(text)?.[1] ?? '';
  return [...front.matchAll(/^\s*["']?([^"':\s]+)["']?\s*:\s*["']?(major|minor|patch)["']?\s*$/gm)].map((m) => ({ name: m[1], type: m[2] }));
}

/** The problems with the pending changesets of `root`, one line each; none when all is well. */
export function firstReleaseProblems(root) {
  const dir = join(root, '.changeset');
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .sort();
  const unreleased = publishedPackages(root).filter((pkg) => isUnreleased(pkg.version));
  const byName = new Map(unreleased.map((pkg) => [pkg.name, pkg]));
  const problems = [];
  for (const pkg of unreleased) {
    const file = `first-release-${pkg.dir}.md`;
    const releases = files.includes(file) ? changesetReleases(readFileSync(join(dir, file), 'utf8')) : [];
    const expected = [{ name: pkg.name, type: 'major' }];
    if (JSON.stringify(releases) !== JSON.stringify(expected)) {
      problems.push(`.changeset/${file} must be pending and name ${pkg.name} alone, as a major (its first release, from ${pkg.version})`);
    }
  }
  for (const file of files.filter((f) => !/^first-release-/.test(f))) {
    for (const { name } of changesetReleases(readFileSync(join(dir, file), 'utf8'))) {
      const pkg = byName.get(name);
      if (pkg) problems.push(`.changeset/${file} names ${name}, which is not released yet: say it in .changeset/first-release-${pkg.dir}.md instead`);
    }
  }
  return problems;
}

if (process.argv[1] && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url))) {
  const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const problems = firstReleaseProblems(root);
  for (const problem of problems) console.error(`first-release check: ${problem}`);
  if (problems.length > 0) process.exit(1);
  console.log('first-release check: every unreleased package has its first-release changeset and no other');
}
