/**
 * core-app suite: the application layer of @webfw/core side by side with express 5
 * and bare node:http: app.handle, request prototypes, the request getters, sub-app mounting
 * and the final handler. Every response is written with res.setHeader + res.end, so the
 * response helpers (measured by the core-response suite) do not blur the comparison.
 *
 * Ratios printed: webfw / express per scenario, webfw / node on hello, and app.listen (own
 * request/response classes) / http.createServer(app) (prototype switched per request).
 */
import { fileURLToPath } from 'node:url';
import { printTable, ratio, runCases } from '../lib/harness.mjs';

const server = fileURLToPath(new URL('../servers/core-app/server.mjs', import.meta.url));

const scenarios = [
  { id: 'hello', title: 'core-app (a) GET / through app.handle', path: '/', frameworks: ['node', 'webfw', 'webfw-foreign', 'express'] },
  {
    id: 'props',
    title: 'core-app (b) req.query/path/hostname/ip/protocol/get/accepts',
    path: '/props?a=1&b=two',
    frameworks: ['webfw', 'webfw-foreign', 'express'],
  },
  { id: 'subapp', title: 'core-app (c) route of a mounted sub-app', path: '/sub/item/7', frameworks: ['webfw', 'webfw-foreign', 'express'] },
  { id: '404', title: 'core-app (d) default 404 (final handler)', path: '/missing', frameworks: ['webfw', 'webfw-foreign', 'express'], expectStatus: 404 },
];

export async function run() {
  const summary = [];
  for (const s of scenarios) {
    const rows = await runCases(
      s.frameworks.map((f) => ({ name: f, server, args: [f, s.id], request: { method: 'GET', path: s.path }, expectStatus: s.expectStatus })),
    );
    printTable(s.title, rows, s.frameworks.includes('node') ? 'node' : 'express');
    summary.push([`${s.id}: webfw / express`, ratio(rows, 'webfw', 'express')]);
    summary.push([`${s.id}: app.listen / createServer(app)`, ratio(rows, 'webfw', 'webfw-foreign')]);
    if (s.frameworks.includes('node')) summary.push([`${s.id}: webfw / node`, ratio(rows, 'webfw', 'node')]);
  }
  console.log('\n## core-app ratios');
  for (const [name, value] of summary) console.log(`${name}: ${Number.isFinite(value) ? value.toFixed(2) : 'n/a'}`);
}
