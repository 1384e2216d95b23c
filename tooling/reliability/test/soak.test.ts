/**
 * `npm run soak` works end to end: a short soak (a few thousand requests, two seconds of
 * hostile clients) over the built packages prints its figures and passes. The figures are
 * not judged here (timings never decide a test); the growth checks and answers are.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

function runSoak(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(__dirname, '..', 'soak.mjs')], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('npm run soak', () => {
  it('should load the app, run the hostile clients, report RSS and descriptors, and pass', async () => {
    const { code, out } = await runSoak({ SOAK_REQUESTS: '3000', SOAK_CONNECTIONS: '8', SOAK_HOSTILE_SECONDS: '2', SOAK_SLOW_CLIENTS: '20' });
    expect(out).toMatch(/^soak: 3000 keep-alive requests over 8 connections/m);
    expect(out.match(/^ +\d+ requests +\d+ req\/s +[\d.]+ µs CPU\/req +RSS +[\d.]+ MB +fds \d+$/gm)).toHaveLength(10);
    expect(out).toMatch(/^ {2}heap after GC: .* ok$/m);
    expect(out).toMatch(/^ {2}file descriptors: (\d+) -> \d+ ok$/m);
    expect(out).toMatch(/^ {2}meanwhile: 20 slow connections still open, \d+ abandoned exchanges/m);
    expect(out).toMatch(/^ {2}normal client GET \/json, with slow and abandoning: +p50 /m);
    expect(out).toMatch(/^soak: passed$/m);
    expect(code).toBe(0);
  }, 60_000);
});
