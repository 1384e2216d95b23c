#!/usr/bin/env node
/**
 * Prints the one closing line CI reads, `N passed, N failed`, from jest's `--json` results,
 * and exits non-zero when anything failed or a test command itself failed (for example
 * the install, build or typecheck before jest, which leaves no results: counted as 1 failed).
 *
 * Usage: `ci-summary.mjs <results.json> <exit status> [<results.json> <exit status>]...`: one
 * pair per run (CI runs the suite once per node version); with more than one, a line per run
 * (named by its results file) comes first, and the last line sums them.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

const args = process.argv.slice(2);
if (args.length === 1) args.push('0');
const runs = [];
for (let i = 0; i < args.length; i += 2) runs.push(count(args[i], args[i + 1] ?? '0'));

/** Passed and failed tests of one run. */
function count(file, commandStatus) {
  let passed = 0;
  let failed = 0;
  try {
    const results = JSON.parse(readFileSync(file, 'utf8'));
    passed = results.numPassedTests;
    failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    if (results.numTotalTests === 0) failed += 1;
  } catch {
    failed = 1;
  }
  if (commandStatus !== '0' && failed === 0) failed = 1;
  return { name: basename(file, '.json'), passed, failed };
}

if (runs.length > 1) for (const run of runs) console.log(`${run.name}: ${run.passed} passed, ${run.failed} failed`);
const passed = runs.reduce((sum, run) => sum + run.passed, 0);
const failed = runs.reduce((sum, run) => sum + run.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
