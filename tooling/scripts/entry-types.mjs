/**
 * Rewrites a built entry's declarations (`dist/<entry>.d.ts` and `dist/<entry>.d.cts`) so the
 * default export carries the package's types, and the CommonJS ones say what `require()`
 * really returns. Run by tooling/tsup.preset.mjs after every build.
 *
 * Code typed against @types/express reaches types through the default export
 * (`express.Request`, `morgan.FormatFn`): that is a function or constant merged with a
 * namespace. And at run time the CommonJS build's footer (tooling/tsup.preset.mjs) makes
 * `module.exports` the default export itself, with every named export copied onto it, so
 * `import x = require('@webfw/core')` must see a callable `x` carrying every named export,
 * values as properties and types as namespace members: `export =` of that default (as
 * @types/express declares `express`). tsup writes neither: its `.d.cts` is a copy of the ES
 * module declarations. So, for an entry with a default export declared in it:
 *
 * - both files: every named type export that the default's namespace does not already hold is
 *   added to it (a type alias with the same type parameters), so `x.Request` is a type;
 * - `.d.cts` only: the `export { ... }` lists go (`export { a as b } from 'm'` becomes an
 *   import), every named value the default does not already carry is added (to the namespace
 *   merged with a function default, or to the declared type of a constant default), and
 *   `export = <default>;` ends the file. Entries whose `module.exports` is not a function
 *   (the footer leaves those alone) keep tsup's `.d.cts`.
 *
 * Each rewritten file is type-checked before it is written (strict, its own diagnostics); an
 * error fails the build. A file already rewritten is left as it is.
 *
 * Usage: `node tooling/scripts/entry-types.mjs <dist dir> <entry name>...`, or
 * `writeEntryTypes(distDir, entries)`.
 */
import { existsSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Prefix of the names this step declares; nothing in the packages' declarations uses it. */
const PREFIX = '__entry_';
/** The comment that marks a rewritten file (and starts what was added). */
const MARK = '// Added by tooling/scripts/entry-types.mjs:';

/** Compiler options for reading and checking one declaration file as a consumer would. */
function compilerOptions(ts, checkDeclarations) {
  return {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    // only the rewritten file is ever checked (its diagnostics alone are asked for)
    skipLibCheck: !checkDeclarations,
    types: ['node'],
  };
}

/**
 * Parsed files other than the one being read or checked, shared by the programs of one run
 * (`@types/node` alone takes a while to parse); a file this step writes is dropped from it.
 */
const parsed = new Map();

/** The program, checker and source file of `file` with the content `text`. */
function load(ts, file, text, checkDeclarations = false) {
  const options = compilerOptions(ts, checkDeclarations);
  const host = ts.createCompilerHost(options, true);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  const target = resolve(file);
  host.readFile = (name) => (resolve(name) === target ? text : readFile(name));
  host.getSourceFile = (name, languageVersion, onError, shouldCreate) => {
    const path = resolve(name);
    if (path === target) return ts.createSourceFile(name, text, languageVersion, true);
    const key = `${path}\0${JSON.stringify(languageVersion)}`;
    if (!parsed.has(key)) parsed.set(key, getSourceFile(name, languageVersion, onError, shouldCreate));
    return parsed.get(key);
  };
  const program = ts.createProgram({ rootNames: [target], options, host });
  const source = program.getSourceFile(target);
  if (!source) throw new Error(`entry-types: cannot read ${file}`);
  return { program, source, checker: program.getTypeChecker() };
}

/** Every `export { ... }` (with or without `from`) of the file, and the default's local name. */
function exportLists(ts, source) {
  const named = [];
  const statements = [];
  let defaultLocal;
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement)) continue;
    if (!statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      throw new Error(`entry-types: ${source.fileName}: \`export *\` is not supported (${statement.getText(source)})`);
    }
    statements.push(statement);
    const from = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? statement.moduleSpecifier.text : undefined;
    for (const element of statement.exportClause.elements) {
      const local = (element.propertyName ?? element.name).text;
      const exported = element.name.text;
      if (exported === 'default') {
        if (from === undefined) defaultLocal = local;
        continue;
      }
      named.push({ local, exported, from, typeOnly: statement.isTypeOnly || element.isTypeOnly, element });
    }
  }
  return { named, statements, defaultLocal };
}

/** The symbol an alias stands for (the symbol itself otherwise). */
function resolved(ts, checker, symbol) {
  return symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/**
 * The type parameter list of a type, interface or class as source text valid in `source`
 * (`<P = X, B>`), and the matching argument list (`<P, B>`); empty strings without any.
 */
function typeParameters(ts, checker, symbol, source) {
  const declaration = (resolved(ts, checker, symbol).declarations ?? []).find(
    (d) => ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isClassDeclaration(d),
  );
  if (!declaration || !declaration.typeParameters || declaration.typeParameters.length === 0) return { list: '', args: '' };
  const printer = ts.createPrinter({ removeComments: true });
  const flags = ts.NodeBuilderFlags.NoTruncation | ts.NodeBuilderFlags.GenerateNamesForShadowedTypeParams;
  const params = declaration.typeParameters.map((node) => {
    const parameter = checker.getDeclaredTypeOfSymbol(checker.getSymbolAtLocation(node.name));
    const built = checker.typeParameterToDeclaration(parameter, source, flags);
    if (!built) throw new Error(`entry-types: cannot restate the type parameters of ${symbol.name}`);
    return relativeImports(printer.printNode(ts.EmitHint.Unspecified, built, source), source.fileName);
  });
  return { list: `<${params.join(', ')}>`, args: `<${declaration.typeParameters.map((p) => p.name.text).join(', ')}>` };
}

/**
 * TypeScript writes a type it cannot name in `file` as `import("/abs/dist/chunk")`: made
 * relative, with the extension the file's own imports use (`.js` beside `.d.ts`, `.cjs` beside
 * `.d.cts`).
 */
function relativeImports(text, file) {
  const extension = file.endsWith('.d.cts') ? '.cjs' : '.js';
  return text.replace(/import\("([^"]+)"\)/g, (whole, specifier) => {
    if (!isAbsolute(specifier)) return whole;
    let path = relative(dirname(file), specifier).split(sep).join('/');
    if (!path.startsWith('.')) path = `./${path}`;
    return `import("${path}${extension}")`;
  });
}

/**
 * What to add to one declaration file: the default's local name and declaration, the imports
 * and top-level aliases, the namespace's type members, and the values the default lacks.
 * `runtime` names the properties the built module's export really has (CommonJS only).
 * Undefined when the file has no default export declared in it, or was already rewritten.
 */
function plan(ts, file, text, runtime) {
  if (text.includes(MARK)) return undefined;
  const { source, checker } = load(ts, file, text);
  const { named, statements, defaultLocal } = exportLists(ts, source);
  if (defaultLocal === undefined) return undefined;
  const fileSymbol = checker.getSymbolAtLocation(source);
  const defaultSymbol = fileSymbol && checker.getExportsOfModule(fileSymbol).find((s) => s.escapedName === 'default');
  const local = defaultSymbol && resolved(ts, checker, defaultSymbol);
  const declaration = local?.declarations?.find((d) => d.getSourceFile() === source && (ts.isFunctionDeclaration(d) || ts.isVariableDeclaration(d)));
  if (!local || !declaration) {
    throw new Error(`entry-types: ${file}: the default export (${defaultLocal}) must be a function or a constant declared in the entry`);
  }
  if (ts.isVariableDeclaration(declaration) && !declaration.type)
    throw new Error(`entry-types: ${file}: the default constant ${defaultLocal} needs a declared type`);

  const valueMembers = new Set(checker.getPropertiesOfType(checker.getTypeOfSymbol(local)).map((p) => p.name));
  const typeMembers = new Set();
  for (const member of local.exports?.values() ?? []) if (resolved(ts, checker, member).flags & ts.SymbolFlags.Type) typeMembers.add(member.name);

  const imports = [];
  const typeAliases = [];
  const valueAliases = [];
  const namespaceTypes = [];
  const values = [];
  for (const entry of named) {
    const symbol = checker.getExportSpecifierLocalTargetSymbol(entry.element) ?? checker.getSymbolAtLocation(entry.element.name);
    if (!symbol) throw new Error(`entry-types: ${file}: cannot resolve the export ${entry.exported}`);
    const flags = resolved(ts, checker, symbol).flags;
    const isSelf = entry.local === defaultLocal && entry.from === undefined;
    let reference = entry.local;
    if (entry.from !== undefined) {
      reference = `${PREFIX}import_${entry.exported}`;
      imports.push(`import { ${entry.typeOnly ? 'type ' : ''}${entry.local} as ${reference} } from '${entry.from}';`);
    }
    if (flags & ts.SymbolFlags.Type && !typeMembers.has(entry.exported)) {
      // named through a top-level alias: inside the namespace the same name means the member
      const { list, args } = typeParameters(ts, checker, symbol, source);
      const alias = `${PREFIX}type_${entry.exported}`;
      typeAliases.push(`type ${alias}${list} = ${reference}${args};`);
      namespaceTypes.push(`  type ${entry.exported}${list} = ${alias}${args};`);
    }
    // a value the CommonJS module really has (a type-only export can look like a value here)
    if (flags & ts.SymbolFlags.Value && !entry.typeOnly && !valueMembers.has(entry.exported) && runtime?.has(entry.exported)) {
      const alias = `${PREFIX}value_${entry.exported}`;
      valueAliases.push(`type ${alias} = ${isSelf ? `${PREFIX}self` : `typeof ${reference}`};`);
      values.push({ name: entry.exported, alias });
    }
  }
  return { source, statements, defaultLocal, declaration, imports, typeAliases, valueAliases, namespaceTypes, values };
}

/** Applies `{ start, end, text }` edits to `text`, last first. */
function applyEdits(text, edits) {
  let out = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** The ES module declarations with the named types added to the default's namespace. */
export function toEsmDeclarations(file, text) {
  const ts = require('typescript');
  const p = plan(ts, file, text);
  if (p === undefined || p.namespaceTypes.length === 0) return undefined;
  const tail = [MARK + ' the named types, reachable through the default export too.', ...p.imports, ...p.typeAliases];
  tail.push(`declare namespace ${p.defaultLocal} {`, ...p.namespaceTypes, '}', '');
  return text.replace(/\s*$/, '\n\n') + tail.join('\n');
}

/**
 * The CommonJS declarations: `export =` of the default, carrying every named export (`runtime`:
 * the names `require()` really gives, see `plan`).
 */
export function toCjsDeclarations(file, text, runtime) {
  const ts = require('typescript');
  const p = plan(ts, file, text, runtime);
  if (p === undefined) return undefined;
  const edits = p.statements.map((statement) => ({ start: statement.getFullStart(), end: statement.getEnd(), text: '' }));
  const tail = [MARK + ' `require()` returns the default export itself, with every named export on it.'];
  tail.push(...p.imports, ...p.typeAliases, ...p.valueAliases);
  const namespace = [...p.namespaceTypes];
  if (ts.isFunctionDeclaration(p.declaration)) {
    tail.push(`type ${PREFIX}self = typeof ${p.defaultLocal};`);
    for (const { name, alias } of p.values) namespace.push(`  const ${name}: ${alias};`);
  } else if (p.values.length === 0) {
    tail.push(`type ${PREFIX}self = typeof ${p.defaultLocal};`);
  } else {
    // A constant cannot merge with a namespace holding values: they join its declared type.
    const annotation = p.declaration.type;
    const original = annotation.getText(p.source);
    const extras = `${PREFIX}values`;
    edits.push({ start: annotation.getStart(p.source), end: annotation.getEnd(), text: `(${original}) & ${extras}` });
    tail.push(`type ${PREFIX}self = (${original}) & ${extras};`);
    tail.push(`interface ${extras} {`, ...p.values.map(({ name, alias }) => `  readonly ${JSON.stringify(name)}: ${alias};`), '}');
  }
  if (namespace.length > 0) tail.push(`declare namespace ${p.defaultLocal} {`, ...namespace, '}');
  tail.push(`export = ${p.defaultLocal};`, '');
  return applyEdits(text, edits).replace(/\s*$/, '\n\n') + tail.join('\n');
}

/** The diagnostics of `file` with the content `text`, checked strictly. */
function diagnosticsOf(ts, file, text) {
  const { program, source } = load(ts, file, text, true);
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
}

/** A diagnostic's code and message, which stay the same when the text around it moves. */
function diagnosticKey(ts, diagnostic) {
  return `${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
}

/**
 * Type-checks a rewritten declaration file; throws with the diagnostics it has that the file
 * as tsup wrote it (`original`) did not have.
 */
function check(file, original, text) {
  const ts = require('typescript');
  const after = diagnosticsOf(ts, file, text);
  if (after.length === 0) return;
  const before = new Set(diagnosticsOf(ts, file, original).map((d) => diagnosticKey(ts, d)));
  const diagnostics = after.filter((d) => !before.has(diagnosticKey(ts, d)));
  if (diagnostics.length === 0) return;
  const host = { getCanonicalFileName: (f) => f, getCurrentDirectory: () => process.cwd(), getNewLine: () => '\n' };
  throw new Error(`entry-types: the rewritten ${file} does not type-check:\n${ts.formatDiagnostics(diagnostics, host)}`);
}

/** Rewrites one file with `transform` (when it applies), checked first. Returns whether it wrote. */
function rewrite(file, transform) {
  const text = readFileSync(file, 'utf8');
  const rewritten = transform(file, text);
  if (rewritten === undefined) return false;
  check(file, text, rewritten);
  writeFileSync(file, rewritten);
  for (const key of parsed.keys()) if (key.startsWith(`${resolve(file)}\0`)) parsed.delete(key);
  return true;
}

/**
 * Rewrites `<distDir>/<entry>.d.ts` and `<entry>.d.cts` of each entry (see the file comment).
 * Entries the build did not write are skipped. Returns the files rewritten.
 */
export function writeEntryTypes(distDir, entries) {
  const written = [];
  let allOverCjs = true;
  for (const entry of entries) {
    const esm = join(distDir, `${entry}.d.ts`);
    const cjs = join(distDir, `${entry}.d.cts`);
    // an entry this build did not write (`tsup src/index.ts` builds one entry of several)
    if (!existsSync(esm) || !existsSync(cjs)) continue;
    const exported = require(join(distDir, `${entry}.cjs`));
    if (typeof exported !== 'function') {
      allOverCjs = false;
      if (rewrite(esm, toEsmDeclarations)) written.push(esm);
      continue;
    }
    const esmText = readFileSync(esm, 'utf8');
    const runtime = new Set(Object.getOwnPropertyNames(exported));
    if (rewrite(cjs, (file, text) => toCjsDeclarations(file, text, runtime))) written.push(cjs);
    if (rewrite(esm, (file) => toEsmOverCjs(file, esmText, entry))) written.push(esm);
  }
  // the declaration chunks only the ES module copies imported (`route-XXXX.d.ts`)
  if (allOverCjs) {
    for (const file of readdirSync(distDir)) {
      if (file.endsWith('.d.ts') && !entries.includes(file.slice(0, -'.d.ts'.length))) unlinkSync(join(distDir, file));
    }
  }
  return written;
}

/**
 * The ES module declarations of an entry whose CommonJS module is its default export: the
 * CommonJS declarations (`./<entry>.d.cts`, `export =`) re-exported, default and every name the
 * ES module declarations as tsup wrote them (`text`) export. The ES module entry re-exports
 * the CommonJS build (tooling/tsup.preset.mjs), so one copy of the types serves `import` and
 * `require`: the package carries them once, and a class reached both ways is one type.
 */
export function toEsmOverCjs(file, text, entry) {
  if (text.includes(MARK)) return undefined;
  const ts = require('typescript');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const { named } = exportLists(ts, source);
  const names = [...new Set(named.map((n) => n.exported))].sort();
  const from = `./${entry}.cjs`;
  const lines = [
    `${MARK} the ES module entry re-exports the CommonJS one, and so do its types (${entry}.d.cts).`,
    `import ${PREFIX}default from '${from}';`,
    `export default ${PREFIX}default;`,
  ];
  if (names.length > 0) lines.push(`export { ${names.join(', ')} } from '${from}';`);
  return lines.join('\n') + '\n';
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dist, ...entries] = process.argv.slice(2);
  if (!dist || entries.length === 0) {
    process.stderr.write('usage: node tooling/scripts/entry-types.mjs <dist dir> <entry>...\n');
    process.exit(2);
  }
  const written = writeEntryTypes(resolve(dist), entries);
  process.stdout.write(`entry-types: rewrote ${written.join(', ') || 'nothing'}\n`);
}
