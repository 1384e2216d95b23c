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

export default options;
