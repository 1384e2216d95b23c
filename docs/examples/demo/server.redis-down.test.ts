/**
 * docs/examples/demo/server.js started with REDIS_URL while Redis is down: it listens at once,
 * says once that requests needing Redis get 503 until it is back, and keeps that promise: only
 * those routes answer 503 with `Retry-After`; /health, /ready and static files answer as usual.
 * Once Redis starts, the same process serves notes (the rate limiter loads its scripts then),
 * without a restart. redis-server is installed with apt-get when missing (never skipped).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePrograms } from '../deploy/debian-packages';
import { startDemo, type DemoInstance } from '../deploy/demo-instance';
import { startRedis, type RedisServer } from '../deploy/redis-server';

jest.setTimeout(30_000);

let dir: string;
let redis: RedisServer | undefined;
let demo: DemoInstance | undefined;

beforeAll(async () => {
  const { 'redis-server': program } = ensurePrograms([{ program: 'redis-server', pkg: 'redis-server' }]);
  dir = mkdtempSync(join(tmpdir(), 'webfw-demo-redis-down-'));
  // A Redis started then stopped: its port refuses connections, and it can come back there.
  redis = await startRedis(program!, join(dir, 'redis'));
  await redis.stop();
});

afterAll(async () => {
  await demo?.stop('SIGKILL');
  await redis?.process().stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const down = { error: { status: 503, message: 'the notes storage is unavailable; try again shortly' } };

async function ask(path: string, init: RequestInit = {}): Promise<{ status: number; retryAfter: string | null; body: string }> {
  const res = await fetch(demo!.url + path, init);
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.text() };
}

describe('demo server with Redis down', () => {
  it('should listen, answer 503 with Retry-After only where Redis is needed, and serve notes once Redis is back', async () => {
    demo = await startDemo('demo', { REDIS_URL: redis!.url, SESSION_SECRET: 's' });
    await demo.waitFor(/is unavailable \(ECONNREFUSED\); requests that need it get 503 until it is back\n/);
    expect(demo.output()).toMatch(/^webfw demo listening on http:\/\/127\.0\.0\.1:\d+\n/m);

    expect(await ask('/health')).toEqual({ status: 200, retryAfter: null, body: '{"status":"ok"}' });
    expect(await ask('/ready')).toEqual({ status: 200, retryAfter: null, body: '{"status":"ok","store":"redis","redis":"reconnecting"}' });
    expect(await ask('/static/style.css')).toMatchObject({ status: 200, retryAfter: null });

    expect(await ask('/api/notes')).toEqual({ status: 503, retryAfter: '1', body: JSON.stringify(down) });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"text":"while down"}' };
    expect(await ask('/api/notes', post)).toEqual({ status: 503, retryAfter: '1', body: JSON.stringify(down) });
    const page = await ask('/', { headers: { accept: 'text/html' } });
    expect(page).toMatchObject({ status: 503, retryAfter: '1' });
    expect(page.body).toContain('<p>the notes storage is unavailable; try again shortly</p>');

    await redis!.restart();
    await demo.waitFor(/webfw demo: Redis at 127\.0\.0\.1:\d+ is back\n/, 10_000);
    const added = await ask('/api/notes', { ...post, body: '{"text":"after"}' });
    expect(added).toMatchObject({ status: 201, retryAfter: null });
    expect(JSON.parse(added.body)).toMatchObject({ text: 'after' });
    expect(await ask('/ready')).toMatchObject({ status: 200, body: '{"status":"ok","store":"redis","redis":"ready"}' });
    // one line for the outage, however many requests it failed
    expect(demo.output().match(/ is unavailable /g)).toHaveLength(1);
  });

  it('should shut down gracefully and exit 0 on SIGTERM while Redis is down', async () => {
    await redis!.stop();
    await demo?.stop('SIGKILL');
    demo = await startDemo('demo', { REDIS_URL: redis!.url });
    await demo.waitFor(/ is unavailable /);
    expect(await demo.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    expect(demo.output()).toMatch(/webfw demo: every connection closed; exiting\n$/);
  });
});
