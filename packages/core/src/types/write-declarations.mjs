/**
 * Writes @webfw/core's declarations into dist/ after tsup's JavaScript build (core's types are
 * written by hand, to be @types/express's name for name; tsup writes none for core):
 *
 * - each entry's template `src/types/<entry>.d.cts` becomes `dist/<entry>.d.cts` as it is, and
 *   `dist/<entry>.d.ts`, the same declarations as an ES module: `export = webfw` becomes
 *   `export default webfw` plus a named export of every member of the `webfw` namespace (a
 *   named import is that member itself, so an augmentation of either reaches both);
 * - the folders the templates reference (`express-serve-static-core/`, `v4/`) are copied along.
 *
 * Usage: `writeDeclarations(srcTypesDir, distDir, entries)`, or
 * `node src/types/write-declarations.mjs` from packages/core.
 */
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Words that cannot name an ES module binding (`webfw.static` stays a property of the default export). */
const RESERVED = new Set(['static', 'default', 'delete', 'new', 'function', 'class']);

/** The ES module form of a CommonJS declaration template (see the file comment). */
export function toEsm(text) {
  const match = /\ndeclare namespace (\w+) \{\n([\s\S]*?)\n\}\n/.exec(text);
  if (!match) throw new Error('write-declarations: the template has no top-level `declare namespace`');
  const [, name, body] = match;
  const assignment = `export = ${name};`;
  if (!text.includes(assignment)) throw new Error(`write-declarations: the template does not end in \`${assignment}\``);
  const named = namespaceMembers(body).filter((member) => !RESERVED.has(member));
  const exports = [`export default ${name};`];
  for (const member of named) exports.push(member === name ? `export { ${name} };` : `export import ${member} = ${name}.${member};`);
  return text.replace(assignment, exports.join('\n'));
}

/** Writes `dist/<entry>.d.cts` and `dist/<entry>.d.ts` for each entry, with the referenced type folders. */
export function writeDeclarations(typesDir, distDir, entries) {
  for (const folder of ['express-serve-static-core', 'v4']) {
    const from = join(typesDir, folder);
    if (!existsSync(from)) continue;
    rmSync(join(distDir, folder), { recursive: true, force: true });
    cpSync(from, join(distDir, folder), { recursive: true, filter: (path) => !path.endsWith('.mjs') });
  }
  for (const entry of entries) {
    const template = readFileSync(join(typesDir, `${entry}.d.cts`), 'utf8');
    writeFileSync(join(distDir, `${entry}.d.cts`), template);
    writeFileSync(join(distDir, `${entry}.d.ts`), toEsm(template));
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const here = dirname(fileURLToPath(import.meta.url));
  writeDeclarations(here, resolve(here, '..', '..', 'dist'), ['index', 'v4', 'v3']);
}
