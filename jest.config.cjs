/** The one jest config for the whole workspace: every package's tests run in one jest process tree. */
module.exports = require('./tooling/jest.preset.cjs')(__dirname);
