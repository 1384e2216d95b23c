#!/usr/bin/env node
/**
 * Runs the benchmark suites side by side. `node run.mjs` runs all; `node run.mjs logger
 * body-parser` runs the named ones. Each suite lives in `suites/<name>.mjs` and exports
 * `run()`.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(join(here, 'suites'))
  .filter((f) => f.endsWith('.mjs'))
  .map((f) => f.slice(0, -4))
  .sort();
const wanted = process.argv.slice(2).length ? process.argv.slice(2) : all;
for (const name of wanted) {
  if (!all.includes(name)) {
    console.error(`unknown suite ${name}; known: ${all.join(', ')}`);
    process.exit(2);
  }
  const suite = await import(join(here, 'suites', `${name}.mjs`));
  await suite.run();
}
