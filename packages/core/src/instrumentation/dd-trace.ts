/**
 * webfw under Datadog's dd-trace: one line after `tracer.init()`:
 *
 *   require('dd-trace').init();
 *   require('@webfw/core/instrumentation/dd-trace.cjs'); // or 'express/instrumentation/dd-trace.cjs' under the alias
 *   // an app on the 4.x entry: '@webfw/core/instrumentation/dd-trace-v4.cjs'
 *
 * An ES module app imports the same file (`node --import dd-trace/initialize.mjs app.mjs`):
 *
 *   import '@webfw/core/instrumentation/dd-trace.cjs';
 *
 * webfw's ES module entries (dist/index.js, dist/v4.js) re-export the CommonJS build's module
 * instance, so the objects handed over below are the ones an `import` gets too.
 *
 * dd-trace finds express and router by the paths of their files (`express/lib/express.js`,
 * `router/lib/layer.js`), which a bundled package such as webfw does not have. Its integrations
 * themselves only wrap express's objects (application, response, Router.prototype,
 * Layer.prototype.handleRequest/handleError), which webfw has with express's shapes. So this
 * module hands webfw's objects to dd-trace's own express and router hooks, for the file each
 * hook names, and announces the integrations as dd-trace does when it loads them: the spans,
 * their names, resources and tags are dd-trace's own, and follow it as it updates.
 */
import path from 'node:path';
import dc from 'node:diagnostics_channel';
import { appRequire } from './app-require';
import { layerClass, loadEntry, type EntryName } from './webfw-entries';

/** One of dd-trace's hooks for a module (`registry[name]`), as its instrumentation registry holds them. */
interface DdHook {
  hook(exports: unknown, version: string, isIitm: boolean, options: { moduleBaseDir: string; moduleName: string }): void;
}

/** The parts of dd-trace's instrumentation helpers this module calls (dd-trace is the app's dependency). */
interface DdHooksModule {
  express: (() => void) | { fn: () => void };
}
interface DdInstrumentationUtils {
  matchesInstrumentation(name: string, version: string, moduleName: string, hook: DdHook): boolean;
}

/** A module as dd-trace's hooks receive it: its name, the version it answers as, its files' exports. */
interface Target {
  name: string;
  version: string;
  files: Record<string, unknown>;
  /** Runs once the hooks have wrapped the files' exports. */
  after?: () => void;
}

/** The express and router versions webfw's entries answer as (what dd-trace's hooks select on). */
const AS = { main: { express: '5.1.0', router: '2.2.0' }, v4: { express: '4.22.1' } };

/**
 * The objects dd-trace's hooks receive, by module and file, for an entry. On the 4.x entry the
 * layers are router 2's (`handleRequest`): dd-trace's express 4 layer hook gets them under
 * express 4's names (`handle_request`), and what it makes is put back. The 5.x and 4.x entries
 * share the layer class (@webfw/router's), so an app that loads both and enables the 4.x line
 * has its 5.x layers traced the 4.x way too.
 */
function targets(entry: EntryName): Target[] {
  if (entry === 'v4') {
    const v4 = loadEntry('v4');
    const Layer = layerClass(v4);
    const layer = { prototype: { handle_request: Layer.prototype.handleRequest, handle_error: Layer.prototype.handleError } };
    const after = () => {
      Layer.prototype.handleRequest = layer.prototype.handle_request;
      Layer.prototype.handleError = layer.prototype.handle_error;
    };
    return [{ name: 'express', version: AS.v4.express, files: { 'lib/express.js': v4, 'lib/router/layer.js': layer }, after }];
  }
  const core = loadEntry('main');
  const Layer = layerClass(core);
  return [
    { name: 'express', version: AS.main.express, files: { 'lib/express.js': core, 'lib/request.js': core.request } },
    { name: 'router', version: AS.main.router, files: { '': core.Router, 'lib/layer.js': Layer } },
  ];
}

const done = new Set<EntryName>();

/**
 * Whether dd-trace was loaded in this process: its start-up entry (`--require dd-trace/init`, or
 * `--import dd-trace/initialize.mjs`, which requires it) or `require('dd-trace')`. Its files are
 * in the require cache from then on, whether dd-trace started or declined to
 * (`DD_TRACE_ENABLED=false`, a Node.js version it does not support: dd-trace 6 starts on Node.js
 * 22 and later).
 */
function ddTraceLoaded(): boolean {
  const folder = `${path.sep}node_modules${path.sep}dd-trace${path.sep}`;
  return Object.keys(require.cache).some((file) => file.includes(folder));
}

/**
 * Applies dd-trace's express (and router) integrations to a webfw entry: 'main' (5.x) or 'v4'.
 * Idempotent. Throws when dd-trace has not been loaded; does nothing when it was loaded and
 * instruments nothing (`DD_TRACE_ENABLED=false`, a Node.js version it does not support), as an
 * express app then runs untraced.
 */
export function instrument(entry: EntryName = 'main'): void {
  if (done.has(entry)) return;
  const registry = (globalThis as Record<symbol, Record<string, DdHook[] | undefined> | undefined>)[Symbol.for('_ddtrace_instrumentations')];
  if (!registry) {
    if (ddTraceLoaded()) return;
    throw new Error('webfw: dd-trace is not initialised; call require("dd-trace").init() first (an ES module app: node --import dd-trace/initialize.mjs)');
  }
  done.add(entry);
  // dd-trace registers an integration's hooks when it first sees the module; do that for express (which loads router's)
  const hooks = appRequire('dd-trace/packages/datadog-instrumentations/src/helpers/hooks') as DdHooksModule;
  const { matchesInstrumentation } = appRequire('dd-trace/packages/datadog-instrumentations/src/helpers/instrumentation-utils') as DdInstrumentationUtils;
  const express = hooks.express;
  (typeof express === 'function' ? express : express.fn)();
  const load = dc.channel('dd-trace:instrumentation:load');
  for (const { name, version, files, after } of targets(entry)) {
    load.publish({ name });
    for (const [file, exports] of Object.entries(files)) {
      const moduleName = file ? `${name}/${file}` : name;
      for (const hook of registry[name] || []) {
        if (matchesInstrumentation(name, version, moduleName, hook)) hook.hook(exports, version, false, { moduleBaseDir: path.dirname(__dirname), moduleName });
      }
    }
    if (after) after();
  }
}

// dd-trace-v4.cjs requires this module for `instrument` and applies the 4.x line only
if (!module.parent || !/dd-trace-v4\.cjs$/.test(module.parent.filename)) instrument('main');
