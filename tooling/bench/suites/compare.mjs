/**
 * Compare suite: webfw as built from this tree against webfw as built at a git commit, in the
 * same alternated rounds, so that a loss too small to see in one run (a few percent, inside
 * what throughput moves between runs) shows as a ratio with its spread.
 *
 *   npm run bench -- compare <git-ref>       (e.g. main, the last release's tag, a commit)
 *
 * The ref is built once in a scratch worktree (lib/ref-build.mjs). Cases: (a) hello JSON, (b)
 * GET /user/:id among 50 routes, (c) POST echo of a 1 KB JSON body, the hello route in a sub-app
 * mounted at `/`, and hello on the `/v4` entry. Each prints this tree / the ref: the median of
 * the rounds' ratios (each round measures both back to back), their spread (lowest to highest)
 * and the server CPU per request of each. Each round also runs the ref's build a second time, as
 * a third case: its ratio to the first (the same code, "ref / ref") is the noise floor of the
 * run, what a ratio must clear to be a difference. ROUNDS defaults to 5 here (BENCH_ROUNDS
 * overrides).
 * Run it against main (or the last release) before merging anything on a hot path; for the
 * instructions behind a loss, commit by commit: ablation/instructions.mjs.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, runCases } from '../lib/harness.mjs';
import { buildRef, resolveRef } from '../lib/ref-build.mjs';
import { echoBody } from '../servers/frameworks/common.mjs';

const server = fileURLToPath(new URL('../servers/builds/app.mjs', import.meta.url));
const tree = fileURLToPath(new URL('../../..', import.meta.url));

const scenarios = [
  { title: '(a) GET hello JSON', args: ['hello'], request: { method: 'GET', path: '/' } },
  { title: '(b) GET /user/:id among 50 routes', args: ['routes'], request: { method: 'GET', path: '/user/42' } },
  {
    title: '(c) POST echo of a 1 KB JSON body',
    args: ['echo'],
    request: { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: echoBody },
  },
  { title: '(g) hello in a sub-app mounted at /', args: ['hello'], env: { BENCH_MOUNT: 'app' }, request: { method: 'GET', path: '/' } },
  { title: '(h) hello on /v4', args: ['hello'], entry: 'v4.js', request: { method: 'GET', path: '/' } },
];

/** The lowest and highest of `values`. */
function spread(values) {
  return `${Math.min(...values).toFixed(3)}-${Math.max(...values).toFixed(3)}`;
}

export async function run(args = []) {
  const ref = args[0];
  if (!ref) throw new Error('usage: npm run bench -- compare <git-ref>');
  const sha = resolveRef(ref);
  const refDir = buildRef(ref);
  const label = `${ref} (${sha.slice(0, 8)})`;
  const rows = [];
  for (const s of scenarios) {
    const entry = s.entry ?? 'index.js';
    const cases = [
      { name: 'this tree', dir: tree },
      { name: label, dir: refDir },
      { name: `${label} again`, dir: refDir },
    ].map((c) => ({
      name: c.name,
      server,
      args: s.args,
      request: s.request,
      env: { ...s.env, BENCH_FRAMEWORK: join(c.dir, 'packages', 'core', 'dist', entry) },
    }));
    const [ours, theirs, again] = await runCases(cases);
    const ratios = ours.rounds.map((r, i) => r.rps / theirs.rounds[i].rps);
    const noise = again.rounds.map((r, i) => r.rps / theirs.rounds[i].rps);
    rows.push({ title: s.title, ratio: median(ratios), spread: spread(ratios), noise: median(noise), noiseSpread: spread(noise), ours, theirs });
    console.log(`${s.title}: ${median(ratios).toFixed(3)} (${spread(ratios)}); ref / ref ${median(noise).toFixed(3)} (${spread(noise)})`);
  }
  console.log(`\n## This tree / ${label}  (${process.env.BENCH_ROUNDS} alternated rounds, node ${process.version})`);
  console.log('| case | req/s this tree | req/s ref | ratio (median of rounds) | spread | ref / ref (noise floor) | CPU µs/req this tree | CPU µs/req ref |');
  console.log('|---|---:|---:|---:|---|---|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.title} | ${Math.round(r.ours.rps)} | ${Math.round(r.theirs.rps)} | ${r.ratio.toFixed(3)} | ${r.spread} | ${r.noise.toFixed(3)} (${r.noiseSpread}) | ${r.ours.cpu.toFixed(1)} | ${r.theirs.cpu.toFixed(1)} |`,
    );
  }
  console.log(
    '\nA ratio is a difference when its spread lies outside the ref / ref spread of its row; inside it, run more rounds (BENCH_ROUNDS) or count instructions (ablation/instructions.mjs).',
  );
}
