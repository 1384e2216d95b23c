import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** packages/body-parser: plain `node` started here resolves `@webfw/body-parser` through its `exports` to dist/. */
export const packageDir = join(__dirname, '..', '..');

/** Fails every test of the file, saying how to build, while dist/<entry>.cjs is missing. */
export function requireBuilt(entry: 'index' | 'v4'): void {
  beforeAll(() => {
    if (!existsSync(join(packageDir, 'dist', `${entry}.cjs`))) throw new Error('packages/body-parser is not built: run `npm test` (it builds first)');
  });
}

/** What a plain `node` run printed and how it ended. */
export interface NodeRun {
  stdout: string;
  stderr: string;
  status: number | null;
}

/** Runs plain `node` with `args` (and `env`) in the package. */
export function runNode(args: string[], env: NodeJS.ProcessEnv = process.env): NodeRun {
  const r = spawnSync(process.execPath, args, { cwd: packageDir, encoding: 'utf8', env });
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** node's arguments that run `source` as an ES module. */
export function esm(source: string): string[] {
  return ['--input-type=module', '-e', source];
}
