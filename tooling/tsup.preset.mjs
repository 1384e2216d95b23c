import { resolve } from 'node:path';
import { writeEntryTypes } from './scripts/entry-types.mjs';

/**
 * The one tsup preset every package builds with: ESM (`dist/index.js`), CommonJS
 * (`dist/index.cjs`) and types for both, from `src/index.ts`.
 *
 * CommonJS callers expect `require('@webfw/x')` to return the package's callable default
 * export itself (`const logger = require('@webfw/logger'); logger('tiny')`), as the express
 * ecosystem does. The CJS footer makes `module.exports` that default export, copies the named
 * exports onto it and keeps `.default` pointing at it for transpiled `import x from` callers.
 */
const cjsDefaultFooter = [
  ';(function (m) {',
  '  var d = m.exports && m.exports.default;',
  "  if (typeof d !== 'function') return;",
  '  for (var k of Object.keys(m.exports)) if (k !== "default" && !(k in d)) d[k] = m.exports[k];',
  "  Object.defineProperty(d, 'default', { value: d, enumerable: false, configurable: true, writable: true });",
  '  m.exports = d;',
  '})(module);',
].join('\n');

/**
 * The CommonJS declarations must say the same (`export =` of the default, carrying the named
 * exports), and the default export must carry the package's types (`webfw.Request`): tsup
 * writes neither, so once the build is done (tsup has no hook after its declaration build; the
 * process's `exit` comes after it) tooling/scripts/entry-types.mjs rewrites the entries'
 * declarations. A failure there fails the build.
 */
function rewriteEntryTypesOnExit(options) {
  if (!options.dts || !options.format.includes('cjs') || options.watch) return;
  const entries = Array.isArray(options.entry) ? [] : Object.keys(options.entry);
  const distDir = resolve(options.outDir ?? 'dist');
  process.once('exit', (code) => {
    if (code !== 0) return;
    try {
      writeEntryTypes(distDir, entries);
    } catch (err) {
      process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
      process.exitCode = 1;
    }
  });
}

/** Returns the tsup options for one package; `overrides` are merged over the defaults. */
export function preset(overrides = {}) {
  const options = {
    entry: { index: 'src/index.ts' },
    format: ['esm', 'cjs'],
    dts: true,
    clean: true,
    target: 'node20',
    platform: 'node',
    sourcemap: true,
    splitting: false,
    treeshake: false,
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    footer: ({ format }) => (format === 'cjs' ? { js: cjsDefaultFooter } : {}),
    ...overrides,
  };
  rewriteEntryTypesOnExit(options);
  return options;
}
