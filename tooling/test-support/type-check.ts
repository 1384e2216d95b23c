/**
 * Type-checks a scratch project the way a user's strict project would be compiled, with the
 * workspace's TypeScript, and returns tsc's diagnostics.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

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

/**
 * Writes `project`'s tsconfig.json (strict, `noUncheckedIndexedAccess`, `skipLibCheck` false,
 * `nodenext`, `noEmit`, JavaScript checked too; `compilerOptions` set over these, a key set to
 * `undefined` dropped) with `files` as its `include`, runs `tsc -p`, and returns the diagnostics.
 */
export function typeCheck(project: string, compilerOptions: Record<string, unknown> = {}, files: string[] = ['**/*.ts', '**/*.cjs', '**/*.mjs']): Compiled {
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
        ...compilerOptions,
      },
      include: files,
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
  return { diagnostics, output, status: tsc.status };
}
