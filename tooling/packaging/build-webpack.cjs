'use strict';
/**
 * Bundles entries with webpack 5 (target node, not minified), one output file per entry:
 * `node build-webpack.cjs <out dir> <entry.cjs>...` writes `<out dir>/<entry>.cjs`. Run by the
 * packaging suite in a child process (webpack is big; the jest worker need not load it).
 * Prints webpack's errors and warnings; exits 1 on an error.
 */
const path = require('node:path');
const webpack = require('webpack');

const [outDir, ...entries] = process.argv.slice(2);
const config = {
  mode: 'production',
  target: 'node',
  context: process.cwd(),
  entry: Object.fromEntries(entries.map((e) => [path.basename(e, '.cjs'), path.resolve(e)])),
  output: { path: path.resolve(outDir), filename: '[name].cjs' },
  // minifying adds seconds and tests nothing about module shapes
  optimization: { minimize: false },
  stats: 'errors-warnings',
};
webpack(config, (err, stats) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  const text = stats.toString('errors-warnings');
  if (text.trim()) console.log(text);
  process.exit(stats.hasErrors() ? 1 : 0);
});
