#!/usr/bin/env node
/**
 * Where a request's instructions go, function by function, JavaScript included: the counts of
 * instructions.mjs broken down by the function that ran them, for one or more builds side by
 * side, so a difference between two builds can be pinned to the functions that carry it.
 *
 *   SCENARIO=hello node tooling/bench/ablation/functions.mjs <ref> [<ref> ...]   ('.' is this tree)
 *
 * A ref is what instructions.mjs takes: a git ref (built in a scratch worktree), '.', or the
 * path of a built checkout. The server runs under callgrind as instructions.mjs runs it
 * (lib/callgrind.mjs), with node's `--perf-basic-prof`: callgrind names V8's builtins and node's
 * C++ itself, and knows the code V8 compiled at run time only by address; the map V8 writes
 * (/tmp/perf-<pid>.map: start, size and name of each code object) names those addresses
 * (`JS:*handle` optimized by TurboFan, `JS:+` by Maglev, `JS:^` Sparkplug, `JS:~` interpreted).
 * Prints, per build, instructions per request by function (those over TOP, default 40 rows,
 * sorted by the largest difference from the first build).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { instructionsPerRequest } from '../lib/callgrind.mjs';
import { benchNode } from '../lib/node-choice.mjs';
import { countedBuild } from '../lib/ref-build.mjs';
import { SCENARIOS } from './scenarios.mjs';

const server = fileURLToPath(new URL('./tricks-server.mjs', import.meta.url));
const TOP = Number(process.env.TOP ?? 40);
const REQUESTS = 5000;

/** The code objects of a perf map: sorted by start, each `{ start, end, name }`; a later entry over the same start wins. */
function readPerfMap(path) {
  const byStart = new Map();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (!m) continue;
    const start = parseInt(m[1], 16);
    byStart.set(start, { start, end: start + parseInt(m[2], 16), name: m[3] });
  }
  return [...byStart.values()].sort((a, b) => a.start - b.start);
}

/** The name of the code object holding `address`, or undefined. */
function nameAt(codes, address) {
  let lo = 0;
  let hi = codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (codes[mid].start <= address) lo = mid + 1;
    else hi = mid - 1;
  }
  const code = codes[hi];
  return code && address < code.end ? code.name : undefined;
}

/** Instructions per request by function name, from a callgrind dump and the run's perf map. */
function byFunction(dump, codes) {
  const text = execFileSync('callgrind_annotate', ['--inclusive=no', '--threshold=100', '--auto=no', '--show-percs=no', dump], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const totals = new Map();
  for (const line of text.split('\n')) {
    const m = /^\s*([\d,]+)\s+(.*?)\s*(\[.*\])?$/.exec(line);
    if (!m || !m[2].includes(':')) continue;
    const count = Number(m[1].replace(/,/g, ''));
    let name = m[2].replace(/^\?\?\?:/, '');
    const address = /^0x([0-9a-f]+)$/.exec(name);
    if (address) name = nameAt(codes, parseInt(address[1], 16)) ?? '(unnamed JIT code)';
    name = name.replace(/ (file:\/\/)?\S*\/(packages|node_modules)\//, ' $2/');
    totals.set(name, (totals.get(name) ?? 0) + count);
  }
  return new Map([...totals].map(([name, count]) => [name, count / REQUESTS]));
}

/** The newest perf map written since `since` (ms), by the process under callgrind. */
function newestPerfMap(since) {
  const maps = readdirSync(tmpdir())
    .filter((f) => /^perf-\d+\.map$/.test(f))
    .map((f) => join(tmpdir(), f))
    .filter((f) => statSync(f).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (maps.length === 0) throw new Error('no perf map was written (node --perf-basic-prof)');
  return maps[0];
}

const refs = process.argv.slice(2);
if (refs.length === 0) {
  console.error('usage: SCENARIO=hello node tooling/bench/ablation/functions.mjs <ref> [<ref> ...]   (. is this tree)');
  process.exit(2);
}
const s = SCENARIOS[process.env.SCENARIO ?? 'hello'];
if (!s) throw new Error(`unknown scenario ${process.env.SCENARIO}; known: ${Object.keys(SCENARIOS).join(', ')}`);
const node = benchNode();
const results = [];
for (const ref of refs) {
  const { label, dir } = countedBuild(ref);
  const entry = join(dir, 'packages', 'core', 'dist', s.entry === 'v4' ? 'v4.js' : 'index.js');
  const dump = join(tmpdir(), `webfw-functions-${process.pid}-${results.length}`);
  const since = Date.now();
  const total = await instructionsPerRequest({
    server,
    args: s.args,
    path: s.path,
    request: s.request,
    env: { ...s.env, BENCH_FRAMEWORK: entry },
    node,
    requests: REQUESTS,
    nodeFlags: ['--perf-basic-prof'],
    keep: dump,
  });
  const map = newestPerfMap(since);
  results.push({ label, total, functions: byFunction(dump, readPerfMap(map)) });
  if (process.env.KEEP) console.error(`kept ${dump} and ${map}`);
  else {
    rmSync(dump, { force: true });
    rmSync(map, { force: true });
  }
  console.error(`${label}: ${total} instructions a request`);
}
const names = new Set(results.flatMap((r) => [...r.functions.keys()]));
const rows = [...names].map((name) => ({ name, counts: results.map((r) => r.functions.get(name) ?? 0) }));
const spread = (row) => Math.max(...row.counts) - Math.min(...row.counts);
rows.sort(results.length > 1 ? (a, b) => spread(b) - spread(a) : (a, b) => b.counts[0] - a.counts[0]);
console.log(`\ninstructions per request by function (${process.env.SCENARIO ?? 'hello'}, ${node})`);
console.log(`| function | ${results.map((r) => r.label).join(' | ')} |`);
console.log(`|---|${results.map(() => '---:').join('|')}|`);
console.log(`| (total) | ${results.map((r) => r.total).join(' | ')} |`);
for (const row of rows.slice(0, TOP)) console.log(`| ${row.name.replace(/\|/g, '\\|')} | ${row.counts.map((c) => c.toFixed(1)).join(' | ')} |`);
