import { join, resolve, sep } from 'node:path';
import { preset } from '../../tooling/tsup.preset.mjs';
import { writeDeclarations } from './src/types/write-declarations.mjs';

/** Words reserved in strict mode that JavaScript still allows as export and property names. */
const STRICT_RESERVED = new Set(['implements', 'interface', 'let', 'package', 'private', 'protected', 'public', 'static', 'yield']);

/**
 * Core exports `static` by name (express's ES module namespace has it: src/index.ts). esbuild's
 * CommonJS output ends with the export names for node's cjs-module-lexer, as shorthand
 * properties (`0 && (module.exports = { json, static })`), and tsup's CommonJS splitting makes
 * the file strict (`"use strict"`), where a shorthand `static` is a SyntaxError. This writes
 * such a name `static: undefined`: valid in strict mode, never run, and still read as an export
 * name by cjs-module-lexer. Any other output is left as it is.
 */
const strictExportNames = {
  name: 'webfw-core-strict-export-names',
  renderChunk(code, info) {
    if (this.format !== 'cjs' || !/\.c?js$/.test(info.path)) return undefined;
    const annotation = /(\n0 && \(module\.exports = \{\n)([^}]*)(\n\}\);)/.exec(code);
    if (!annotation) return undefined;
    const names = annotation[2].replace(/^(\s*)([A-Za-z]+)(,?)$/gm, (line, indent, name, comma) =>
      STRICT_RESERVED.has(name) ? `${indent}${name}: undefined${comma}` : line,
    );
    return { code: code.slice(0, annotation.index) + annotation[1] + names + annotation[3] + code.slice(annotation.index + annotation[0].length) };
  },
};

/**
 * Core's JavaScript is built from src/; its declarations are written by hand (src/types/, to
 * be @types/express's name for name) and copied into dist/ once the build is done.
 */
const options = preset({
  entry: { index: 'src/index.ts', v4: 'src/v4/index.ts', v3: 'src/v3/index.ts' },
  dts: false,
  onSuccess: async () => writeDeclarations('src/types', 'dist', ['index', 'v4', 'v3']),
});
options.plugins = [...options.plugins, strictExportNames];

/** The tracing agents' entry files, published as `@webfw/core/instrumentation/<name>.cjs`. */
const INSTRUMENTATION = ['app-require', 'dd-trace', 'dd-trace-v4', 'opentelemetry', 'opentelemetry-channel', 'sentry'];
const INSTRUMENTATION_SRC = resolve('src/instrumentation');

/**
 * What each instrumentation file bundles: its own modules only. An import of another entry
 * stays a require of that built file (`./app-require.cjs`: one module instance, as node loads
 * them); a path out of src/instrumentation/ (`../dist/index.cjs`, `../package.json`) names this
 * package's files as seen from the built folder, instrumentation/, which sits one level under
 * the package as src/instrumentation/'s top-level modules sit one level under src/; and a
 * package (`@opentelemetry/api`) is the app's, required where the app runs.
 */
const instrumentationImports = {
  name: 'webfw-instrumentation-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = join(args.resolveDir, args.path);
      const entry = INSTRUMENTATION.find((name) => target === join(INSTRUMENTATION_SRC, name));
      if (entry) return { path: `./${entry}.cjs`, external: true };
      if (target.startsWith(INSTRUMENTATION_SRC + sep)) return undefined;
      if (args.resolveDir !== INSTRUMENTATION_SRC)
        return { errors: [{ text: `${args.path}: only src/instrumentation/'s top-level modules may name the package's built files` }] };
      return { path: args.path, external: true };
    });
  },
};

/**
 * The instrumentation files: CommonJS only (an ES module app imports them as they are), one
 * file per entry, no declarations (they are documented in docs/observability.md).
 */
const instrumentation = preset({
  entry: Object.fromEntries(INSTRUMENTATION.map((name) => [name, `src/instrumentation/${name}.ts`])),
  outDir: 'instrumentation',
  format: ['cjs'],
  dts: false,
  splitting: false,
  footer: () => ({}),
  esbuildPlugins: [instrumentationImports],
});

export default [options, instrumentation];
