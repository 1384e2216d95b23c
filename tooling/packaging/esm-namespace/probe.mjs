/**
 * Run by esm-namespace.test.ts as a plain node ES module, from a folder whose node_modules holds
 * express 5 (`express`), express 4 (`express-v4`) and the installed webfw packages. Prints one
 * JSON line: for each module named on the command line, every name its ES module namespace
 * (`import * as ns`) has, described by `describe` below; and what the named import `static`
 * (`import { static as serveStatic } from ...`, linked before any of this runs) is.
 */
import { createRequire } from 'node:module';
import { static as express5Static } from 'express';
import { static as express4Static } from 'express-v4';
import { static as webfw5Static } from '@webfw/core';
import { static as webfw4Static } from '@webfw/core/v4';
import { static as webfw3Static } from '@webfw/core/v3';

const require = createRequire(import.meta.url);

/** Arguments each function is called with (by name), so a factory makes its middleware; others get none. */
const ARGS = { static: [process.cwd()], urlencoded: [{ extended: false }], Route: ['/'], query: [{}] };

/** What calling `run` gives: the result's typeof, or the class of what it throws. */
function outcome(run) {
  try {
    const result = run();
    return result === null ? 'null' : typeof result;
  } catch (err) {
    return `throws ${err?.constructor?.name ?? typeof err}`;
  }
}

/**
 * One export described: its typeof; for a function, what calling it and constructing it with
 * `ARGS` give; and whether it is the default export's member of that name (`ns.static ===
 * ns.default.static`), as node's CommonJS named exports make it.
 */
function describe(ns, name) {
  const value = ns[name];
  const described = { kind: typeof value, member: name === 'default' || value === ns.default[name] };
  if (typeof value === 'function') {
    const args = ARGS[name] ?? [];
    described.call = outcome(() => value(...args));
    described.construct = outcome(() => new value(...args));
  }
  return described;
}

const namespaces = {};
for (const specifier of process.argv.slice(2)) {
  const ns = await import(specifier);
  namespaces[specifier] = {
    exports: Object.fromEntries(Object.keys(ns).map((name) => [name, describe(ns, name)])),
    // the CommonJS entry is the same module instance: require() returns the default export
    requireIsDefault: require(specifier) === ns.default,
  };
}
const namedStatic = {
  express: express5Static,
  'express-v4': express4Static,
  '@webfw/core': webfw5Static,
  '@webfw/core/v4': webfw4Static,
  '@webfw/core/v3': webfw3Static,
};
const statics = {};
for (const [specifier, value] of Object.entries(namedStatic))
  statics[specifier] = { kind: typeof value, member: value === (await import(specifier)).default.static };
process.stdout.write(JSON.stringify({ namespaces, statics }) + '\n');
