/**
 * The channel subscriber (packages/core/instrumentation/opentelemetry-channel.cjs) where module
 * patching does not exist: Bun and Deno (app.listen, and app.fetch through Bun.serve /
 * Deno.serve), workerd (app.fetch as the worker's fetch). Each runtime runs the test app
 * (scripts/test-app.cjs) on webfw 5.x and /v4 with an in-memory exporter and prints the spans
 * normalised as tracing.test.ts normalises them (scripts/channel-spans.cjs); each list must be
 * the one express gives under node with instrumentation-http + instrumentation-express
 * (express 5.3 for 5.x, express 4.22 for /v4), whole: there is no instrumentation-http on those
 * runtimes, so the SERVER spans are the subscriber's own, and they must be instrumentation-http's.
 *
 * Bun and Deno run scripts/channel-runtime.mjs, set up by the docs' block for them as written;
 * workerd runs scripts/channel-worker.cjs bundled by esbuild. Each runtime starts once, from the
 * npm registry's package of its binary (tooling/test-support/runtimes.ts, installed on first use).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { bunBinary, denoBinary, workerdBinary } from '@webfw/test-support/runtimes';
import { OTEL_ENV, type Trace } from './support/traces';

const execFileAsync = promisify(execFile);
const here = __dirname;
const scripts = join(here, 'scripts');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const layOut = require('./scripts/channel-layout.cjs') as (dir: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const docBlock = require('./scripts/channel-docs.cjs') as (name: string) => string;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ask } = require('./scripts/channel-spans.cjs') as { ask: (base: string) => Promise<string[]> };

jest.setTimeout(120_000);

// a runtime's first install (a download) is said in one line each, not in a console block
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const ENV = { ...OTEL_ENV, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' };

let work: string;
let appDir: string;
const reference: Record<string, Trace> = {};

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'webfw-otel-runtimes-'));
  appDir = layOut(join(work, 'app'));
  writeFileSync(join(appDir, 'tracing-runtimes.mjs'), docBlock('otel-channel-runtimes'));
  // express under node with instrumentation-http + instrumentation-express (tracing.test.ts's script)
  await Promise.all(
    [
      ['5.x', 'express'],
      ['/v4', 'express-v4'],
    ].map(async ([version, express]) => {
      const out = join(work, `reference-${express}.json`);
      await execFileAsync(process.execPath, [join(scripts, 'trace-app.cjs'), 'otel', express!, here, out], { cwd: here, env: ENV, timeout: 60_000 });
      reference[version!] = JSON.parse(readFileSync(out, 'utf8')) as Trace;
    }),
  );
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The results of scripts/channel-runtime.mjs on `binary args`: "<version> app.listen" / "<version> app.fetch" -> trace. */
async function onRuntime(binary: string, args: string[]): Promise<Record<string, Trace>> {
  const out = join(work, `${args.join('-').replace(/\W+/g, '-')}.json`);
  await execFileAsync(binary, [...args, join(scripts, 'channel-runtime.mjs'), appDir, out], {
    cwd: appDir,
    env: ENV,
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const results = JSON.parse(readFileSync(out, 'utf8')) as Record<string, Trace | string>;
  delete results.runtime;
  return results as Record<string, Trace>;
}

/** Every list of `results` is the reference of its version, answers and spans. */
function expectReference(results: Record<string, Trace>, keys: string[]): void {
  expect(Object.keys(results).sort()).toEqual([...keys].sort());
  for (const [key, got] of Object.entries(results)) {
    const ref = reference[key.split(' ')[0]!]!;
    expect({ key, answers: got.answers }).toEqual({ key, answers: ref.answers });
    expect({ key, spans: got.spans }).toEqual({ key, spans: ref.spans });
  }
}

const BOTH = ['5.x app.listen', '5.x app.fetch', '/v4 app.listen', '/v4 app.fetch'];

test('the reference: express under node, 19 spans (5.x) and 27 (/v4)', () => {
  expect(reference['5.x']!.spans).toHaveLength(19);
  expect(reference['/v4']!.spans).toHaveLength(27);
});

test('Bun: app.listen and app.fetch (Bun.serve), 5.x and /v4: the same spans as express under node', async () => {
  expectReference(await onRuntime(bunBinary(log, 'otel-channel'), []), BOTH);
});

test('Deno: app.listen and app.fetch (Deno.serve), 5.x and /v4: the same spans as express under node', async () => {
  expectReference(await onRuntime(denoBinary(log, 'otel-channel'), ['run', '-A', '--quiet']), BOTH);
});

test('workerd: app.fetch as the worker, 5.x and /v4: the same spans as express under node', async () => {
  await build({
    entryPoints: [join(appDir, 'channel-worker.cjs')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    outfile: join(appDir, 'channel-worker.bundle.cjs'),
    logLevel: 'error',
  });
  const port = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as { port: number }).port;
      probe.close(() => resolve(p));
    });
  });
  writeFileSync(
    join(appDir, 'channel-worker.capnp'),
    `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [ (name = "main", worker = .worker) ],
  sockets = [ (name = "http", address = "127.0.0.1:${port}", http = (), service = "main") ],
);
const worker :Workerd.Worker = (
  modules = [
    (name = "channel-worker.mjs", esModule = embed "channel-worker.mjs"),
    (name = "channel-worker.bundle.cjs", commonJsModule = embed "channel-worker.bundle.cjs"),
  ],
  compatibilityDate = "2026-11-01",
  compatibilityFlags = ["nodejs_compat"],
);
`,
  );
  const child = spawn(workerdBinary(log, 'otel-channel'), ['serve', 'channel-worker.capnp'], { cwd: appDir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const base = `http://127.0.0.1:${port}`;
  const results: Record<string, Trace> = {};
  try {
    // workerd prints nothing when it listens: wait for its first answer
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/__use/5.x`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 100 || child.exitCode !== null) throw new Error(`workerd did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    for (const [version, use] of [
      ['5.x', '5.x'],
      ['/v4', 'v4'],
    ]) {
      await (await fetch(`${base}/__use/${use}`)).text();
      const answers = await ask(base);
      await new Promise((r) => setTimeout(r, 50));
      results[`${version} app.fetch`] = { answers, spans: (await (await fetch(`${base}/__spans`)).json()) as Trace['spans'] };
    }
  } finally {
    child.kill('SIGKILL');
  }
  expectReference(results, ['5.x app.fetch', '/v4 app.fetch']);
});
