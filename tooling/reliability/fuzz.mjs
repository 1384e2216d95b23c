/**
 * `npm run fuzz`: runs every property of the repo (the `*.fuzz.test.ts` files of the packages)
 * for a time budget instead of the bounded runs of `npm test`, each with a fresh seed.
 *
 *   FUZZ_SECONDS=600 npm run fuzz                 # ten minutes, shared among the properties
 *   npm run fuzz -- packages/static               # only the matching test files
 *   FUZZ_SEED=123 FUZZ_PATH='4:1:0' npm run fuzz -- <file> -t '<test name>'   # replay a failure
 *
 * Environment: FUZZ_SECONDS (default 60) is the total budget, divided evenly among the
 * properties that run (each gets at least 1 s); with `-t` (one test) the whole budget goes to
 * it. FUZZ_SEED fixes the seed of every property; FUZZ_PATH (with FUZZ_SEED) replays one
 * failure exactly. Every property prints its runs and seed; a failure prints the seed, the
 * path and the command that replays it. Exit code: jest's (non-zero on any failure).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const args = process.argv.slice(2);

/** Every `*.fuzz.test.ts` under packages/<name>/test, relative to the root. */
function fuzzFiles() {
  const out = [];
  for (const name of readdirSync(join(root, 'packages'))) {
    const dir = join(root, 'packages', name, 'test');
    let entries = [];
    try {
      entries = readdirSync(dir);
    } catch {
      continue;
    }
    for (const f of entries) if (f.endsWith('.fuzz.test.ts')) out.push(relative(root, join(dir, f)));
  }
  return out.sort();
}

const named = args.includes('-t') || args.some((a) => a.startsWith('--testNamePattern'));
const filters = args.filter((a, i) => !a.startsWith('-') && !(i > 0 && (args[i - 1] === '-t' || args[i - 1] === '--testNamePattern')));
const files = fuzzFiles().filter((f) => filters.length === 0 || filters.some((p) => f.includes(p.replace(/^\.\//, ''))));
if (files.length === 0) {
  console.error(`fuzz: no *.fuzz.test.ts file matches ${filters.join(' ')}`);
  process.exit(1);
}
const properties = named ? 1 : files.reduce((n, f) => n + (readFileSync(join(root, f), 'utf8').match(/\bcheckProperty\(/g) ?? []).length, 0);
const total = Number(process.env.FUZZ_SECONDS ?? 60);
if (!(total > 0)) {
  console.error(`fuzz: FUZZ_SECONDS must be a positive number, got "${process.env.FUZZ_SECONDS}"`);
  process.exit(1);
}
const each = Math.max(1, total / Math.max(1, properties));
const replay = process.env.FUZZ_PATH ? ` replaying seed ${process.env.FUZZ_SEED} path ${process.env.FUZZ_PATH}` : '';
console.log(
  `fuzz: ${properties} propert${properties === 1 ? 'y' : 'ies'} in ${files.length} file(s), ${each.toFixed(1)} s each${replay}` +
    `${replay ? '' : process.env.FUZZ_SEED ? `, seed ${process.env.FUZZ_SEED}` : ', fresh seeds'}`,
);

const jest = join(root, 'node_modules', '.bin', 'jest');
const result = spawnSync(
  jest,
  ['--runInBand', '--testTimeout', String(Math.ceil(each * 1000) + 120_000), ...files, ...args.filter((a) => !filters.includes(a))],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_SECONDS_EACH: String(each) } },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
