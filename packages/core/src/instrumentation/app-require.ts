'use strict';
/**
 * `appRequire(id)`: requires a tracing agent's module from here, else from the app (the agent
 * is the app's dependency, not webfw's: under pnpm or a workspace link it is not reachable from
 * this folder). The app is found by `require.main`, else the working directory. Throws the
 * first error when neither finds it.
 */
const path = require('node:path');
const { createRequire } = require('node:module');

function appRequire(id) {
  try {
    return require(id);
  } catch (error) {
    const from = require.main && require.main.filename ? require.main.filename : path.join(process.cwd(), 'index.js');
    try {
      return createRequire(from)(id);
    } catch {
      throw error;
    }
  }
}

module.exports = { appRequire };
