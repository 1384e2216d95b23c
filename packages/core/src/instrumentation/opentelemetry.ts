'use strict';
/**
 * `WebfwInstrumentation`: OpenTelemetry's ExpressInstrumentation, also applied to webfw.
 *
 * instrumentation-express finds express by its module name (`express`) and a version range
 * (`>=4 <6`) read from the module's package.json, then patches `Router.prototype.route/use` and
 * `application.use` and wraps each layer's `handle`. webfw has express's shapes (the same
 * prototypes, layers with express's names, `app.router` / `app._router`), so the patch is the
 * agent's own; what this class adds is where to find webfw: `@webfw/core` (and its `/v4`
 * entries) by name, and `express` when it is webfw under an alias (`"express": "npm:@webfw/core"`),
 * whose version is webfw's (0.x). Real express is patched as before, by the agent's definition.
 *
 *   const { WebfwInstrumentation } = require('@webfw/core/instrumentation/opentelemetry.cjs');
 *   registerInstrumentations({ instrumentations: [new HttpInstrumentation(), new WebfwInstrumentation()] });
 *
 * It takes ExpressInstrumentation's config. It reads only public API of
 * @opentelemetry/instrumentation (init(), the module definitions' patch/unpatch), so it follows
 * instrumentation-express as that updates.
 */
const path = require('node:path');
const { appRequire } = require('./app-require.cjs');

const { ExpressInstrumentation } = appRequire('@opentelemetry/instrumentation-express');
const { InstrumentationNodeModuleDefinition, InstrumentationNodeModuleFile, isWrapped } = appRequire('@opentelemetry/instrumentation');

/**
 * The versions the alias `express` may carry: webfw's core follows express's major (5.x), so
 * a release is already in the agent's own range; prereleases (5.0.0-0) are not, and the entry
 * files (`express/dist/v4.cjs`) are never looked at by the agent. Real express 3 and older stay
 * out; a module the agent's own definition already patched is left as it is.
 */
const WEBFW_VERSIONS = ['>=4.0.0-0 <6'];
/** The files of the entries an app may require (the 5.x entry and `/v4`), by module name. */
const ENTRY_FILES = ['dist/index.cjs', 'dist/v4.cjs'];

class WebfwInstrumentation extends ExpressInstrumentation {
  init() {
    const own = [].concat(super.init() || []);
    const express = own.find((d) => d.name === 'express');
    if (!express) return own;
    const patched = (exports) => Boolean(exports && exports.application && isWrapped(exports.application.use));
    const patch = (exports, version) => (patched(exports) ? exports : express.patch(exports, version));
    const unpatch = (exports, version) => express.unpatch(exports, version);
    const definition = (name) => {
      const def = new InstrumentationNodeModuleDefinition(
        name,
        name === 'express' ? WEBFW_VERSIONS : ['*'],
        patch,
        unpatch,
        ENTRY_FILES.map((file) => new InstrumentationNodeModuleFile(`${name}/${file}`, name === 'express' ? WEBFW_VERSIONS : ['*'], patch, unpatch)),
      );
      def.includePrerelease = true;
      for (const file of def.files) file.includePrerelease = true;
      return def;
    };
    this._webfwPatch = patch;
    this._webfwUnpatch = unpatch;
    return [...own, definition('@webfw/core'), definition('express')];
  }

  /**
   * Where this package is not under a node_modules folder (a workspace link: its real path is
   * the workspace's), module names do not find it; then its entries are patched here, when the
   * instrumentation is enabled (loading them: a few milliseconds, once).
   */
  enable() {
    super.enable();
    if (!this._webfwPatch || __dirname.split(path.sep).includes('node_modules')) return;
    for (const file of ENTRY_FILES) this._webfwPatch(require(path.join(__dirname, '..', file)));
  }

  disable() {
    super.disable();
    if (!this._webfwUnpatch || __dirname.split(path.sep).includes('node_modules')) return;
    for (const file of ENTRY_FILES) {
      const loaded = require.cache[require.resolve(path.join(__dirname, '..', file))];
      if (loaded) this._webfwUnpatch(loaded.exports);
    }
  }
}

module.exports = { WebfwInstrumentation };
