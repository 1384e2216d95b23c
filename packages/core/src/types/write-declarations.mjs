/**
 * Writes @webfw/core's declarations into dist/ after tsup's JavaScript build (core's types are
 * written by hand, to be @types/express's name for name; tsup writes none for core):
 *
 * - `express-serve-static-core/` (the 5.x core types) is copied as it is, and written again as
 *   `v4/express-serve-static-core/` with the 4.x differences of v4.differences.mjs applied;
 * - `index.d.cts` (the 5.x entry) becomes `dist/index.d.cts`; with `V4_ENTRY` applied,
 *   `dist/v4.d.cts`; with `V3_ENTRY` applied to that, `dist/v3.d.cts`;
 * - each `<entry>.d.cts` also becomes `<entry>.d.ts`, the same declarations as an ES module:
 *   `export = webfw` becomes `export default webfw` plus a named export of every member of the
 *   `webfw` namespace (a named import is that member itself, so an augmentation of either
 *   reaches both); a member named by a reserved word (`static`) is exported through a local
 *   alias (`export { webfw_static as static }`), as the ES module entries export it at run time.
 *
 * Usage: `writeDeclarations(srcTypesDir, distDir, entries)`, or
 * `node src/types/write-declarations.mjs` from packages/core.
 */
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { V3_ENTRY } from './v3.differences.mjs';
import { V4_CORE, V4_ENTRY } from './v4.differences.mjs';

/** The names a namespace body declares at its top level (`var x`, `function f`, `interface I`, `class C`, `type T`). */
export function namespaceMembers(body) {
  const names = new Set();
  let depth = 0;
  for (const line of body.split('\n')) {
    if (depth === 0) {
      const match = /^\s*(?:export\s+)?(?:var|let|const|function|interface|class|type|namespace)\s+([A-Za-z_$][\w$]*)/.exec(line);
      if (match) names.add(match[1]);
    }
    for (const ch of line.replace(/\/\/.*$|'[^']*'|`[^`]*`/g, '')) {
      if (ch === '{') depth++;
      else if (ch === '}') depth--;
    }
  }
  return [...names];
}

/**
 * Words that cannot name a local binding (`export import static = ...` does not parse): such a
 * member is exported by an alias, `import webfw_static = webfw.static; export { webfw_static as
 * static };` (`import { static as serveStatic } from '@webfw/core'`, as @types/express allows).
 */
const RESERVED = new Set(['static', 'default', 'delete', 'new', 'function', 'class']);

/** The ES module form of a CommonJS declaration (see the file comment). */
export function toEsm(text) {
  const match = /\ndeclare namespace (\w+) \{\n([\s\S]*?)\n\}\n/.exec(text);
  if (!match) throw new Error('write-declarations: the template has no top-level `declare namespace`');
  const [, name, body] = match;
  const assignment = `export = ${name};`;
  if (!text.includes(assignment)) throw new Error(`write-declarations: the template does not end in \`${assignment}\``);
  const exports = [`export default ${name};`];
  for (const member of namespaceMembers(body)) {
    if (member === 'default') continue;
    if (member === name) exports.push(`export { ${name} };`);
    else if (RESERVED.has(member)) exports.push(`import ${name}_${member} = ${name}.${member};`, `export { ${name}_${member} as ${member} };`);
    else exports.push(`export import ${member} = ${name}.${member};`);
  }
  return text.replace(assignment, exports.join('\n'));
}

/** A difference's side as text (an array is lines). */
function textOf(side) {
  return Array.isArray(side) ? side.join('\n') : side;
}

/** `text` with each difference applied; throws when a `from` does not occur exactly once. */
export function applyDifferences(text, differences, where) {
  let out = text;
  for (const difference of differences) {
    const from = textOf(difference.from);
    const count = out.split(from).length - 1;
    if (count !== 1) throw new Error(`write-declarations: ${where}: "${difference.why}" matches ${count} times:\n${from}`);
    out = out.replace(from, () => textOf(difference.to));
  }
  return out;
}

/** A 5.x core types file as the 4.x one: its version in the file comment, the shared globals, and its differences. */
function toV4Core(file, text) {
  const name = file.replace(/\.d\.ts$/, '');
  const renamed = text
    .replace(/@types\/express-serve-static-core 5\.x's/g, "@types/express-serve-static-core 4.x's")
    .replace("webfw's 5.x types", "webfw's 4.x types")
    .replace('/// <reference path="./globals.d.ts" />', '/// <reference path="../../express-serve-static-core/globals.d.ts" />');
  return applyDifferences(renamed, V4_CORE[name] ?? [], `v4/express-serve-static-core/${file}`);
}

/** Writes the core types folders and `dist/<entry>.d.cts` and `.d.ts` of each entry (`index`, `v4`, `v3`). */
export function writeDeclarations(typesDir, distDir, entries) {
  const core5 = join(typesDir, 'express-serve-static-core');
  rmSync(join(distDir, 'express-serve-static-core'), { recursive: true, force: true });
  cpSync(core5, join(distDir, 'express-serve-static-core'), { recursive: true });
  const core4 = join(distDir, 'v4', 'express-serve-static-core');
  rmSync(join(distDir, 'v4'), { recursive: true, force: true });
  mkdirSync(core4, { recursive: true });
  for (const file of readdirSync(core5)) {
    if (file === 'globals.d.ts') continue;
    writeFileSync(join(core4, file), toV4Core(file, readFileSync(join(core5, file), 'utf8')));
  }
  const index = readFileSync(join(typesDir, 'index.d.cts'), 'utf8');
  const v4 = applyDifferences(index, V4_ENTRY, 'v4.d.cts');
  const texts = { index, v4, v3: applyDifferences(v4, V3_ENTRY, 'v3.d.cts') };
  for (const entry of entries) {
    if (!(entry in texts)) throw new Error(`write-declarations: no declarations for the entry ${entry}`);
    writeFileSync(join(distDir, `${entry}.d.cts`), texts[entry]);
    writeFileSync(join(distDir, `${entry}.d.ts`), toEsm(texts[entry]));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = dirname(fileURLToPath(import.meta.url));
  writeDeclarations(here, resolve(here, '..', '..', 'dist'), ['index', 'v4', 'v3']);
}
