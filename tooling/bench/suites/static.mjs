/**
 * @webfw/static against serve-static 2.x, @fastify/static and a hand-written createReadStream
 * server, serving a 1 KB and a 1 MB file (GET, 200, no conditional headers).
 * Targets: >= 1.5x serve-static on 1 KB, >= 1.0x on 1 MB, flat memory on 1 MB
 * (RSS after 1,000 and after 2,000 requests for the 1 MB file; BENCH_MEMORY_REQUESTS changes
 * the count).
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { printTable, ratio, rssAfter, runCases } from '../lib/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const servers = join(here, '..', 'servers', 'static');

/** Writes the two fixture files (deterministic bytes) and returns their directory. */
function makeFixtures() {
  const root = join(tmpdir(), `webfw-bench-static-${process.pid}`);
  mkdirSync(root, { recursive: true });
  const fill = (size) => {
    const b = Buffer.alloc(size);
    for (let i = 0; i < size; i++) b[i] = 97 + (i % 26);
    return b;
  };
  writeFileSync(join(root, 'small.txt'), fill(1024));
  writeFileSync(join(root, 'large.bin'), fill(1024 * 1024));
  return root;
}

const peers = [
  ['@webfw/static', 'webfw.mjs'],
  ['serve-static', 'serve-static.mjs'],
  ['@fastify/static', 'fastify-static.mjs'],
  ['createReadStream', 'node-stream.mjs'],
];

export async function run() {
  const root = makeFixtures();
  const env = { STATIC_ROOT: root };
  try {
    for (const [label, path, target] of [
      ['1 KB file', '/small.txt', '>= 1.5'],
      ['1 MB file', '/large.bin', '>= 1.0'],
    ]) {
      const cases = peers.map(([name, script]) => ({ name, server: join(servers, script), env, request: { method: 'GET', path } }));
      const rows = await runCases(cases);
      printTable(`static: ${label} (GET ${path})`, rows, 'serve-static');
      console.log(`@webfw/static / serve-static: ${ratio(rows, '@webfw/static', 'serve-static').toFixed(2)}x (target ${target})`);
      console.log(`@webfw/static / @fastify/static: ${ratio(rows, '@webfw/static', '@fastify/static').toFixed(2)}x`);
      console.log(`@webfw/static / createReadStream: ${ratio(rows, '@webfw/static', 'createReadStream').toFixed(2)}x`);
    }
    const count = Number(process.env.BENCH_MEMORY_REQUESTS ?? 1000);
    console.log(`\n## static: memory while streaming the 1 MB file (RSS after ${count} and ${2 * count} requests)`);
    console.log('| case | RSS MB after n | RSS MB after 2n | growth |');
    console.log('|---|---:|---:|---:|');
    for (const [name, script] of peers.slice(0, 2)) {
      const m = await rssAfter({ server: join(servers, script), env, request: { method: 'GET', path: '/large.bin' } }, count);
      console.log(`| ${name} | ${m.first.toFixed(1)} | ${m.second.toFixed(1)} | ${(m.growth * 100).toFixed(1)}% |`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
