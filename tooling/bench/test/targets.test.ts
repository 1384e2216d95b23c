/**
 * The targets suite's verdicts (suites/targets.mjs: each target's ratio, its CPU twin and its
 * status) and the growth charts (lib/line-chart.mjs), on made-up figures. No timing is
 * measured or asserted: only the arithmetic and the SVG.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const bench = join(__dirname, '..');

/** Runs an ES module snippet with `imports` (`name: path under tooling/bench`); returns its JSON output. */
function run(imports: Record<string, string>, code: string): unknown {
  const head = Object.entries(imports)
    .map(([name, path]) => `import * as ${name} from ${JSON.stringify(join(bench, path))};`)
    .join('\n');
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', `${head}\n${code}`], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout);
}

/** What suites/targets.mjs's export `fn` returns for `args` (through JSON). */
function callTargets(fn: string, ...args: unknown[]): unknown {
  return run({ t: 'suites/targets.mjs' }, `console.log(JSON.stringify(t.${fn}(${args.map((a) => JSON.stringify(a)).join(', ')})));`);
}

/** The lines of a markdown table that suites/targets.mjs's export `fn` makes of `args`. */
const targetsLines = (fn: string, ...args: unknown[]) => (callTargets(fn, ...args) as string).split('\n');

const row = (name: string, rps: number, cpu: number) => ({ name, rps, cpu });
/** Made-up rows of one run: the HTTP cases, then the HTTP/2 and TLS ones ((i), (j)). */
const measured = [
  row('(a) node', 40000, 20),
  row('(a) fastify', 30000, 30),
  row('(a) webfw', 39000, 21),
  row('(b) node', 40000, 20),
  row('(b) fastify', 30000, 30),
  row('(b) webfw', 33000, 25),
  row('(c) fastify', 20000, 50),
  row('(c) webfw', 19000, 55),
  row('(a) webfw, no ETag or X-Powered-By', 40000, 20),
  row('(b) webfw, no ETag or X-Powered-By', 36000, 22),
  row('(e) webfw + combined logger', 33150, 25),
  row('(g) webfw, route in a Router', 30000, 30),
  row('(g) webfw, route in a sub-app', 28500, 32),
  row('(g) webfw, route two sub-apps deep', 24000, 40),
  row('(h) webfw /v4, hello', 37050, 22),
  row('(h) webfw /v4, /user/:id', 29700, 28),
  row('(h) webfw /v4, echo', 19000, 55),
  row('(i) webfw h2c, app.listen', 40000, 25),
  row('(i) webfw h2c, http2.createServer(app)', 39000, 26),
  row('(i) webfw h2 TLS, app.listen', 36000, 28),
  row('(i) webfw h2 TLS, http2.createSecureServer(options, app)', 21600, 46),
  row('(i) webfw HTTPS/1.1, app.listen', 50000, 20),
  row('(i) webfw HTTPS/1.1, https.createServer(options, app)', 50000, 20),
  row('(j) fastify h2 TLS', 36000, 28),
  row('(j) node:http2 h2 TLS', 43200, 24),
  row('(j) webfw h2 TLS, no ETag or X-Powered-By', 37800, 27),
];
const overTls = (r: { name: string }) => /^\((i|j)\)/.test(r.name);
const rows = measured.filter((r) => !overTls(r));
const tls = measured.filter(overTls);
const routers = { webfw: { user: 200, first: 250, last: 300 }, 'router 2.x': { user: 5000, first: 1000, last: 80000 } };

describe('targets suite: verdicts and tables', () => {
  it('computes each ratio from throughput, its twin from CPU per request, and the status against the target', () => {
    const checks = callTargets('evaluate', rows, routers);
    expect(checks).toEqual([
      { check: '(a) webfw / fastify', value: 1.3, cpu: 30 / 21, target: '>= 1.05', met: true },
      { check: '(a) webfw / node:http', value: 0.975, cpu: 20 / 21, target: '>= 0.95', met: true },
      { check: '(a) fastify / node:http', value: 0.75, cpu: 20 / 30, target: 'beside (a)', met: undefined },
      { check: '(a) webfw without ETag and X-Powered-By / node:http', value: 1, cpu: 1, target: 'beside (a)', met: undefined },
      { check: '(b) webfw / fastify', value: 1.1, cpu: 1.2, target: '>= 1.05', met: true },
      { check: '(b) webfw / node:http', value: 0.825, cpu: 0.8, target: '>= 0.95', met: false },
      { check: '(b) fastify / node:http', value: 0.75, cpu: 20 / 30, target: 'beside (b)', met: undefined },
      { check: '(b) webfw without ETag and X-Powered-By / node:http', value: 0.9, cpu: 20 / 22, target: 'beside (b)', met: undefined },
      { check: '(c) webfw / fastify', value: 0.95, cpu: 50 / 55, target: 'no target', met: undefined },
      { check: "(e) logger's cost: 1 - logged / (a) webfw", value: 1 - 33150 / 39000, cpu: 1 - 21 / 25, target: 'no target', met: undefined },
      { check: '(g) route in a sub-app / in a Router', value: 0.95, cpu: 30 / 32, target: '>= 0.9', met: true },
      { check: '(g) route two sub-apps deep / in a Router', value: 0.8, cpu: 0.75, target: '>= 0.85', met: false },
      { check: '(h) /v4 / 5.x entry, hello', value: 0.95, cpu: 21 / 22, target: '>= 0.95', met: true },
      { check: '(h) /v4 / 5.x entry, /user/:id', value: 0.9, cpu: 25 / 28, target: '>= 0.95', met: false },
      { check: '(h) /v4 / 5.x entry, echo', value: 1, cpu: 1, target: '>= 0.95', met: true },
      { check: 'router in process: router 2.x / webfw time, /user/:id of 50', value: 25, cpu: undefined, target: 'no target', met: undefined },
      { check: 'router in process: webfw last / first of 1,000 `/rN/:id`', value: 1.2, cpu: undefined, target: 'no target', met: undefined },
    ]);
  });

  it('adds the HTTP/2 and TLS targets when their rows are given', () => {
    const checks = callTargets('evaluate', rows, routers, tls) as Array<{ check: string; value: number; met: boolean | undefined }>;
    expect(checks.filter((c) => c.check.startsWith('(i)') || c.check.startsWith('(j)')).map((c) => [c.check, c.value, c.met])).toEqual([
      ['(i) http2.createServer(app) / app.listen, h2c', 0.975, true],
      ['(i) http2.createSecureServer(options, app) / app.listen, h2 TLS', 0.6, false],
      ['(i) https.createServer(options, app) / app.listen, HTTPS/1.1', 1, true],
      ['(j) HTTP/2 over TLS: webfw / fastify', 1, false],
      ['(j) HTTP/2 over TLS: webfw without ETag and X-Powered-By / fastify', 1.05, undefined],
      ['(j) HTTP/2 over TLS: node:http2 / fastify', 1.2, undefined],
    ]);
  });

  it('prints the checks as a table with met and missed', () => {
    const checks = [
      { check: 'x', value: 1.25, cpu: 1.5, target: '>= 1.2', met: true },
      { check: 'y', value: 3, target: '<= 1.5', met: false },
      { check: 'z', value: 2, target: 'no target' },
    ];
    expect(targetsLines('targetsTable', checks)).toEqual([
      '| target | throughput ratio | same ratio in CPU per request | target | status |',
      '|---|---:|---:|---|---|',
      '| x | 1.25 | 1.50 | >= 1.2 | met |',
      '| y | 3.00 |  | <= 1.5 | missed |',
      '| z | 2.00 |  | no target | figure |',
    ]);
  });

  it('majorsTable puts each target of this run beside the same target of each other major recorded, blank where a record lacks it', () => {
    const checks = [
      { check: '(a) webfw / fastify', value: 1.06, cpu: 1, target: '>= 1.05', met: true },
      { check: '(a) fastify / node:http', value: 0.9, cpu: 1, target: 'beside (a)', met: undefined },
      { check: '(g) route in a sub-app / in a Router', value: 0.8, cpu: 1, target: '>= 0.9', met: false },
    ];
    const own = { node: 'v24.1.0', commit: 'abcd1234', date: '2026-11-28', rounds: '3 x 5 s' };
    const others = [
      { node: 'v22.2.0', commit: 'abcd1234+', date: '2026-11-27', rounds: '3 x 3 s', checks: [{ check: '(a) webfw / fastify', value: 0.99, met: false }] },
      {
        node: 'v26.0.0',
        commit: 'abcd1234',
        date: '2026-11-28',
        rounds: '3 x 3 s',
        checks: [{ check: '(g) route in a sub-app / in a Router', value: 0.95, met: true }],
      },
    ];
    expect(targetsLines('majorsTable', checks, own, others)).toEqual([
      '| target | target value | Node v24.1.0 | Node v22.2.0 | Node v26.0.0 |',
      '|---|---|---:|---:|---:|',
      '| (a) webfw / fastify | >= 1.05 | 1.06 met | 0.99 **missed** |  |',
      '| (g) route in a sub-app / in a Router | >= 0.9 | 0.80 **missed** |  | 0.95 met |',
      '',
      'Node v24.1.0: commit abcd1234, 2026-11-28, 3 x 5 s. Node v22.2.0: commit abcd1234+, 2026-11-27, 3 x 3 s. Node v26.0.0: commit abcd1234, 2026-11-28, 3 x 3 s.',
    ]);
  });
});

describe('growth charts: renderLineChart', () => {
  it('draws one line per series through its points, skips missing points, and a legend entry per series', () => {
    const svg = run(
      { c: 'lib/line-chart.mjs' },
      `console.log(JSON.stringify(c.renderLineChart({
        title: 'How cost grows: t',
        panels: [{ title: 'req/s', x: ['1', '2', '3'], series: [{ name: 'webfw', values: [100, 200, 400] }, { name: 'express', dash: '6 3', values: [50, NaN, 25] }], log: true }],
        legend: [{ name: 'webfw' }, { name: 'express', dash: '6 3' }],
      })));`,
    ) as string;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    const paths = svg.match(/<path d="[^"]+"[^>]*>/g) ?? [];
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^<path d="M[\d.]+ [\d.]+ L[\d.]+ [\d.]+ L[\d.]+ [\d.]+" fill="none" stroke="#d81b60"/);
    // express: two points (the middle one is missing), dashed
    expect(paths[1]).toMatch(/^<path d="M[\d.]+ [\d.]+ L[\d.]+ [\d.]+" fill="none" stroke="#4a6fa5" stroke-width="2" stroke-dasharray="6 3"\/>$/);
    expect(svg.match(/<circle /g)).toHaveLength(5);
    // log axis ticks cover every point: from 20 (below 25) to 500 (above 400)
    expect(svg).toContain('>20</text>');
    expect(svg).toContain('>500</text>');
    expect(svg).toContain('>webfw</text>');
    expect(svg).toContain('>express</text>');
  });
});
