'use strict';
/**
 * Prints the span tables of docs/observability.md: the test app under each agent, express
 * beside webfw (aliased and by name), for 5.x and /v4. `node scripts/span-table.cjs` (after
 * the packages are built).
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const installApp = require('./install-app.cjs');

const here = path.join(__dirname, '..');
const dir = installApp(fs.mkdtempSync(path.join(os.tmpdir(), 'webfw-spans-')));

function trace(agent, framework, from) {
  const out = path.join(dir, `${agent}-${framework.replace(/\W/g, '_')}.json`);
  execFileSync(process.execPath, [path.join(__dirname, 'trace-app.cjs'), agent, framework, from, out], { cwd: here, stdio: 'inherit' });
  return JSON.parse(fs.readFileSync(out, 'utf8')).spans;
}

/** One span in a cell: its name, what types it, its route and status; the parent's row. */
function cell(s) {
  if (!s) return '(none)';
  const a = s.attributes;
  const up = typeof s.parent === 'number' ? `↑${s.parent} ` : '';
  if (s.kind) {
    const extra = [a['express.type'], a['http.route'] && `route ${a['http.route']}`, a['http.response.status_code'], s.status !== 'UNSET' && s.status].filter(
      Boolean,
    );
    return `${up}${s.kind === 'SERVER' ? 'SERVER ' : ''}${s.name}${extra.length ? ` (${extra.join(', ')})` : ''}`;
  }
  const extra = [a['http.route'] && `route ${a['http.route']}`, a['http.status_code'], s.error ? 'error' : ''].filter(Boolean);
  return `${up}${s.name} ${s.resource}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}

const rows = [];
for (const agent of ['otel', 'dd']) {
  for (const [version, express, aliased, byName] of [
    ['5.x', 'express', 'express', '@webfw/core'],
    ['/v4', 'express-v4', 'express/v4', '@webfw/core/v4'],
  ]) {
    const e = trace(agent, express, here);
    const w1 = trace(`${agent}-webfw`, aliased, dir);
    const w2 = trace(`${agent}-webfw`, byName, dir);
    const same = (x) => JSON.stringify(x) === JSON.stringify(e);
    rows.push(
      `\n#### ${agent === 'otel' ? 'OpenTelemetry (instrumentation-http + instrumentation-express)' : 'dd-trace'}, ${version}: ${e.length} spans; webfw aliased ${same(w1) ? 'identical' : 'DIFFERENT'}, by name ${same(w2) ? 'identical' : 'DIFFERENT'}\n`,
    );
    rows.push(`| # | ${express} | webfw: \`${aliased}\` (aliased) | webfw: \`${byName}\` |`, '|---|---|---|---|');
    const n = Math.max(e.length, w1.length, w2.length);
    for (let i = 0; i < n; i++) rows.push(`| ${i} | ${cell(e[i])} | ${cell(w1[i])} | ${cell(w2[i])} |`);
  }
}
console.log(rows.join('\n'));
fs.rmSync(dir, { recursive: true, force: true });
