/**
 * Tracing suite: what the `express.router.request` TracingChannel costs. On (a) GET
 * hello JSON and (b) GET /user/:id among 50 routes, side by side in the same rounds:
 *
 * - webfw as built from this tree, nothing subscribed (what every app pays),
 * - webfw built from the commit before the channel (`BENCH_BASE=<git ref>` picks another; built
 *   once into a worktree under the OS temp folder by lib/ref-build.mjs),
 * - webfw with a subscriber that does nothing on every event (what tracing itself costs),
 * - express 5 (router 2.3 publishes the same channel), without and with that subscriber.
 *
 * Prints each table with req/s and server CPU per request, and the ratios: this tree / the base
 * (the channel's cost with no subscriber: 1.00 within the bench's noise is the target), and
 * subscribed / not subscribed for webfw and express.
 */
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { printTable, ratio, runCases } from '../lib/harness.mjs';
import { buildRef, commitBefore } from '../lib/ref-build.mjs';

const server = fileURLToPath(new URL('../servers/builds/app.mjs', import.meta.url));

const scenarios = [
  { id: 'hello', title: '(a) GET hello JSON', request: { method: 'GET', path: '/' } },
  { id: 'routes', title: '(b) GET /user/:id among 50 routes', request: { method: 'GET', path: '/user/42' } },
];

export async function run() {
  const base = process.env.BENCH_BASE ?? commitBefore('packages/router/src/tracing.ts');
  const baseCore = join(buildRef(base), 'packages', 'core', 'dist', 'index.js');
  const summary = [];
  for (const s of scenarios) {
    const cases = [
      { name: 'webfw', env: {} },
      { name: 'webfw (base)', env: { BENCH_FRAMEWORK: baseCore } },
      { name: 'webfw (subscribed)', env: { BENCH_SUBSCRIBE: '1' } },
      { name: 'express', env: { BENCH_FRAMEWORK: 'express' } },
      { name: 'express (subscribed)', env: { BENCH_FRAMEWORK: 'express', BENCH_SUBSCRIBE: '1' } },
    ].map((c) => ({ ...c, server, args: [s.id], request: s.request }));
    const rows = await runCases(cases);
    printTable(`${s.title}: the tracing channel`, rows, 'webfw (base)');
    summary.push(
      [`${s.title}: webfw / webfw (base), nothing subscribed`, ratio(rows, 'webfw', 'webfw (base)')],
      [`${s.title}: webfw subscribed / not`, ratio(rows, 'webfw (subscribed)', 'webfw')],
      [`${s.title}: express subscribed / not`, ratio(rows, 'express (subscribed)', 'express')],
    );
  }
  console.log(`\n## The channel's cost (base: ${base.slice(0, 10)})`);
  console.log('| ratio | value |');
  console.log('|---|---:|');
  for (const [name, value] of summary) console.log(`| ${name} | ${value.toFixed(3)} |`);
}
