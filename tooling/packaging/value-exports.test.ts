/**
 * The CommonJS chunks define their exports as values once they have run (tsup.preset.mjs,
 * `withValueExports`), which is right only while no export is reassigned after its module
 * ran. This holds that: no package source exports a `let` or `var` binding, and the built
 * chunks' exports are plain values equal to what the entries give.
 */
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const root = resolve(__dirname, '../..');
const packages = readdirSync(join(root, 'packages'));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** The top-level `let`/`var` names of a module that it exports (by modifier or in an export clause). */
function exportedMutableBindings(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const mutable = new Set<string>();
  const exported: string[] = [];
  for (const statement of source.statements) {
    if (ts.isVariableStatement(statement) && !(statement.declarationList.flags & ts.NodeFlags.Const)) {
      const names = statement.declarationList.declarations.map((d) => d.name.getText(source));
      names.forEach((n) => mutable.add(n));
      if (statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) exported.push(...names);
    }
  }
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const el of statement.exportClause.elements) if (mutable.has((el.propertyName ?? el.name).text)) exported.push(el.name.text);
  }
  return exported;
}

describe('value exports of the CommonJS chunks', () => {
  it('no package source exports a let or var binding', () => {
    const found: string[] = [];
    for (const pkg of packages)
      for (const file of sources(join(root, 'packages', pkg, 'src'))) for (const name of exportedMutableBindings(file)) found.push(`${file}: ${name}`);
    expect(found).toEqual([]);
  });

  it('finds an exported let binding (the check can fail)', () => {
    const file = join(root, 'node_modules/.cache/value-exports-probe.ts');
    mkdirSync(join(root, 'node_modules/.cache'), { recursive: true });
    writeFileSync(file, 'let count = 0;\nexport let total = 1;\nexport { count as n };\n');
    expect(exportedMutableBindings(file)).toEqual(['total', 'n']);
  });

  it.each(packages)('@webfw/%s: every chunk export is a plain value', (pkg) => {
    const dist = join(root, 'packages', pkg, 'dist');
    const chunks = readdirSync(dist).filter((f) => /^chunk-.*\.cjs$/.test(f));
    for (const chunk of chunks) {
      const exports = createRequire(__filename)(join(dist, chunk)) as object;
      for (const key of Object.keys(exports)) {
        const descriptor = Object.getOwnPropertyDescriptor(exports, key)!;
        expect({ key, getter: typeof descriptor.get, writable: descriptor.writable }).toEqual({ key, getter: 'undefined', writable: false });
      }
    }
  });
});
