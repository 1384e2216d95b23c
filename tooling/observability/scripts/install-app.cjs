'use strict';
/**
 * Installs the built @webfw/core into `<dir>/node_modules` as a user's install has it: once
 * as `@webfw/core` and once as `express` (what `"express": "npm:@webfw/core"` installs), each a
 * copy of the package (not a link), its dependencies reachable as npm places them.
 */
const fs = require('node:fs');
const path = require('node:path');

const core = path.resolve(__dirname, '../../../packages/core');

module.exports = function installApp(dir, version) {
  for (const name of ['@webfw/core', 'express']) {
    const to = path.join(dir, 'node_modules', name);
    fs.rmSync(to, { recursive: true, force: true });
    fs.mkdirSync(to, { recursive: true });
    for (const entry of ['package.json', 'dist', 'v4', 'v3', 'instrumentation']) {
      if (fs.existsSync(path.join(core, entry))) fs.cpSync(path.join(core, entry), path.join(to, entry), { recursive: true, dereference: true });
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(to, 'package.json'), 'utf8'));
    if (!manifest.exports['./instrumentation/*']) throw new Error('packages/core/package.json exports no ./instrumentation/*');
    // `version`: the package as a release with that version would install (the workspace's is a prerelease)
    if (version) manifest.version = version;
    fs.writeFileSync(path.join(to, 'package.json'), JSON.stringify(manifest, null, 2));
    fs.symlinkSync(fs.realpathSync(path.join(core, 'node_modules')), path.join(to, 'node_modules'), 'dir');
  }
  return dir;
};
