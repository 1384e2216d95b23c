'use strict';
/**
 * A user's app folder for the channel tests: @webfw/core installed as `@webfw/core` and as
 * `express` (scripts/install-app.cjs), the OpenTelemetry packages of this package's
 * devDependencies linked into its node_modules (as an install has them: Bun, Deno and bundlers
 * resolve them from there), a package.json naming them (Deno resolves bare imports of an app
 * from its package.json) with `"type": "module"` (an ES module app; its CommonJS files are
 * .cjs), and the files the apps load beside it (channel-spans.cjs, test-app.cjs,
 * channel-worker.cjs, channel-bundle-app.cjs and what it loads).
 */
const fs = require('node:fs');
const path = require('node:path');
const installApp = require('./install-app.cjs');

const here = path.join(__dirname, '..');
const BESIDE = [
  'channel-spans.cjs',
  'span-normalise.cjs',
  'test-app.cjs',
  'channel-worker.cjs',
  'channel-worker.mjs',
  'channel-bundle-app.cjs',
  'channel-serve.cjs',
  'channel-capture.cjs',
];

/** Lays the app folder out in `dir` (see the file comment); returns `dir`. */
module.exports = function layOut(dir) {
  installApp(dir);
  const otel = path.join(here, 'node_modules', '@opentelemetry');
  fs.mkdirSync(path.join(dir, 'node_modules', '@opentelemetry'), { recursive: true });
  const dependencies = { '@webfw/core': '*', express: '*' };
  for (const name of fs.readdirSync(otel)) {
    fs.symlinkSync(fs.realpathSync(path.join(otel, name)), path.join(dir, 'node_modules', '@opentelemetry', name), 'dir');
    dependencies[`@opentelemetry/${name}`] = '*';
  }
  fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'traced-app', private: true, type: 'module', dependencies }, null, 2));
  for (const file of BESIDE) fs.copyFileSync(path.join(__dirname, file), path.join(dir, file));
  return dir;
};
