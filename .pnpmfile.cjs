/**
 * pnpm's hooks for this workspace (https://pnpm.io/pnpmfile).
 *
 * The root package.json keeps the workspace's own tools (jest, typescript, tsup, the peers the
 * differential tests compare against ...) under `workspaceDevDependencies`, a field npm does not
 * read: a newcomer's `npm install` at the root has nothing to download and stops at once with
 * one line saying to run `npm start` / `npm test` (tooling/scripts/npm-install-guard.mjs).
 * pnpm, which sets the workspace up (tooling/scripts/setup.mjs), gets them as the root's
 * devDependencies here, so its lockfile, node_modules and node_modules/.bin are what a plain
 * `devDependencies` field would give.
 */
const ROOT_NAME = 'webfw-monorepo';

/** Returns the manifest, with the root's `workspaceDevDependencies` added to its devDependencies. */
function readPackage(manifest) {
  if (manifest.name === ROOT_NAME && manifest.workspaceDevDependencies) {
    manifest.devDependencies = { ...manifest.workspaceDevDependencies, ...manifest.devDependencies };
  }
  return manifest;
}

module.exports = { hooks: { readPackage } };
