/**
 * Growth suite: how each cost grows as the work grows, webfw against express 5 and
 * fastify 5 (and bare node:http where it has an equivalent), throughput and server CPU per
 * request at each point:
 * - routes registered: 10, 100, 1,000 `/r<N>/:id` routes, the first, middle and last hit;
 * - pass-through middleware before the route: 0, 5, 20 (fastify: `onRequest` hooks);
 * - JSON request body echoed: 1 KB, 64 KB, 1 MB (10 connections);
 * - a static file: 1 KB, 64 KB, 1 MB, 10 MB (MB/s received, MB = 2^20 bytes; 10 connections);
 * - sub-apps a route is mounted in (`app.use('/', sub)`, nested): 0, 1, 2, 3;
 * - concurrent connections on hello JSON: 1, 50, 1,000 (throughput and p99).
 * Each series runs its cases round-robin (ROUNDS rounds, BENCH_GROWTH_DURATION seconds each, 2
 * by default, after a one second warm-up; the median counts). BENCH_GROWTH=routes,static runs
 * some series only. Prints each series as a table; with BENCH_WRITE_DOCS=1 it writes
 * docs/performance-<series>.svg and links them from docs/performance.md (between its markers).
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOCS, writeDocSection } from '../lib/doc-section.mjs';
import { ROUNDS, runCases } from '../lib/harness.mjs';
import { lineStyle, renderLineChart } from '../lib/line-chart.mjs';

const server = (name) => fileURLToPath(new URL(`../servers/growth/${name}.mjs`, import.meta.url));
const DURATION = Number(process.env.BENCH_GROWTH_DURATION ?? 2);
/** Connections of the body and file series: a 10 MB answer to each of 50 connections would take seconds to finish the first. */
const BULK_CONNECTIONS = 10;
const MB = 1024 * 1024;

/** A JSON document of about `bytes` bytes (an array of small records). */
function jsonBody(bytes) {
  const items = [];
  let length = 2;
  for (let i = 0; length < bytes; i++) {
    const item = { sku: `SKU-${100000 + i}`, qty: i % 7, price: 9.99 + (i % 13), note: 'lorem ipsum dolor sit amet' };
    length += JSON.stringify(item).length + 1;
    items.push(item);
  }
  return JSON.stringify(items);
}

/** The static files of the series, in a fresh temporary directory (deterministic bytes). */
function makeFiles(sizes) {
  const root = join(tmpdir(), `webfw-bench-growth-${process.pid}`);
  mkdirSync(root, { recursive: true });
  for (const [name, size] of sizes) {
    const b = Buffer.alloc(size);
    for (let i = 0; i < size; i++) b[i] = 97 + (i % 26);
    writeFileSync(join(root, name), b);
  }
  return root;
}

const get = (path) => ({ method: 'GET', path });
const STATIC_FILES = [
  ['1 KB', 'f1k.bin', 1024],
  ['64 KB', 'f64k.bin', 64 * 1024],
  ['1 MB', 'f1m.bin', MB],
  ['10 MB', 'f10m.bin', 10 * MB],
];

/**
 * The series: `points` (x labels), `frameworks`, and for each point the cases (`variant`
 * splits one framework's line, e.g. first/middle/last route). `figure` is what the left panel
 * shows per row, `right` the right panel (CPU µs per request unless said otherwise).
 */
const SERIES = [
  {
    id: 'routes',
    title: 'routes registered (first, middle, last hit)',
    points: [10, 100, 1000],
    frameworks: ['webfw', 'express', 'fastify'],
    variants: ['first', 'middle', 'last'],
    cases: (n, variant) => {
      const i = variant === 'first' ? 0 : variant === 'middle' ? n / 2 : n - 1;
      return { args: ['routes', String(n)], request: get(`/r${i}/7`) };
    },
    log: true,
  },
  {
    id: 'middleware',
    title: 'middleware before the route',
    points: [0, 5, 20],
    frameworks: ['webfw', 'express', 'fastify'],
    cases: (n) => ({ args: ['middleware', String(n)], request: get('/') }),
  },
  {
    id: 'json',
    title: 'JSON request body echoed',
    points: ['1 KB', '64 KB', '1 MB'],
    frameworks: ['node', 'webfw', 'express', 'fastify'],
    cases: (label) => {
      const bytes = { '1 KB': 1024, '64 KB': 64 * 1024, '1 MB': MB }[label];
      return {
        args: ['json', String(bytes)],
        connections: BULK_CONNECTIONS,
        request: { method: 'POST', path: '/echo', headers: { 'content-type': 'application/json' }, body: jsonBody(bytes) },
      };
    },
    log: true,
  },
  {
    id: 'static',
    title: 'static file (MB/s received)',
    points: STATIC_FILES.map(([label]) => label),
    frameworks: ['node', 'webfw', 'express', 'fastify'],
    cases: (label) => {
      const [, name] = STATIC_FILES.find(([l]) => l === label);
      return { args: ['static', '0'], connections: BULK_CONNECTIONS, request: get(`/${name}`) };
    },
    // bytes received per second (autocannon counts them as they arrive, so a 10 MB answer still
    // in flight at the end counts too); headers included, about 250 bytes an answer
    figure: (row) => row.throughput / MB,
    unit: 'MB/s',
    log: true,
  },
  {
    id: 'subapps',
    title: 'sub-app depth (GET /user/:id that many sub-apps deep)',
    points: [0, 1, 2, 3],
    frameworks: ['webfw', 'express'],
    cases: (n) => ({ args: ['subapps', String(n)], request: get('/user/7') }),
  },
  {
    id: 'connections',
    title: 'concurrent connections (hello JSON)',
    points: [1, 50, 1000],
    frameworks: ['node', 'webfw', 'express', 'fastify'],
    cases: (n) => ({ args: ['hello', '0'], request: get('/'), connections: n }),
    right: { title: 'p99 latency, ms', value: (row) => row.p99 },
    log: false,
  },
];

/** Runs one series; returns `{ [framework + variant]: [row per point] }`. */
async function runSeries(s, env) {
  const cases = [];
  for (const f of s.frameworks) {
    for (const variant of s.variants ?? ['']) {
      for (const point of s.points) {
        const c = s.cases(point, variant);
        cases.push({ name: `${f}${variant ? ' ' + variant : ''}`, point, server: server(f), env, duration: DURATION, ...c });
      }
    }
  }
  const rows = await runCases(cases);
  const lines = {};
  rows.forEach((row, i) => {
    (lines[cases[i].name] ??= []).push({ ...row, point: cases[i].point });
  });
  return lines;
}

/** The left-panel figure of a row: req/s, or the series' own figure (MB/s). */
function figureOf(s, row) {
  return s.figure ? s.figure(row, row.point) : row.rps;
}

/** Prints a series as a table: one row per line, a column per point (figure, CPU µs/req, p99). */
function printSeries(s, lines) {
  const unit = s.unit ?? 'req/s';
  const out = [
    `| ${s.title} | ${s.points.map((p) => `${p}: ${unit}`).join(' | ')} | ${s.points.map((p) => `${p}: CPU µs/req`).join(' | ')} | ${s.points.map((p) => `${p}: p99 ms`).join(' | ')} |`,
    `|---|${s.points.map(() => '---:|---:|---:').join('|')}|`,
  ];
  for (const [name, rows] of Object.entries(lines)) {
    const fig = rows.map((r) => {
      const v = figureOf(s, r);
      return v >= 100 ? String(Math.round(v)) : v.toFixed(1);
    });
    out.push(
      `| ${name} | ${fig.join(' | ')} | ${rows.map((r) => (Number.isFinite(r.cpu) ? r.cpu.toFixed(1) : 'n/a')).join(' | ')} | ${rows.map((r) => r.p99).join(' | ')} |`,
    );
  }
  const bad = Object.values(lines)
    .flat()
    .reduce((n, r) => n + r.bad, 0);
  console.log(`\n## growth: ${s.title}\n${out.join('\n')}${bad ? `\n(${bad} errors or non-2xx answers)` : ''}`);
}

/** The chart of a series: the figure on the left, CPU µs/request (or p99) on the right. */
function chartOf(s, lines) {
  const names = Object.keys(lines);
  const style = (name) => {
    const [framework, variant] = name.split(' ');
    const dash = s.variants ? lineStyle.dashes[s.variants.indexOf(variant)] : '';
    return { name, color: lineStyle.colors[framework], dash };
  };
  const series = (value) => names.map((name) => ({ ...style(name), values: lines[name].map(value) }));
  const right = s.right ?? { title: 'server CPU µs per request', value: (row) => row.cpu };
  return renderLineChart({
    title: `How cost grows: ${s.title}`,
    panels: [
      { title: `${s.unit ?? 'requests per second'}${s.log ? ' (log scale)' : ''}`, x: s.points.map(String), series: series((r) => figureOf(s, r)), log: s.log },
      { title: `${right.title}${s.log ? ' (log scale)' : ''}`, x: s.points.map(String), series: series(right.value), log: s.log },
    ],
    legend: names.map(style),
  });
}

/**
 * Writes this run's charts beside docs/performance.md and links every series' chart from its
 * growth part (a series not run keeps its last chart); the tables are printed only.
 */
function writeDocs(charts) {
  for (const [id, svg] of Object.entries(charts)) writeFileSync(`${DOCS}performance-${id}.svg`, svg);
  const lines = [
    'Generated by `npm run bench -- growth` with `BENCH_WRITE_DOCS=1` (tooling/bench/suites/growth.mjs).',
    `Pinned as above (server on CPU 0, autocannon on CPU 1; 50 connections, 10 in the body and file series); every case runs ${ROUNDS} times round-robin`,
    `within its series for ${DURATION} s after a 1 s warm-up, the median counts. Machine: ${process.arch}, Node ${process.version}.`,
    'Each chart shows the throughput on the left and the server CPU per request (p99 latency for connections) on the right.',
  ];
  for (const s of SERIES) {
    if (existsSync(`${DOCS}performance-${s.id}.svg`)) lines.push('', `### ${s.title}`, '', `![${s.title}](performance-${s.id}.svg)`);
  }
  writeDocSection('growth', lines);
}

export async function run() {
  const only = process.env.BENCH_GROWTH?.split(',');
  const root = makeFiles(STATIC_FILES.map(([, name, size]) => [name, size]));
  const charts = {};
  try {
    for (const s of SERIES) {
      if (only && !only.includes(s.id)) continue;
      const started = Date.now();
      const lines = await runSeries(s, { STATIC_ROOT: root });
      printSeries(s, lines);
      charts[s.id] = chartOf(s, lines);
      console.log(`(${s.id}: ${Math.round((Date.now() - started) / 1000)} s)`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  if (process.env.BENCH_WRITE_DOCS === '1') writeDocs(charts);
}
