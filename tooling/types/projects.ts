/**
 * Compiles the fixture projects of tooling/types/fixtures as a user's project would: copied to
 * a temporary folder whose node_modules holds either express's types or the built webfw
 * packages (dist/, as published), type-checked with `tsc -p` (strict, `module`/`moduleResolution`
 * `nodenext`, `skipLibCheck` false), and the diagnostics returned.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The repository root. */
export const root = join(__dirname, '..', '..');
/** The fixtures folder. */
export const fixtures = join(__dirname, 'fixtures');

/** What the project's node_modules holds: express's types, or the built webfw packages. */
export type Target = 'express' | 'webfw';

/** The webfw package of each module an express app imports. */
export const WEBFW_MODULES: Record<string, string> = {
  express: '@webfw/core',
  morgan: '@webfw/logger',
  'body-parser': '@webfw/body-parser',
  'serve-static': '@webfw/static',
};

/** The packages linked into node_modules for each target (from the root's node_modules or packages/). */
const LINKS: Record<Target, Record<string, string>> = {
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

/** One diagnostic of `tsc`: file (relative to the project), line, code and message. */
export interface Diagnostic {
  file: string;
  line: number;
  code: string;
  message: string;
}

/** The result of compiling one project. */
export interface Compiled {
  /** Every diagnostic, in `tsc`'s order. */
  diagnostics: Diagnostic[];
  /** `tsc`'s whole output, for failure messages. */
  output: string;
  /** `tsc`'s exit code. */
  status: number | null;
}

/** Every file under `dir`, relative to it. */
function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path).map((f) => join(name, f)) : [name];
  });
}

/**
 * Rewrites the module names an express app imports to webfw's (`from 'express'`,
 * `require('express')`, `import('express')`): the only change a user makes.
 */
export function toWebfw(source: string): string {
  return source.replace(
    /(\bfrom\s+|\brequire\(\s*|\bimport\(\s*)(['"])(express|morgan|body-parser|serve-static)\2/g,
    (_whole, before: string, quote: string, name: string) => {
      return `${before}${quote}${WEBFW_MODULES[name]}${quote}`;
    },
  );
}

/** What {@link compileFixture} may change; every option is off by default. */
export interface CompileOptions {
  /** Rewrite the module names an express app imports to webfw's ({@link toWebfw}). */
  rewrite?: boolean;
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

/**
 * Copies the fixture folder `name` into a fresh project for `target` (rewriting the imports
 * for webfw when `rewrite` is set), runs `tsc -p`, and returns the diagnostics. The project is
 * removed afterwards.
 */
export function compileFixture(name: string, target: Target, options: CompileOptions = {}): Compiled {
  const project = mkdtempSync(join(tmpdir(), `webfw-types-${name}-${target}-`));
  try {
    const source = join(fixtures, name);
    for (const file of filesOf(source)) {
      const to = join(project, file);
      mkdirSync(dirname(to), { recursive: true });
      if (/\.(ts|cjs|mjs)$/.test(file) && options.rewrite) writeFileSync(to, toWebfw(readFileSync(join(source, file), 'utf8')));
      else cpSync(join(source, file), to);
    }
    for (const [pkg, from] of Object.entries(LINKS[target])) {
      const link = join(project, 'node_modules', ...pkg.split('/'));
      mkdirSync(dirname(link), { recursive: true });
      symlinkSync(join(root, from), link, 'dir');
    }
    if (!existsSync(join(project, 'package.json'))) writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
    writeFileSync(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          skipLibCheck: false,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022'],
          types: ['node'],
          noEmit: true,
          pretty: false,
          allowJs: true,
          checkJs: true,
          ...options.compilerOptions,
        },
        include: options.include ?? ['**/*.ts', '**/*.cjs', '**/*.mjs'],
        exclude: ['node_modules'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
      cwd: project,
      encoding: 'utf8',
    });
    const output = (tsc.stdout + tsc.stderr).split(project + '/').join('');
    const diagnostics: Diagnostic[] = [];
    for (const line of output.split('\n')) {
      const match = /^(.+?)\((\d+),\d+\): error (TS\d+): (.*)$/.exec(line);
      if (match) diagnostics.push({ file: match[1]!, line: Number(match[2]), code: match[3]!, message: match[4]! });
    }
    const compiled = { diagnostics, output, status: tsc.status };
    options.afterCompile?.(project, compiled);
    return compiled;
  } finally {
    rmSync(project, { recursive: true, force: true });
  }
}
