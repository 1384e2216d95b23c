/**
 * Profile mode: where a server's CPU goes per request under the same load the suites apply.
 * Each case runs pinned like a measured case; after a one second warm-up V8's CPU profiler
 * samples it through a measured load, and every sample's self time is charged to a part of
 * the stack (node's own JS, the socket and other native calls, garbage collection, each
 * webfw package, each third-party package, the server script) and divided by the requests
 * served.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DURATION, load, roundOrder, startServer } from './harness.mjs';

const preload = fileURLToPath(new URL('./profiler.cjs', import.meta.url));

/** The part of the stack a profile node's own time is charged to. */
export function partOf(callFrame) {
  const { functionName, url } = callFrame;
  if (url === '') {
    if (functionName === '(garbage collector)') return 'garbage collection';
    if (functionName === '(program)') return 'V8 and native code outside JS';
    if (functionName === '(root)' || functionName === '(idle)') return 'idle';
    return `native: ${functionName || '(anonymous)'}`;
  }
  if (url.startsWith('node:')) return "node's own JS (http, net, streams, events)";
  const webfw = /\/packages\/([\w-]+)\/dist\//.exec(url) ?? /\/@webfw\/([\w-]+)\//.exec(url);
  if (webfw) return `@webfw/${webfw[1]}`;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.includes('/servers/')) return 'the server script (routes and handlers)';
  return url;
}

/**
 * Self time per request, in µs, by part of the stack (see `partOf`), from a profile served
 * `requests` requests. Idle time is left out; native calls costing under 0.3 µs per request
 * are summed as one part.
 */
export function partsPerRequest(profile, requests) {
  const selfTime = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    selfTime.set(profile.samples[i], (selfTime.get(profile.samples[i]) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const parts = new Map();
  for (const node of profile.nodes) {
    const time = selfTime.get(node.id);
    if (!time) continue;
    const part = partOf(node.callFrame);
    if (part === 'idle') continue;
    parts.set(part, (parts.get(part) ?? 0) + time / requests);
  }
  const merged = new Map();
  for (const [part, us] of parts) {
    const key = part.startsWith('native: ') && us < 0.3 ? 'native: other calls' : part;
    merged.set(key, (merged.get(key) ?? 0) + us);
  }
  return merged;
}

/** How long a profiled server may take to start or stop its profiler before the case fails. */
const PROFILER_TIMEOUT_MS = 10000;

/** Rejects after `ms` with `message` (the timer does not keep the process alive). */
function timeout(ms, message) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error(message)), ms).unref());
}

/**
 * Profiles one case (`{ name, server, args, env, request }`, loaded by autocannon; or with
 * `loadFor(port, seconds)`, which loads it another way and resolves with the number of requests
 * served, as the HTTP/2 cases do through h2load); resolves with its parts per request. Rejects,
 * never hangs, when the server dies or its profiler does not answer.
 */
export async function profileCase(c, seconds = DURATION) {
  const dir = mkdtempSync(join(tmpdir(), 'webfw-profile-'));
  const out = join(dir, 'profile.cpuprofile');
  const { port, child } = await startServer(c.server, c.args ?? [], { ...c.env, BENCH_PROFILE_OUT: out }, ['--require', preload]);
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const died = exited.then(({ code, signal }) => {
    throw new Error(`${c.name}: server exited (${signal ?? code}) while being profiled`);
  });
  died.catch(() => {});
  const served = c.loadFor ?? ((p, s) => load(p, c.request, s).then((result) => result.requests.total));
  try {
    await Promise.race([served(port, 1), died]);
    const started = new Promise((resolve) => {
      const onData = (chunk) => {
        if (String(chunk).includes('PROFILING')) {
          child.stdout.off('data', onData);
          resolve();
        }
      };
      child.stdout.on('data', onData);
    });
    child.kill('SIGUSR2');
    await Promise.race([started, died, timeout(PROFILER_TIMEOUT_MS, `${c.name}: the profiler did not start`)]);
    const requests = await Promise.race([served(port, seconds), died]);
    child.kill('SIGINT');
    const { code } = await Promise.race([exited, timeout(PROFILER_TIMEOUT_MS, `${c.name}: the server did not stop`)]);
    if (code !== 0) throw new Error(`${c.name}: the profiler could not write its profile`);
    const profile = JSON.parse(readFileSync(out, 'utf8'));
    return { name: c.name, requests, parts: partsPerRequest(profile, requests) };
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A profile's CPU per request over all parts of the stack (idle left out), in µs. */
export function profileTotal(profile) {
  let total = 0;
  for (const us of profile.parts.values()) total += us;
  return total;
}

/**
 * The profiles of several cases as one markdown table: a row per part of the stack (largest
 * first), a column per case, µs of CPU per request, and the total.
 */
export function profileTable(profiles) {
  const names = new Set();
  for (const p of profiles) for (const k of p.parts.keys()) names.add(k);
  const rows = [...names].map((k) => [k, profiles.map((p) => p.parts.get(k) ?? 0)]);
  rows.sort((a, b) => Math.max(...b[1]) - Math.max(...a[1]));
  const lines = [`| part of the stack (µs of CPU per request) | ${profiles.map((p) => p.name).join(' | ')} |`, `|---|${profiles.map(() => '---:').join('|')}|`];
  for (const [name, values] of rows) {
    if (Math.max(...values) < 0.05) continue;
    lines.push(`| ${name} | ${values.map((v) => v.toFixed(2)).join(' | ')} |`);
  }
  const totals = profiles.map(profileTotal);
  lines.push(`| **total (not idle)** | ${totals.map((t) => `**${t.toFixed(2)}**`).join(' | ')} |`);
  return lines.join('\n');
}

/**
 * Profiles `cases` BENCH_PROFILE_ROUNDS times (3 by default) round-robin, alternating direction;
 * returns the table (see `profileTable`) of each case's profile with the median total.
 */
export async function profileRounds(cases) {
  const rounds = Number(process.env.BENCH_PROFILE_ROUNDS ?? 3);
  const runs = cases.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const i of roundOrder(cases.length, round)) runs[i].push(await profileCase(cases[i]));
  }
  const median = (ps) => [...ps].sort((a, b) => profileTotal(a) - profileTotal(b))[Math.floor(ps.length / 2)];
  return profileTable(runs.map(median));
}
