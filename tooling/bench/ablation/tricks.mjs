#!/usr/bin/env node
/**
 * What each hot-path trick of the router and core is worth, in instructions per request.
 *
 * Two scratch checkouts of HEAD are set up: one as it is (the baseline), one that gets, trick
 * by trick, one small source edit taking the trick out, rebuilt each time. tricks-server.mjs
 * runs each scenario the trick is on under valgrind's callgrind (lib/callgrind.mjs), from one
 * checkout then the other, ROUNDS times alternately. The table shows medians; a gain counts as
 * noise below twice the spread of the baseline's own counts for that scenario (and below 0.3%).
 *
 * usage: node tooling/bench/ablation/tricks.mjs [trick-id ...]   (needs valgrind;
 * REQUESTS=5000 WARMUP=30000 ROUNDS=2 by default, the warm-up lib/callgrind.mjs explains)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { roundOrder } from '../lib/harness.mjs';
import { instructionsPerRequest } from '../lib/callgrind.mjs';
import { TRICKS } from './tricks-list.mjs';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const REQUESTS = Number(process.env.REQUESTS ?? 5000);
const WARMUP = Number(process.env.WARMUP ?? 30000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const URLS = { hello: '/', routes: '/user/42' };

function run(cmd, args, cwd) {
  return execFileSync(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
}

/** A scratch checkout of HEAD, set up (dependencies installed, every package built). */
function scratchCheckout() {
  const dir = mkdtempSync(join(tmpdir(), 'webfw-tricks-'));
  run('git', ['worktree', 'add', '--detach', dir, 'HEAD'], repo);
  run('node', ['tooling/scripts/setup.mjs'], dir);
  return dir;
}

/** Applies `edits` to the scratch checkout (after restoring its sources) and rebuilds. */
function prepare(dir, edits) {
  run('git', ['checkout', '--', 'packages'], dir);
  for (const [file, text, replacement] of edits) {
    const path = join(dir, file);
    const source = readFileSync(path, 'utf8');
    const count = source.split(text).length - 1;
    if (count !== 1) throw new Error(`edit of ${file} expects its text once, found ${count}: ${text}`);
    writeFileSync(path, source.replace(text, replacement));
  }
  for (const pkg of ['router', 'core']) run('npx', ['tsup', '--silent', '--no-dts'], join(dir, 'packages', pkg));
}

/** Instructions per request of the server's main thread for one scenario, on the checkout in `dir`. */
function measure(dir, scenario) {
  return instructionsPerRequest({
    server: join(dir, 'tooling/bench/ablation/tricks-server.mjs'),
    args: [scenario],
    path: URLS[scenario],
    requests: REQUESTS,
    warmup: WARMUP,
  });
}

const wanted = process.argv.slice(2);
const tricks = wanted.length ? TRICKS.filter((t) => wanted.includes(t.id)) : TRICKS;
if (tricks.length === 0) {
  console.error(`unknown trick; known: ${TRICKS.map((t) => t.id).join(', ')}`);
  process.exit(2);
}
const median = (values) => [...values].sort((x, y) => x - y)[Math.floor((values.length - 1) / 2)];
const baseDir = scratchCheckout();
const variantDir = scratchCheckout();
const baseRuns = {};
try {
  prepare(baseDir, []);
  const rows = [];
  for (const trick of tricks) {
    prepare(variantDir, trick.edits);
    for (const s of trick.scenarios) {
      const base = (baseRuns[s] ??= []);
      const variant = [];
      for (let round = 0; round < ROUNDS; round++) {
        // alternating which runs first, so neither always follows the other
        for (const i of roundOrder(2, round)) {
          if (i === 0) base.push(await measure(baseDir, s));
          else variant.push(await measure(variantDir, s));
        }
      }
      console.error(`${trick.id} ${s}: baseline ${base.slice(-ROUNDS).join(' ')}, variant ${variant.join(' ')}`);
      rows.push({ trick, s, base: median(base.slice(-ROUNDS)), other: median(variant) });
    }
  }
  const noise = {};
  for (const [s, runs] of Object.entries(baseRuns)) noise[s] = (Math.max(...runs) - Math.min(...runs)) / median(runs);
  console.log(`instructions per request, medians of ${ROUNDS} alternating rounds (${REQUESTS} requests after ${WARMUP})`);
  for (const [s, runs] of Object.entries(baseRuns)) console.log(`baseline ${s}: ${runs.join(' ')} (spread ${(noise[s] * 100).toFixed(1)}%)`);
  console.log('\n| trick | scenario | with the trick | without | gain | verdict |\n|---|---|---|---|---|---|');
  for (const { trick, s, base: withTrick, other: without } of rows) {
    const gain = (without - withTrick) / without;
    const verdict = Math.abs(gain) <= Math.max(2 * noise[s], 0.003) ? 'noise' : gain > 0 ? 'faster' : 'slower';
    console.log(`| ${trick.id} | ${s} | ${withTrick} | ${without} | ${(gain * 100).toFixed(1)}% | ${verdict} |`);
  }
} finally {
  for (const dir of [baseDir, variantDir]) run('git', ['worktree', 'remove', '--force', dir], repo);
}
