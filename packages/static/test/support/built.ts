import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** packages/static: plain `node` started here resolves `@webfw/static` through its `exports` to dist/. */
export const packageDir = join(__dirname, '..', '..');

/** A test that fails, saying how to build, while dist/<entry>.cjs or dist/<entry>.js is missing. */
export function itIsBuilt(entry: 'index' | 'v4'): void {
  it('should have been built (run `npx tsup` in packages/static)', () => {
    expect(existsSync(join(packageDir, 'dist', `${entry}.cjs`)) && existsSync(join(packageDir, 'dist', `${entry}.js`))).toBe(true);
  });
}

/** Runs plain `node` with `args` (and `input` on standard input) in the package; its standard output. Throws on failure. */
export function node(args: string[], input?: string): string {
  return execFileSync(process.execPath, args, { cwd: packageDir, input, encoding: 'utf8', timeout: 15000 });
}

/** Runs `script` with `library` as its first argument (`process.argv[1]`); its standard output and error. Throws on failure. */
export function runWith(script: string, library: string): { stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['-e', script, library], { cwd: packageDir, encoding: 'utf8', timeout: 15000 });
  if (r.status !== 0) throw new Error(`${library} exited with ${String(r.status)}: ${r.stderr}`);
  return { stdout: r.stdout, stderr: r.stderr };
}
