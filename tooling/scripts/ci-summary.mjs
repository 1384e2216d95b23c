#!/usr/bin/env node
/**
 * Prints the one closing line CI reads, `N passed, N failed`, from jest's `--json` results,
 * and exits non-zero when anything failed or the test command itself failed (for example
 * the install, build or typecheck before jest, which leaves no results: counted as 1 failed).
 */
import { readFileSync } from 'node:fs';

const [file, commandStatus = '0'] = process.argv.slice(2);
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
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
