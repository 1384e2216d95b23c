/**
 * Fetch-handler suite (issue 34): hello JSON through `Bun.serve({ fetch: app.fetch })` with
 * webfw against hono on Bun (`Bun.serve({ fetch: app.fetch })` with hono), beside webfw on
 * Bun's node:http through `app.listen`. Prints req/s, server CPU per request and the ratio
 * webfw / hono (reported, not a target yet).
 */
import { fileURLToPath } from 'node:url';
import { printTable, ratio, runCases } from '../lib/harness.mjs';
import { bunBinary } from '../lib/bun.mjs';

const server = (name) => fileURLToPath(new URL(`../servers/fetch/${name}.mjs`, import.meta.url));

/** Runs the suite and prints its table and ratio. */
export async function run() {
  const bun = bunBinary();
  const request = { method: 'GET', path: '/' };
  const cases = [
    { name: 'hono, Bun.serve', server: server('hono-bun'), runtime: bun, request },
    { name: 'webfw app.fetch, Bun.serve', server: server('webfw-bun'), runtime: bun, request },
    { name: 'webfw app.listen, Bun node:http', server: server('webfw-bun-listen'), runtime: bun, request },
  ];
  const rows = await runCases(cases);
  printTable('fetch handler: hello JSON on Bun', rows, 'hono, Bun.serve');
  const r = ratio(rows, 'webfw app.fetch, Bun.serve', 'hono, Bun.serve');
  console.log(`\nwebfw app.fetch / hono on Bun.serve, hello JSON: ${r.toFixed(2)} (reported, not a target yet)`);
  return rows;
}
