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
import path from 'node:path';
import { appRequire } from './app-require';

type Patch = (exports: PatchedModule, version?: string) => PatchedModule;
type Unpatch = (exports: PatchedModule, version?: string) => void;

/** A module's exports as the patch reads them (express's `application`). */
interface PatchedModule {
  application?: { use?: unknown };
}

/** The parts of @opentelemetry/instrumentation's module definitions this class reads and makes. */
interface ModuleFile {
  includePrerelease?: boolean;
}
interface ModuleDefinition {
  name: string;
  files: ModuleFile[];
  includePrerelease?: boolean;
  patch: Patch;
  unpatch: Unpatch;
}
interface InstrumentationModule {
  InstrumentationNodeModuleDefinition: new (name: string, versions: string[], patch: Patch, unpatch: Unpatch, files: ModuleFile[]) => ModuleDefinition;
  InstrumentationNodeModuleFile: new (name: string, versions: string[], patch: Patch, unpatch: Unpatch) => ModuleFile;
  isWrapped(fn: unknown): boolean;
}

/** instrumentation-express's class, as far as this class extends it. */
interface ExpressInstrumentationBase {
  init(): ModuleDefinition | ModuleDefinition[] | undefined;
  enable(): void;
  disable(): void;
}
interface ExpressInstrumentationModule {
  ExpressInstrumentation: new (config?: object) => ExpressInstrumentationBase;
}

const { ExpressInstrumentation } = appRequire('@opentelemetry/instrumentation-express') as ExpressInstrumentationModule;
const { InstrumentationNodeModuleDefinition, InstrumentationNodeModuleFile, isWrapped } = appRequire('@opentelemetry/instrumentation') as InstrumentationModule;

/**
 * The versions the alias `express` may carry: webfw's core follows express's major (5.x), so
 * a release is already in the agent's own range; prereleases (5.0.0-0) are not, and the entry
 * files (`express/dist/v4.cjs`) are never looked at by the agent. Real express 3 and older stay
 * out; a module the agent's own definition already patched is left as it is.
 */
const WEBFW_VERSIONS = ['>=4.0.0-0 <6'];
/** The files of the entries an app may require (the 5.x entry and `/v4`), by module name. */
const ENTRY_FILES = ['dist/index.cjs', 'dist/v4.cjs'];

/** Whether this package is reached under a node_modules folder (not a workspace link), read from the built module's folder. */
function installed(): boolean {
  return __dirname.split(path.sep).includes('node_modules');
}

/** ExpressInstrumentation with webfw's module definitions beside its own (see the module's comment). */
export class WebfwInstrumentation extends ExpressInstrumentation {
  // `declare`: set by init(), which the base class's constructor calls, so no field initialiser may reset them
  declare private _webfwPatch: Patch | undefined;
  declare private _webfwUnpatch: Unpatch | undefined;

  /** The agent's module definitions, plus `@webfw/core` by name and `express` under the alias. */
  override init(): ModuleDefinition[] {
    const own = ([] as ModuleDefinition[]).concat(super.init() || []);
    const express = own.find((d) => d.name === 'express');
    if (!express) return own;
    const patched = (exports: PatchedModule) => Boolean(exports && exports.application && isWrapped(exports.application.use));
    const patch: Patch = (exports, version) => (patched(exports) ? exports : express.patch(exports, version));
    const unpatch: Unpatch = (exports, version) => express.unpatch(exports, version);
    const definition = (name: string) => {
      const versions = name === 'express' ? WEBFW_VERSIONS : ['*'];
      const files = ENTRY_FILES.map((file) => new InstrumentationNodeModuleFile(`${name}/${file}`, versions, patch, unpatch));
      const def = new InstrumentationNodeModuleDefinition(name, versions, patch, unpatch, files);
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
   * instrumentation is enabled (loading them, once).
   */
  override enable(): void {
    super.enable();
    if (!this._webfwPatch || installed()) return;
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the built entries, by path
    for (const file of ENTRY_FILES) this._webfwPatch(require(path.join(__dirname, '..', file)) as PatchedModule);
  }

  /** Unpatches as the agent does, and the entries patched by enable() where module names do not find them. */
  override disable(): void {
    super.disable();
    if (!this._webfwUnpatch || installed()) return;
    for (const file of ENTRY_FILES) {
      const loaded = require.cache[require.resolve(path.join(__dirname, '..', file))];
      if (loaded) this._webfwUnpatch(loaded.exports as PatchedModule);
    }
  }
}
