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

/** Returns the tsup options for one package; `overrides` are merged over the defaults. */
export function preset(overrides = {}) {
  return {
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
}
