/**
 * How `changeset version` words a package's CHANGELOG.md entry (.changeset/config.json's
 * `changelog`). changesets' default (`@changesets/cli/changelog`) starts every line with the
 * hash of the commit that added the changeset and adds `Updated dependencies [hash]` lists:
 * a commit log. Here a line is what its changeset says, as written (a changeset is written for
 * the user who reads the changelog), and a dependency update is one line naming the versions.
 *
 * A first release (every updated dependency leaving a prerelease, `5.0.0-0` to `5.0.0`) lists no
 * dependency updates: the package's first-release entry says what it is built from.
 */
'use strict';

/**
 * One changeset as a list item of the entry: its summary, the first line after `- `, the lines
 * after it indented under the item (blank lines stay blank), so paragraphs and nested lists
 * of the summary render inside that item.
 */
async function getReleaseLine(changeset) {
  const [first, ...rest] = changeset.summary
    .trim()
    .split('\n')
    .map((line) => line.trimEnd());
  return [`- ${first}`, ...rest.map((line) => (line === '' ? '' : `  ${line}`))].join('\n');
}

/** The workspace packages this release updates in the package's dependencies, in one line; none for a first release. */
async function getDependencyReleaseLine(_changesets, dependenciesUpdated) {
  if (dependenciesUpdated.length === 0) return '';
  if (dependenciesUpdated.every((dependency) => /-/.test(dependency.oldVersion))) return '';
  return `- Updated dependencies: ${dependenciesUpdated.map((dependency) => `\`${dependency.name}@${dependency.newVersion}\``).join(', ')}.`;
}

module.exports = { getReleaseLine, getDependencyReleaseLine };
