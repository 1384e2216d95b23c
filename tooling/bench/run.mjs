#!/usr/bin/env node
/**
 * Runs the benchmark suites side by side. `node run.mjs` runs all; `node run.mjs logger
 * body-parser` runs the named ones. Each suite lives in `suites/<name>.mjs` and exports
 * `run()`; run all, each case is loaded for 3 s unless BENCH_DURATION says otherwise.
 * `node run.mjs quick` runs the targets suite alone with shorter loads (3 rounds of 3 s unless
 * BENCH_ROUNDS / BENCH_DURATION say otherwise): every target with its status (the HTTP/2 and
 * TLS cases through h2load, installed when missing).
 *
 * Everything runs on Node 24, the active LTS (installed from the npm registry into
 * node_modules/.cache/runtimes when missing), unless BENCH_NODE=20|22|26 names another major.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runOnBenchNode } from './lib/node-choice.mjs';

// Node 24 unless BENCH_NODE names another major: the runner, every server and the load generator on it
runOnBenchNode(fileURLToPath(import.meta.url));

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -4))
  .sort();
// `compare <git-ref>`: this tree against a build of the ref (suites/compare.mjs); not part of a full run
const suiteArgs = {};
let wanted = process.argv.slice(2).length ? process.argv.slice(2) : all.filter((name) => name !== 'compare');
if (wanted[0] === 'compare') {
  suiteArgs.compare = wanted.slice(1);
  wanted = ['compare'];
  process.env.BENCH_ROUNDS ??= '5';
}
// The whole bench loads each case for 3 s (BENCH_DURATION overrides)
if (process.argv.length === 2) process.env.BENCH_DURATION ??= '3';
if (wanted.includes('quick')) {
  // read by lib/harness.mjs when the suite imports it, below
  process.env.BENCH_DURATION ??= '3';
  process.env.BENCH_ROUNDS ??= '3';
  wanted = ['targets'];
}
const started = Date.now();
for (const name of wanted) {
  if (!all.includes(name)) {
    console.error(`unknown suite ${name}; known: ${all.join(', ')}`);
    process.exit(2);
  }
  const suite = await import(join(here, 'suites', `${name}.mjs`));
  const t = Date.now();
  await suite.run(suiteArgs[name]);
  if (wanted.length > 1) console.log(`\n(suite ${name}: ${Math.round((Date.now() - t) / 1000)} s)`);
}
console.log(`\nbench: ${wanted.join(', ')} in ${Math.round((Date.now() - started) / 1000)} s`);
