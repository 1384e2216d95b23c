#!/usr/bin/env node
/**
 * Lints every TypeScript and JavaScript file of the repository: ESLint (eslint.config.mjs) and
 * Prettier's check (.prettierrc.json). Run by `npm test` (so by CI) after the setup; `npm run
 * lint -- --fix` applies what both tools can fix. Exits 1 when either finds a problem.
 *
 * Both keep a cache in node_modules/.cache/webfw-lint/ (by file content; a change of the
 * config or of the tools' versions drops it), so a re-run checks only the files that changed.
 * No rule needs type information, so a file's findings depend on that file alone.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fix = process.argv.includes('--fix');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const CODE = '**/*.{ts,mjs,cjs,js}';
const cache = join(root, 'node_modules', '.cache', 'webfw-lint');

const started = Date.now();
console.log(`webfw lint: eslint and prettier over every TypeScript and JavaScript file${fix ? ' (fixing)' : ''}`);
const steps = [
  [bin('eslint'), ['.', '--cache', '--cache-strategy', 'content', '--cache-location', join(cache, 'eslint') + '/', ...(fix ? ['--fix'] : [])]],
  [bin('prettier'), [fix ? '--write' : '--check', CODE, '--log-level', 'warn', '--cache', '--cache-location', join(cache, 'prettier')]],
];
let failed = false;
for (const [cmd, args] of steps) {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
if (failed) {
  console.error('webfw lint: problems found (npm run lint -- --fix fixes most)');
  process.exit(1);
}
console.log(`webfw lint: clean in ${((Date.now() - started) / 1000).toFixed(1)} s`);
