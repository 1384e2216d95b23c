/**
 * Compiles the fixture projects of tooling/types/fixtures as a user's project would: copied to
 * a temporary folder whose node_modules holds either express's types or the built webfw
 * packages (dist/, as published), type-checked with `tsc -p` (strict, `module`/`moduleResolution`
 * `nodenext`, `skipLibCheck` false), and the diagnostics returned.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';

/** The repository root. */
export const root = join(__dirname, '..', '..');
/** The fixtures folder. */
export const fixtures = join(__dirname, 'fixtures');

/**
 * What the project's node_modules holds: express's types (`express`: @types/express 5;
 * `express4`: 4.17), or the built webfw packages (`webfw`, and `webfw4` where the imports are
 * rewritten to the 4.x entries; `webfw-alias`: webfw installed under express's module names,
 * as `"express": "npm:@webfw/core"` installs it, the imports unchanged).
 */
export type Target = 'express' | 'express4' | 'webfw' | 'webfw4' | 'webfw-alias';

/** The @types packages of one major version: where @types/express and express-serve-static-core are. */
export interface TypesRelease {
  express: string;
  core: string;
  /** @types/serve-static of the same major (1.x beside express 4), where installed apart. */
  serveStatic?: string;
}

/** Pinned @types releases of express 4 (installed on first use, not in the workspace: see `typesRelease4`). */
const TYPES_4_PACKAGES = ['@types/express@4.17.25', '@types/express-serve-static-core@4.19.9', '@types/serve-static@1.15.10'];

/**
 * The @types packages of express 4, installed from the registry into node_modules/.cache the
 * first time (they cannot live in the workspace: pnpm would hoist their
 * express-serve-static-core 4 over the 5.x one that the ecosystem's typings augment).
 */
export function typesRelease4(): TypesRelease {
  const prefix = join(root, 'node_modules', '.cache', 'webfw-types-4');
  const express = join(prefix, 'node_modules', '@types', 'express');
  const core = join(prefix, 'node_modules', '@types', 'express-serve-static-core');
  const serveStatic = join(prefix, 'node_modules', '@types', 'serve-static');
  if (![express, core, serveStatic].every((dir) => existsSync(join(dir, 'index.d.ts')))) {
    mkdirSync(prefix, { recursive: true });
    writeFileSync(join(prefix, 'package.json'), '{ "private": true }\n');
    process.stdout.write(`tooling/types: installing ${TYPES_4_PACKAGES.join(' ')} into ${prefix}\n`);
    const npm = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', ...TYPES_4_PACKAGES], {
      cwd: prefix,
      encoding: 'utf8',
    });
    if (npm.status !== 0) throw new Error(`npm install ${TYPES_4_PACKAGES.join(' ')} failed:\n${npm.stdout}${npm.stderr}`);
  }
  return { express, core, serveStatic };
}

/** Every webfw package (its folder under packages/) and the subpaths of its entries (`.` is the package itself). */
export const PACKAGE_ENTRIES: Record<string, string[]> = {
  logger: ['.'],
  'body-parser': ['.', 'v4'],
  router: ['.', 'v4'],
  static: ['.', 'v4'],
  core: ['.', 'v4', 'v3'],
};

/** The webfw package of each module an express app imports. */
export const WEBFW_MODULES: Record<string, string> = {
  express: '@webfw/core',
  morgan: '@webfw/logger',
  'body-parser': '@webfw/body-parser',
  'serve-static': '@webfw/static',
};

/** The webfw entry of each module an express 4 app imports. */
export const WEBFW_MODULES_4: Record<string, string> = {
  express: '@webfw/core/v4',
  morgan: '@webfw/logger',
  'body-parser': '@webfw/body-parser/v4',
  'serve-static': '@webfw/static/v4',
};

/** The packages linked into node_modules for each target (absolute, or relative to the root). */
const LINKS: Record<'express' | 'webfw', Record<string, string>> = {
  express: {
    '@types/express': 'node_modules/@types/express',
    '@types/express-serve-static-core': 'node_modules/@types/express-serve-static-core',
    '@types/morgan': 'node_modules/@types/morgan',
    '@types/body-parser': 'node_modules/@types/body-parser',
    '@types/serve-static': 'node_modules/@types/serve-static',
    '@types/node': 'node_modules/@types/node',
    'expect-type': 'node_modules/expect-type',
  },
  webfw: {
    '@webfw/core': 'packages/core',
    '@webfw/logger': 'packages/logger',
    '@webfw/body-parser': 'packages/body-parser',
    '@webfw/static': 'packages/static',
    '@webfw/router': 'packages/router',
    '@types/node': 'node_modules/@types/node',
    'expect-type': 'node_modules/expect-type',
  },
};

export { typeCheck, type Compiled, type Diagnostic } from '@webfw/test-support/type-check';
import { typeCheck, type Compiled } from '@webfw/test-support/type-check';

/** Every file under `dir`, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path).map((f) => join(name, f)) : [name];
  });
}

/**
 * Rewrites the module names an express app imports to webfw's (`from 'express'`,
 * `require('express')`, `import('express')`): the only change a user makes. A name `modules`
 * does not list stays as it is.
 */
export function toWebfw(source: string, modules: Record<string, string> = WEBFW_MODULES): string {
  return source.replace(
    /(\bfrom\s+|\brequire\(\s*|\bimport\(\s*|\bdeclare module\s+)(['"])(express|morgan|body-parser|serve-static)\2/g,
    (_whole, before: string, quote: string, name: string) => {
      return `${before}${quote}${modules[name] ?? name}${quote}`;
    },
  );
}

/** The packages linked into a project's node_modules for `target`: module name to absolute folder. */
function linksOf(target: Target): Record<string, string> {
  const absolute = (links: Record<string, string>) => Object.fromEntries(Object.entries(links).map(([name, from]) => [name, join(root, from)]));
  switch (target) {
    case 'express':
      return absolute(LINKS.express);
    case 'express4': {
      const release = typesRelease4();
      return { ...absolute(LINKS.express), '@types/express': release.express, '@types/express-serve-static-core': release.core };
    }
    case 'webfw':
    case 'webfw4':
      return absolute(LINKS.webfw);
    case 'webfw-alias':
      return {
        ...absolute(LINKS.webfw),
        express: join(root, 'packages', 'core'),
        morgan: join(root, 'packages', 'logger'),
        'body-parser': join(root, 'packages', 'body-parser'),
        'serve-static': join(root, 'packages', 'static'),
      };
  }
}

/** What {@link compileFixture} may change; every option is off by default. */
export interface CompileOptions {
  /** Rewrite the module names an express app imports to webfw's ({@link toWebfw}). */
  rewrite?: boolean;
  /** Fixture folders whose files are copied into the project too (code the same for several fixtures). */
  shared?: string[];
  /**
   * Compiler options set over the defaults (`module`/`moduleResolution` `nodenext`, `noEmit`...),
   * e.g. `{ module: 'commonjs', moduleResolution: 'node10' }`.
   */
  compilerOptions?: Record<string, unknown>;
  /** The tsconfig's `include`, relative to the project, instead of every `.ts`, `.cjs` and `.mjs` file. */
  include?: string[];
  /** Called with the project's folder once `tsc` is done and before it is removed (to run what `tsc` emitted, say). */
  afterCompile?: (project: string, compiled: Compiled) => void;
}

/** Runs `fn` with a fresh temporary folder named after `name`, and removes the folder afterwards. */
export function inTemporaryProject<T>(name: string, fn: (project: string) => T): T {
  const project = mkdtempSync(join(tmpdir(), `webfw-types-${name}-`));
  try {
    return fn(project);
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}

/**
 * Copies the fixture folder `name` into `project`, passing each `.ts`, `.cjs` and `.mjs` file's
 * text through `transform`. A fixture's `esm-and-cjs/` folder is copied into both `esm/` and
 * `cjs/` (whose package.json files set the module format), so one source is compiled as both.
 */
export function copyFixture(name: string, project: string, transform: (source: string) => string = (source) => source): void {
  const source = join(fixtures, name);
  for (const file of filesOf(source)) {
    const targets = file.startsWith(`esm-and-cjs${sep}`) ? ['esm', 'cjs'].map((format) => join(format, relative('esm-and-cjs', file))) : [file];
    for (const target of targets) {
      const to = join(project, target);
      mkdirSync(dirname(to), { recursive: true });
      if (/\.(ts|cjs|mjs)$/.test(file)) writeFileSync(to, transform(readFileSync(join(source, file), 'utf8')));
      else cpSync(join(source, file), to);
    }
  }
}

/** Links each module name of `links` to its folder (absolute) in `project`'s node_modules. */
export function linkModules(project: string, links: Record<string, string>): void {
  for (const [pkg, from] of Object.entries(links)) {
    const link = join(project, 'node_modules', ...pkg.split('/'));
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(from, link, 'dir');
  }
}

/**
 * Copies the fixture folder `name` into a fresh project for `target` (rewriting the imports
 * for webfw when `rewrite` is set), runs `tsc -p`, and returns the diagnostics. The project is
 * removed afterwards.
 */
export function compileFixture(name: string, target: Target, options: CompileOptions = {}): Compiled {
  return inTemporaryProject(`${name}-${target}`, (project) => {
    const modules = target === 'webfw4' ? WEBFW_MODULES_4 : WEBFW_MODULES;
    for (const folder of [name, ...(options.shared ?? [])]) copyFixture(folder, project, options.rewrite ? (source) => toWebfw(source, modules) : undefined);
    linkModules(project, linksOf(target));
    if (!existsSync(join(project, 'package.json'))) writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    const compiled = typeCheck(project, options.compilerOptions, options.include);
    options.afterCompile?.(project, compiled);
    return compiled;
  });
}
