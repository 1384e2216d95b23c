/**
 * core-response suite: the response methods of @webfw/core against express 5 doing
 * the very same thing (one server script, only the import differs): res.json, res.send
 * answered 304 from its ETag, res.cookie, res.redirect, res.jsonp, res.format, res.sendFile,
 * res.render (ejs). Prints each scenario's table and webfw's throughput and server CPU per
 * request relative to express. 3xx answers (redirect, 304) show in the non-2xx column by design.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { printTable, ratio, runCases } from '../lib/harness.mjs';

const server = fileURLToPath(new URL('../servers/core-response/server.mjs', import.meta.url));

// The weak ETag express and webfw give the 1 KB page of `send304`.
const page = 'x'.repeat(1024);
const pageTag = `W/"${(1024).toString(16)}-${createHash('sha1').update(page).digest('base64').slice(0, 27)}"`;

const scenarios = [
  { id: 'json', title: 'res.json({...})', request: { path: '/' } },
  { id: 'send304', title: 'res.send(1 KB) answered 304 (If-None-Match)', request: { path: '/', headers: { 'if-none-match': pageTag } } },
  { id: 'cookie', title: 'res.cookie() x2 + res.json()', request: { path: '/' } },
  { id: 'redirect', title: 'res.redirect(302, url)', request: { path: '/' } },
  { id: 'jsonp', title: 'res.jsonp() with ?callback', request: { path: '/?callback=handle' } },
  { id: 'format', title: 'res.format() choosing HTML', request: { path: '/', headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } } },
  { id: 'sendFile', title: 'res.sendFile(1 KB file)', request: { path: '/' } },
  { id: 'render', title: 'res.render(ejs view), view cache on', request: { path: '/' } },
];

export async function run() {
  const only = process.env.BENCH_SCENARIOS?.split(',');
  const summary = [];
  for (const s of scenarios) {
    if (only && !only.includes(s.id)) continue;
    const rows = await runCases(['express', 'webfw'].map((f) => ({ name: f, server, args: [f, s.id], request: { method: 'GET', ...s.request } })));
    printTable(`core-response: ${s.title}`, rows, 'express');
    const [express, webfw] = rows;
    summary.push([s.id, ratio(rows, 'webfw', 'express'), express.cpu / webfw.cpu]);
  }
  console.log('\n## webfw vs express (throughput ratio; server CPU per request, express / webfw)');
  for (const [id, rps, cpu] of summary) console.log(`${id.padEnd(9)} ${rps.toFixed(2)}x req/s   ${cpu.toFixed(2)}x less CPU per request`);
  return summary;
}
