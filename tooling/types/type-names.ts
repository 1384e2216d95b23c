/**
 * The names @types/express and @types/express-serve-static-core export, read from the
 * installed @types packages with the TypeScript compiler, and a check project that holds each
 * of them against webfw's counterpart both ways (webfw's assignable to @types', and @types'
 * to webfw's), so that no name is forgotten and a name @types gains fails the check until
 * webfw has it. Used by tooling/types/type-names.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as TS from 'typescript';
import { root, typesRelease4, type TypesRelease } from './projects';

export { typesRelease4 };

const ts = createRequire(__filename)('typescript') as typeof TS;

/** One exported name: whether it is a type or a value, and how many type arguments it needs. */
export interface ExportedName {
  name: string;
  kind: 'type' | 'value';
  /** Type parameters without a default (they must be given). */
  required: number;
}

/** The @types packages the repository installs (express 5). */
export const TYPES_5: TypesRelease = {
  express: join(root, 'node_modules', '@types', 'express'),
  core: join(root, 'node_modules', '@types', 'express-serve-static-core'),
};

/** The exports of a declaration file's module (of its `export =` namespace when it has one). */
export function exportedNames(file: string): ExportedName[] {
  const program = ts.createProgram({ rootNames: [file], options: { types: ['node'], noEmit: true, skipLibCheck: true } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error(`cannot read ${file}`);
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (!moduleSymbol) throw new Error(`${file} is not a module`);
  const names: ExportedName[] = [];
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    const declaration = target.declarations?.find(
      (d) =>
        ts.isInterfaceDeclaration(d) || ts.isTypeAliasDeclaration(d) || ts.isClassDeclaration(d) || ts.isFunctionDeclaration(d) || ts.isVariableDeclaration(d),
    );
    if (!declaration) continue;
    if (target.flags & ts.SymbolFlags.Type && (ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration))) {
      const required = (declaration.typeParameters ?? []).filter((p) => p.default === undefined).length;
      names.push({ name: symbol.name, kind: 'type', required });
    }
    if (target.flags & ts.SymbolFlags.Value) names.push({ name: symbol.name, kind: 'value', required: 0 });
  }
  return names.sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
}

/** The check of one name: `W` webfw's module, `T` @types' copy; both directions. */
function checkLines(prefixW: string, prefixT: string, { name, kind, required }: ExportedName): string[] {
  const args = required > 0 ? `<${Array.from({ length: required }, () => 'any').join(', ')}>` : '';
  const w = kind === 'type' ? `${prefixW}.${name}${args}` : `typeof ${prefixW}.${name}`;
  const t = kind === 'type' ? `${prefixT}.${name}${args}` : `typeof ${prefixT}.${name}`;
  const id = `${prefixT}_${kind}_${name.replace(/\W/g, '_')}`;
  return [`export const ${id}_to_types: ${t} = null as unknown as ${w};`, `export const ${id}_from_types: ${w} = null as unknown as ${t};`];
}

/** What `compileNameChecks` reports: the names checked and `tsc`'s output. */
export interface NameChecks {
  core: ExportedName[];
  express: ExportedName[];
  output: string;
  status: number | null;
}

/**
 * Copies the @types declarations of `release` into a fresh project (as local modules, so they
 * do not meet webfw's `express-serve-static-core`), links webfw's packages, writes one check
 * per exported name, and compiles it strictly with `skipLibCheck` off. `entry` is the webfw
 * entry (`@webfw/core` or `@webfw/core/v4`).
 */
export function compileNameChecks(release: TypesRelease, entry: string): NameChecks {
  const core = exportedNames(join(release.core, 'index.d.ts'));
  const express = exportedNames(join(release.express, 'index.d.ts'));
  const project = mkdtempSync(join(tmpdir(), 'webfw-type-names-'));
  try {
    mkdirSync(join(project, 'types-core'));
    mkdirSync(join(project, 'types-express'));
    writeFileSync(join(project, 'types-core', 'index.d.ts'), readFileSync(join(release.core, 'index.d.ts'), 'utf8'));
    const expressTypes = readFileSync(join(release.express, 'index.d.ts'), 'utf8')
      .replace(/\/\/\/ <reference types="express-serve-static-core" \/>\n/, '')
      .replace(/from "express-serve-static-core"/g, 'from "../types-core"');
    writeFileSync(join(project, 'types-express', 'index.d.ts'), expressTypes);
    const links: Record<string, string> = {
      '@webfw/core': join(root, 'packages', 'core'),
      '@types/node': join(root, 'node_modules', '@types', 'node'),
    };
    // what the copied declarations import, from where the @types packages themselves resolve it
    const from = [dirname(require.resolve(join(release.core, 'package.json'))), dirname(require.resolve(join(release.express, 'package.json')))];
    for (const name of ['send', 'qs', 'range-parser', 'mime', 'body-parser', 'serve-static', 'connect', 'http-errors']) {
      const found = from
        .flatMap((dir) => [join(dir, '..', name), join(dir, '..', '..', '@types', name)])
        .concat(join(root, 'node_modules', '@types', name), join(root, 'node_modules', '.pnpm', 'node_modules', '@types', name))
        .find((dir) => existsSync(join(dir, 'index.d.ts')));
      if (found) links[`@types/${name}`] = found;
    }
    for (const [name, target] of Object.entries(links)) {
      const link = join(project, 'node_modules', ...name.split('/'));
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(target, link, 'dir');
    }
    const lines = [
      '/* Generated by tooling/types/type-names.ts: every export of @types/express and express-serve-static-core, both ways. */',
      `import * as W from 'express-serve-static-core';`,
      `import webfw = require('${entry}');`,
      `import * as T from './types-core';`,
      `import TE = require('./types-express');`,
      ...core.flatMap((n) => checkLines('W', 'T', n)),
      ...express.flatMap((n) => checkLines('webfw', 'TE', n)),
    ];
    writeFileSync(join(project, 'check.ts'), lines.join('\n') + '\n');
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          skipLibCheck: false,
          module: 'node16',
          target: 'es2022',
          lib: ['es2022'],
          types: ['node'],
          noEmit: true,
          pretty: false,
        },
        files: ['check.ts'],
      }),
    );
    writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: project,
      encoding: 'utf8',
    });
    return { core, express, output: (tsc.stdout + tsc.stderr).split(project + '/').join(''), status: tsc.status };
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
