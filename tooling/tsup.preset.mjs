import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { transformSync } from 'esbuild';
import ts from 'typescript';
import { writeEntryTypes } from './scripts/entry-types.mjs';

/**
 * The one tsup preset every package builds with: ESM (`dist/index.js`), CommonJS
 * (`dist/index.cjs`) and types for both, from `src/index.ts`.
 *
 * CommonJS callers expect `require('@webfw/x')` to return the package's callable default
 * export itself (`const logger = require('@webfw/logger'); logger('tiny')`), as the express
 * ecosystem does. The CJS footer makes `module.exports` that default export, copies the named
 * exports onto it and keeps `.default` pointing at it for transpiled `import x from` callers.
 *
 * The packages' own CommonJS builds reach each other by named exports only (`import { Router }
 * from '@webfw/router'`, never `import Router from`; tooling/packaging checks every dist/*.cjs
 * for it). A default import compiles to `__toESM(require('@webfw/router'), 1).default`, and in
 * that node-mode interop `.default` is whatever `require()` returned: the callable under node,
 * but an ES module namespace wherever the require lands on ES module code instead of this
 * CommonJS build. Bun and esbuild do that for a package reached through a symlink into a
 * checkout with tsconfig `paths` (a workspace, `npm link`, a `file:` dependency): they map the
 * dist file's `@webfw/router` to `src/index.ts`, and `.default` is the namespace (`Module is
 * not a constructor`, `import_router2.default is not a constructor`). A `__esModule` flag on
 * `module.exports` would not help (node-mode interop ignores it), and the footer's `.default`
 * is not on a namespace. A named
 * member (`import_router.Router`) is the same function in every shape `require()` can return:
 * this build's `module.exports` (the footer copies named exports onto it), an ES namespace, or
 * a bundler's `__esModule` object. Checked under node, Bun, esbuild and webpack 5 bundles by
 * tooling/packaging/packaging.test.ts.
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

/**
 * keepNames' price, and how it is not paid. esbuild wraps every function and class it could
 * name, renamed or not: `const done = __name((err) => {...}, "done")`, a class field `next =
 * __name(() => ..., "next")`, `static { __name(this, "Layer"); }` in `class Layer`. Each is a
 * `defineProperty` when the code runs, and on the request path that costs (docs/performance.md,
 * the table of tricks), most of it from the classes' `static { __name(...) }` and the rest from
 * closures made per request. Most of those wrappers are redundant: the function
 * would get that very name from JavaScript itself (a named function or class, or an anonymous
 * one assigned to a binding, field or property of that name). This step blanks those (spaces
 * in place of `__name(` and `, "done")`, so every column and the source map stay as they are)
 * and leaves the ones that restore a renamed function (`__name(function router2() {}, "router")`).
 * Anything it does not recognise exactly stays wrapped. A wrapper left in place costs later too: redefining
 * a function's `name` leaves it a dictionary-mode object in V8, whose every property read is a
 * generic lookup (the app object, read on every request: tooling/packaging/fast-objects.test.ts).
 * An entry of a split build calls the chunk's helper, `(0, import_chunk_X.__name)(...)`; both
 * shapes are recognised. tooling/packaging/layer-names.test.ts checks that it changes no name
 * (fixture/redundant-names.mjs).
 */
const redundantNames = {
  name: 'webfw-redundant-names',
  renderChunk(code, info) {
    if (!/\.(c|m)?js$/.test(info.path) || !code.includes('__name')) return undefined;
    return { code: blankRedundantNames(code) };
  },
};

/** The name JavaScript itself gives an anonymous function or class in `node`'s position, if any. */
function inferredName(node) {
  const p = node.parent;
  const keyText = (name) => (ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined);
  if (ts.isVariableDeclaration(p) && p.initializer === node && ts.isIdentifier(p.name)) return p.name.text;
  if ((ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) && p.initializer === node) return keyText(p.name);
  if (ts.isBinaryExpression(p) && p.operatorToken.kind === ts.SyntaxKind.EqualsToken && p.right === node && ts.isIdentifier(p.left)) return p.left.text;
  return undefined;
}

/** Whether an expression in `node`'s position may start with `function`/`class` (not a statement's start). */
function expressionPosition(node) {
  const p = node.parent;
  return (
    ts.isVariableDeclaration(p) ||
    ts.isPropertyAssignment(p) ||
    ts.isPropertyDeclaration(p) ||
    ts.isReturnStatement(p) ||
    (ts.isBinaryExpression(p) && p.right === node) ||
    ((ts.isCallExpression(p) || ts.isNewExpression(p)) && p.arguments?.includes(node))
  );
}

/**
 * Whether `callee` is esbuild's `__name` helper: `__name` itself, or, in an entry of a split
 * CommonJS build, the chunk's copy read through its module (`(0, import_chunk_X.__name)`).
 */
function isNameHelper(callee) {
  if (ts.isIdentifier(callee)) return callee.text === '__name';
  if (!ts.isParenthesizedExpression(callee) || !ts.isBinaryExpression(callee.expression)) return false;
  const { left, operatorToken, right } = callee.expression;
  return (
    operatorToken.kind === ts.SyntaxKind.CommaToken &&
    ts.isNumericLiteral(left) &&
    left.text === '0' &&
    ts.isPropertyAccessExpression(right) &&
    ts.isIdentifier(right.expression) &&
    right.name.text === '__name'
  );
}

/** `__name(x, "n")`'s `n`, or undefined when `node` is not that call. */
function nameCall(node) {
  if (!ts.isCallExpression(node) || !isNameHelper(node.expression)) return undefined;
  const [target, value] = node.arguments;
  return node.arguments.length === 2 && target && value && ts.isStringLiteral(value) ? value.text : undefined;
}

/** The name `fn` (a function, arrow or class in `call`'s place) has without the wrapper. */
function ownName(fn, call) {
  if ((ts.isFunctionExpression(fn) || ts.isClassExpression(fn)) && fn.name) return fn.name.text;
  if (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isClassExpression(fn)) return inferredName(call);
  return undefined;
}

export function blankRedundantNames(code) {
  const file = ts.createSourceFile('out.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const chars = code.split('');
  const blank = (from, to) => {
    for (let i = from; i < to; i++) if (chars[i] !== '\n') chars[i] = ' ';
  };
  const visit = (node) => {
    const value = nameCall(node);
    const fn = value === undefined ? undefined : node.arguments[0];
    if (fn && expressionPosition(node) && ownName(fn, node) === value) {
      // `/* @__PURE__ */ __name(` and `, "n")`, on the lines they are on
      let start = node.getStart(file);
      const pure = '/* @__PURE__ */ ';
      if (code.slice(start - pure.length, start) === pure) start -= pure.length;
      const head = code.slice(start, fn.getStart(file));
      const tail = code.slice(fn.end, node.end);
      if (/^(\/\* @__PURE__ \*\/ )?(__name|\(0, [\w$]+\.__name\))\($/.test(head) && /^, "[^"\n]*"\)$/.test(tail)) {
        blank(start, fn.getStart(file));
        blank(fn.end, node.end);
      }
    }
    // `static { __name(this, "C"); }` in a class that is named C anyway
    if (ts.isClassStaticBlockDeclaration(node) && node.body.statements.length === 1) {
      const [statement] = node.body.statements;
      const call = statement && ts.isExpressionStatement(statement) ? statement.expression : undefined;
      const name = call && nameCall(call);
      const cls = node.parent;
      const clsName = cls.name ? cls.name.text : ts.isClassExpression(cls) ? inferredName(cls) : undefined;
      if (name !== undefined && call.arguments[0].kind === ts.SyntaxKind.ThisKeyword && clsName === name) blank(node.getStart(file), node.end);
    }
    // `__name(line, "line");` beside `function line() {}`
    if (ts.isExpressionStatement(node) && value === undefined) {
      const name = nameCall(node.expression);
      const [target] = name === undefined ? [] : node.expression.arguments;
      const siblings = node.parent.statements ?? [];
      if (target && ts.isIdentifier(target) && target.text === name && siblings.some((s) => ts.isFunctionDeclaration(s) && s.name?.text === name))
        blank(node.getStart(file), node.end);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return chars.join('');
}

/**
 * The CommonJS side of code splitting. esbuild splits only ES modules, so for a split CommonJS
 * build tsup has esbuild write ES module chunks and converts each with sucrase's `imports`
 * transform; that transform misreads a class field named like an export (`methods = ...` in a
 * class, beside `export { methods }`) as an assignment to the export. This step converts every
 * chunk with esbuild's own ES module to CommonJS transform first (what esbuild writes for a
 * CommonJS build without splitting, chunk by chunk), so sucrase is handed plain CommonJS and
 * leaves it as it is (the patch in pnpm-workspace.yaml keeps it from rewriting `??`, `?.` and
 * class fields).
 */
const commonJsChunks = {
  name: 'webfw-commonjs-chunks',
  renderChunk(code, info) {
    if (this.format !== 'cjs' || !this.splitting || !/\.c?js$/.test(info.path)) return undefined;
    const converted = transformSync(code, { format: 'cjs', loader: 'js', target: 'node20', platform: 'node' }).code;
    return { code: basename(info.path).startsWith('chunk-') ? withValueExports(converted) : converted };
  },
};

/** What esbuild's CommonJS output defines each export with: a getter that is not configurable. */
const EXPORT_GETTER = '__defProp(to, key, { get: () => from[key], enumerable:';

/**
 * A converted chunk whose exports are plain values once the chunk has run. esbuild gives each
 * export two getters (its `__toCommonJS` copy over the live binding), and every call an entry
 * makes into a shared chunk reads its function through them: on the 4.x entry's hot path
 * (`expressInit` calling the shared header and prototype functions) they show in the server's
 * CPU profile. No export of the packages is reassigned after its module has run (no
 * `export let`: tooling/packaging/value-exports.test.ts), so the values are the bindings.
 * The getters stay until the chunk's code has run, so a chunk reached in a require cycle still
 * reads them live.
 */
export function withValueExports(code) {
  if (!code.includes(EXPORT_GETTER)) throw new Error('webfw-commonjs-chunks: esbuild no longer defines exports as expected; update withValueExports');
  return (
    code.replace(EXPORT_GETTER, '__defProp(to, key, { get: () => from[key], configurable: true, enumerable:') +
    '\n// the exports as values, now that the chunk has run (tooling/tsup.preset.mjs, withValueExports)\n' +
    'for (const key of Object.keys(module.exports)) Object.defineProperty(module.exports, key, { value: module.exports[key], enumerable: true, writable: false, configurable: false });\n'
  );
}

/**
 * One implementation per entry, shared by `import` and `require` (docs/releasing.md, "What
 * ships"). The CommonJS build (`dist/<entry>.cjs`) is the code; the ES module entry
 * (`dist/<entry>.js`) is a few lines that import it and re-export its default and every named
 * export the ES module build had. So the package carries its JavaScript once (an ES module copy
 * would double the install for nothing a server needs), and an app that both imports and
 * requires a package (an ES module app with a CommonJS middleware) gets one module instance:
 * one logger token table, one `Router` class for `instanceof`. The names come from the ES
 * module build itself, so the entry exports exactly what the declarations (`<entry>.d.ts`) say.
 */
const esmOverCommonJs = {
  name: 'webfw-esm-over-cjs',
  buildEnd({ writtenFiles }) {
    if (this.format !== 'esm') return;
    const entries = new Set(Object.keys(this.options.entry));
    for (const { name } of writtenFiles) {
      if (!name.endsWith('.js')) continue;
      // a chunk the ES module entries shared: the wrappers below import the CommonJS build instead
      if (!entries.has(basename(name, '.js'))) unlinkSync(name);
      else writeFileSync(name, esmWrapper(readFileSync(name, 'utf8'), `./${basename(name, '.js')}.cjs`));
    }
  },
};

/** The ES module entry over `cjsPath` that exports what the ES module build `code` exports. */
export function esmWrapper(code, cjsPath) {
  const file = ts.createSourceFile('entry.js', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const names = [];
  const reexports = [];
  for (const statement of file.statements) {
    if (ts.isExportAssignment(statement)) names.push('default');
    else if (ts.isExportDeclaration(statement)) {
      if (statement.moduleSpecifier) reexports.push(statement.getText(file));
      else if (statement.exportClause && ts.isNamedExports(statement.exportClause)) for (const el of statement.exportClause.elements) names.push(el.name.text);
    } else if (ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      throw new Error(`esmWrapper: an inline export (${statement.getText(file).slice(0, 60)}...) is not expected in a bundle`);
    }
  }
  const named = names.filter((n) => n !== 'default');
  const lines = [`// The ES module entry of ${cjsPath}: the same module instance for import and require.`, `import cjs from ${JSON.stringify(cjsPath)};`];
  if (names.includes('default')) lines.push('export default cjs.default;');
  if (named.length > 0) {
    lines.push(`const { ${named.map((n, i) => `${JSON.stringify(n)}: e${i}`).join(', ')} } = cjs;`);
    lines.push(`export { ${named.map((n, i) => `e${i} as ${n}`).join(', ')} };`);
  }
  // node 23 and later name a CommonJS module's whole exports `module.exports` in its namespace
  // (`import * as express from 'express'`): the same name here, the same value
  lines.push('export { cjs as "module.exports" };');
  lines.push(...reexports);
  return lines.join('\n') + '\n';
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
    // No source maps in the package: they were more than half of what an install carried, and
    // the JavaScript they would map is unminified, readable esbuild output (docs/releasing.md).
    sourcemap: false,
    // Function names survive the build (ARCHITECTURE.md "Module format"): esbuild renames a
    // top-level function that collides with another module's (`router` -> `router2`, `handle`
    // -> `handle3`), and `layer.name`, `app._router.stack[i].name` and tracing agents read
    // `fn.name`. keepNames restores the source name (`__name(fn, "router")`, once per function
    // definition); tooling/packaging/layer-names.test.ts compares a built app's layer names
    // with express's.
    keepNames: true,
    // A package's entries (`index`, `v4`, `v3`) share one copy of their code: what more than
    // one entry uses goes into a `chunk-*.cjs` they all require, so a version entry adds only
    // its differences to the install, and an app that loads two entries gets one instance of
    // each shared module. (tsup's CommonJS splitting: see the patch in pnpm-workspace.yaml.)
    splitting: true,
    treeshake: false,
    outExtension: ({ format }) => ({ js: format === 'cjs' ? '.cjs' : '.js' }),
    footer: ({ format }) => (format === 'cjs' ? { js: cjsDefaultFooter } : {}),
    plugins: [commonJsChunks, redundantNames, esmOverCommonJs],
    ...overrides,
  };
  rewriteEntryTypesOnExit(options);
  return options;
}
