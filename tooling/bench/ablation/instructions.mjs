#!/usr/bin/env node
/**
 * Instructions per request of webfw as built at several commits, side by side: where a
 * throughput comparison (`npm run bench -- compare <ref>`) says "about 5% slower, within noise",
 * this says how many instructions, repeatably, so a loss can be bisected commit by commit.
 *
 *   node tooling/bench/ablation/instructions.mjs <ref> [<ref> ...]     ('.' is this tree)
 *
 * A ref may also be the path of a built checkout (a copy of the tree changed by hand, to count
 * a variant before committing it).
 *
 * Each ref is built once in a scratch worktree (lib/ref-build.mjs); each scenario runs on each
 * build under callgrind (lib/callgrind.mjs), ROUNDS times alternately (default 2). Scenarios
 * (SCENARIOS, comma-separated): hello, routes (/user/:id among 50 routes), echo (1 KB JSON),
 * subapp and router (the hello route in a sub-app / a Router mounted at `/`), v4 (hello on
 * `/v4`). The node binary is the bench's (BENCH_NODE, default 24; tooling/bench/run.mjs).
 * Needs valgrind (30,000 requests of warm-up and 5,000 more before the 5,000 counted: lib/callgrind.mjs).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instructionsPerRequest } from '../lib/callgrind.mjs';
import { median, roundOrder } from '../lib/harness.mjs';
import { benchNode } from '../lib/node-choice.mjs';
import { countedBuild } from '../lib/ref-build.mjs';
import { SCENARIOS } from './scenarios.mjs';

const server = fileURLToPath(new URL('./tricks-server.mjs', import.meta.url));
const ROUNDS = Number(process.env.ROUNDS ?? 2);

const refs = process.argv.slice(2);
if (refs.length === 0) {
  console.error('usage: node tooling/bench/ablation/instructions.mjs <ref> [<ref> ...]   (. is this tree)');
  process.exit(2);
}
const wanted = (process.env.SCENARIOS ?? 'hello,routes').split(',');
const node = benchNode();
const builds = refs.map((ref) => ({ ref, ...countedBuild(ref) }));
const rows = [];
for (const name of wanted) {
  const s = SCENARIOS[name];
  if (!s) throw new Error(`unknown scenario ${name}; known: ${Object.keys(SCENARIOS).join(', ')}`);
  const counts = builds.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const i of roundOrder(builds.length, round)) {
      const entry = join(builds[i].dir, 'packages', 'core', 'dist', s.entry === 'v4' ? 'v4.js' : 'index.js');
      counts[i].push(await instructionsPerRequest({ server, args: s.args, path: s.path, request: s.request, env: { ...s.env, BENCH_FRAMEWORK: entry }, node }));
    }
  }
  console.error(`${name}: ${builds.map((b, i) => `${b.label} ${counts[i].join(' ')}`).join('; ')}`);
  rows.push({ name, counts });
}
console.log(`\ninstructions per request on ${node}, medians of ${ROUNDS} alternating rounds`);
console.log(
  `| scenario | ${builds.map((b) => b.label).join(' | ')} | ${builds
    .slice(1)
    .map((b) => `${b.label} / ${builds[0].label}`)
    .join(' | ')} |`,
);
console.log(
  `|---|${builds.map(() => '---:').join('|')}|${builds
    .slice(1)
    .map(() => '---:')
    .join('|')}|`,
);
for (const { name, counts } of rows) {
  const medians = counts.map(median);
  const ratios = medians.slice(1).map((m) => (m / medians[0]).toFixed(4));
  console.log(`| ${name} | ${medians.join(' | ')} | ${ratios.join(' | ')} |`);
}
