/**
 * The frameworks bench's profile mode (lib/profile.mjs, lib/profiler.cjs): how a CPU profile's
 * samples are charged to parts of the stack, and that the preload really starts and stops the
 * profiler on its signals. No timing is asserted: only attribution and plumbing.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const lib = join(__dirname, '..', 'lib');

/** Runs an ES module snippet with lib/profile.mjs imported as `profile`; returns its stdout. */
function withProfileModule(code: string): string {
  const script = `import * as profile from ${JSON.stringify(join(lib, 'profile.mjs'))};\n${code}`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(result.stderr);
  return result.stdout;
}

const frame = (functionName: string, url: string) => ({ functionName, url, scriptId: '0', lineNumber: 0, columnNumber: 0 });

describe('profile mode: charging samples to parts of the stack', () => {
  test('each kind of frame goes to its part', () => {
    const frames = [
      frame('(garbage collector)', ''),
      frame('(program)', ''),
      frame('(idle)', ''),
      frame('writev', ''),
      frame('parserOnIncoming', 'node:_http_server'),
      frame('step', 'file:///work/packages/router/dist/index.js'),
      frame('json', 'file:///app/node_modules/@webfw/core/dist/index.cjs'),
      frame('route', 'file:///app/node_modules/.pnpm/fastify@5.0.0/node_modules/fastify/lib/route.js'),
      frame('find', 'file:///app/node_modules/@fastify/static/index.js'),
      frame('handler', 'file:///work/tooling/bench/servers/frameworks/webfw.mjs'),
    ];
    const out = withProfileModule(`console.log(JSON.stringify(${JSON.stringify(frames)}.map(profile.partOf)));`);
    expect(JSON.parse(out)).toEqual([
      'garbage collection',
      'V8 and native code outside JS',
      'idle',
      'native: writev',
      "node's own JS (http, net, streams, events)",
      '@webfw/router',
      '@webfw/core',
      'fastify',
      '@fastify/static',
      'the server script (routes and handlers)',
    ]);
  });

  test('self time per request by part, idle left out, small native calls summed, as a table', () => {
    const profile = {
      nodes: [
        { id: 1, callFrame: frame('(root)', '') },
        { id: 2, callFrame: frame('(idle)', '') },
        { id: 3, callFrame: frame('writev', '') },
        { id: 4, callFrame: frame('step', 'file:///w/packages/router/dist/index.js') },
        { id: 5, callFrame: frame('next', 'file:///w/packages/router/dist/index.js') },
        { id: 6, callFrame: frame('tiny1', '') },
        { id: 7, callFrame: frame('tiny2', '') },
      ],
      // 10 requests: writev 100 µs, router 30 + 20 µs, the two native calls 1 µs each, idle 500 µs
      samples: [2, 3, 4, 5, 6, 7, 3],
      timeDeltas: [500, 60, 30, 20, 1, 1, 40],
    };
    const out = withProfileModule(`
      const parts = profile.partsPerRequest(${JSON.stringify(profile)}, 10);
      console.log(JSON.stringify([...parts]));
      console.log(profile.profileTable([{ name: 'a', parts }, { name: 'b', parts: new Map([['native: writev', 1]]) }]));
    `);
    const [json, ...table] = out.trim().split('\n');
    expect(JSON.parse(json!)).toEqual([
      ['native: writev', 10],
      ['@webfw/router', 5],
      ['native: other calls', 0.2],
    ]);
    expect(table).toEqual([
      '| part of the stack (µs of CPU per request) | a | b |',
      '|---|---:|---:|',
      '| native: writev | 10.00 | 1.00 |',
      '| @webfw/router | 5.00 | 0.00 |',
      '| native: other calls | 0.20 | 0.00 |',
      '| **total (not idle)** | **15.20** | **1.00** |',
    ]);
  });
});

describe('profile mode: the preload', () => {
  test('SIGUSR2 starts the profiler, SIGINT writes the profile and exits', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'webfw-profile-test-'));
    const out = join(dir, 'p.cpuprofile');
    let child: ReturnType<typeof spawn> | undefined;
    try {
      child = spawn(
        process.execPath,
        ['--require', join(lib, 'profiler.cjs'), '-e', "console.log('READY'); setInterval(() => JSON.stringify({ a: [1, 2, 3] }), 1);"],
        {
          env: { ...process.env, BENCH_PROFILE_OUT: out },
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const running = child;
      let text = '';
      const waiters: Array<() => void> = [];
      running.stdout!.on('data', (chunk) => {
        text += chunk;
        for (const w of waiters.splice(0)) w();
      });
      const seen = async (word: string): Promise<void> => {
        while (!text.includes(word)) await new Promise<void>((resolve) => waiters.push(resolve));
      };
      await seen('READY');
      running.kill('SIGUSR2');
      await seen('PROFILING');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const exited = new Promise<number | null>((resolve) => running.once('exit', resolve));
      running.kill('SIGINT');
      expect(await exited).toBe(0);
      const profile = JSON.parse(readFileSync(out, 'utf8'));
      expect(Array.isArray(profile.nodes)).toBe(true);
      expect(profile.samples.length).toBeGreaterThan(0);
      expect(profile.samples.length).toBe(profile.timeDeltas.length);
    } finally {
      if (child !== undefined && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
