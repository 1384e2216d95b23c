/**
 * `npm run soak` works end to end: a short soak (a few thousand requests, two seconds of
 * hostile clients) over the built packages prints its figures and passes. The figures are
 * not judged here (timings never decide a test); the growth checks and answers are.
 */
import { runScript } from './support/run-script';

describe('npm run soak', () => {
  it('should load the app, run the hostile clients, report RSS and descriptors, and pass', async () => {
    const { code, out } = await runScript('soak.mjs', { SOAK_REQUESTS: '3000', SOAK_CONNECTIONS: '8', SOAK_HOSTILE_SECONDS: '2', SOAK_SLOW_CLIENTS: '20' });
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
