/**
 * The demo with its state in a real redis-server (store.js `createRedisStore`): two apps on
 * two Redis clients stand for two instances. Notes, sessions and rate limits are shared; with
 * Redis down the requests that need it get a 503 and the rest is served; once Redis is back
 * (restarted, data kept in its append-only file) they are served again, without a restart.
 * redis-server is installed with apt-get when missing (the test says so; it never skips).
 */
import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Application } from '@webfw/core';
import { until } from '@webfw/test-support';
import { ensurePrograms } from '../deploy/debian-packages';
import { startRedis, type RedisServer } from '../deploy/redis-server';
import './support/built-packages';

interface Store {
  kind: string;
  connect: () => Promise<void>;
  close: () => Promise<void>;
  status: () => Record<string, string>;
}
/* eslint-disable @typescript-eslint/no-require-imports */
const { createApp } = require('./app') as { createApp: (options: object) => Application };
const { createRedisStore } = require('./store') as {
  createRedisStore: (url: string, options: { prefix?: string; log?: { info: (l: string) => void; error: (l: string) => void } }) => Store;
};
/* eslint-enable @typescript-eslint/no-require-imports */

jest.setTimeout(60_000);

const logs = new EventEmitter();
const lines: string[] = [];
const log = {
  info: (line: string) => logs.emit('line', lines.push(line)),
  error: (line: string) => logs.emit('line', lines.push(line)),
};

let dir: string;
let redis: RedisServer | undefined;
const stores: Store[] = [];
let a: Application;
let b: Application;

beforeAll(async () => {
  const { 'redis-server': program } = ensurePrograms([{ program: 'redis-server', pkg: 'redis-server' }]);
  dir = mkdtempSync(join(tmpdir(), 'webfw-demo-redis-'));
  redis = await startRedis(program!, join(dir, 'redis'));
  const apps: Application[] = [];
  for (let i = 0; i < 2; i++) {
    const store = createRedisStore(redis.url, { log });
    stores.push(store);
    await store.connect();
    // trust proxy 1: each test names its own client in X-Forwarded-For (rate limits are per client)
    apps.push(createApp({ store, log: false, secret: 'shared secret', trustProxy: 1, rateLimit: { limit: 3 } }));
  }
  [a, b] = apps as [Application, Application];
});

afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()));
  await redis?.process().stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
function cookiesOf(res: request.Response): string {
  const set = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  return set.map((line) => line.split(';')[0]).join('; ');
}

describe('demo with REDIS_URL: state shared by every instance', () => {
  it('should read through one instance the notes written through another', async () => {
    const one = await request(a).post('/api/notes').set('X-Forwarded-For', '192.0.2.1').send({ text: 'from a', author: 'ann' }).expect(201);
    const two = await request(b).post('/api/notes').set('X-Forwarded-For', '192.0.2.1').send({ text: 'from b' }).expect(201);
    expect(two.body.id).toBe(one.body.id + 1);
    await request(b).get('/api/notes').expect(200, [one.body, two.body]);
    await request(a).get(`/api/notes/${two.body.id}`).expect(200, two.body);
    const txt = await request(a).get('/notes.txt').expect(200);
    expect(txt.text).toBe(`#${one.body.id} ann: from a\n#${two.body.id} anonymous: from b\n`);
    await request(b).delete(`/api/notes/${one.body.id}`).expect(204);
    await request(a)
      .get(`/api/notes/${one.body.id}`)
      .expect(404, { error: { status: 404, message: `note ${one.body.id} not found` } });
  });

  it('should continue on one instance a session begun on another', async () => {
    const begun = await request(a).post('/api/notes').set('X-Forwarded-For', '192.0.2.2').send({ text: 'hello', author: 'bob' }).expect(201);
    const cookie = cookiesOf(begun);
    expect(cookie).toMatch(/^demo\.sid=s%3A/);
    await request(b).get('/api/session').set('Cookie', cookie).expect(200, { added: 1, author: 'bob' });
    await request(b).post('/notes').type('form').set('X-Forwarded-For', '192.0.2.2').set('Cookie', cookie).send({ text: 'again' }).expect(303);
    const page = await request(a).get('/').set('Cookie', cookie).expect(200);
    expect(page.text).toContain('You added 2 notes in this session.');
    expect(page.text).toContain('<input name="author" value="bob">');
  });

  it('should count the rate limit across instances', async () => {
    const client = { 'X-Forwarded-For': '192.0.2.3' };
    const first = await request(a).post('/api/notes').set(client).send({ text: '1' }).expect(201);
    expect(first.headers.ratelimit).toMatch(/^"3-in-1min"; r=2; t=\d+$/);
    const second = await request(b).post('/api/notes').set(client).send({ text: '2' }).expect(201);
    expect(second.headers.ratelimit).toMatch(/^"3-in-1min"; r=1; t=\d+$/);
    await request(a).post('/notes').type('form').set(client).send({ text: '3' }).expect(303);
    await request(b)
      .post('/api/notes')
      .set(client)
      .send({ text: '4' })
      .expect(429, { error: { status: 429, message: 'too many new notes from this client; try again later' } });
    // another client is not limited
    await request(b).post('/api/notes').set('X-Forwarded-For', '192.0.2.4').send({ text: 'other' }).expect(201);
  });
});

describe('demo with REDIS_URL: Redis stopped and restarted', () => {
  it('should answer 503 while Redis is down, serve what needs no store, and resume once it is back', async () => {
    const client = { 'X-Forwarded-For': '192.0.2.5' };
    const kept = await request(a).post('/api/notes').set(client).send({ text: 'kept across the restart' }).expect(201);
    const cookie = cookiesOf(kept);

    const stopped = await redis!.stop();
    expect(stopped).toEqual({ code: 0, signal: null });
    await until(logs, 'line', () => lines.filter((l) => / is unavailable /.test(l)).length === 2);
    expect(stores.map((s) => s.status())).toEqual([
      { store: 'redis', redis: 'reconnecting' },
      { store: 'redis', redis: 'reconnecting' },
    ]);

    const down = { error: { status: 503, message: 'the notes storage is unavailable; try again shortly' } };
    for (const app of [a, b]) {
      await request(app).get('/api/notes').expect('Retry-After', '1').expect(503, down);
      await request(app).post('/api/notes').set(client).send({ text: 'lost?' }).expect(503, down);
      await request(app).get('/api/session').set('Cookie', cookie).expect(503, down);
      const page = await request(app).get('/').set('Accept', 'text/html').expect(503);
      expect(page.text).toContain('<p>the notes storage is unavailable; try again shortly</p>');
      await request(app).get('/health').expect(200, { status: 'ok' });
      await request(app).get('/static/style.css').expect(200);
    }
    // one line per instance and outage, not one per request
    expect(lines.filter((l) => / is unavailable /.test(l))).toEqual([
      expect.stringMatching(/^webfw demo: Redis at 127\.0\.0\.1:\d+ is unavailable \(.+\); requests that need it get 503 until it is back$/),
      expect.stringMatching(/ is unavailable /),
    ]);

    await redis!.restart();
    await until(logs, 'line', () => lines.filter((l) => /^webfw demo: Redis at \S+ is back$/.test(l)).length === 2, 10_000);
    for (const app of [a, b]) {
      const notes = await request(app).get('/api/notes').expect(200);
      expect(notes.body).toContainEqual(kept.body);
      expect(notes.body.map((n: { text: string }) => n.text)).not.toContain('lost?');
      await request(app).get('/api/session').set('Cookie', cookie).expect(200, { added: 1, author: null });
    }
    // the rate limiter reloads its scripts into the restarted Redis
    await request(b).post('/api/notes').set(client).send({ text: 'after' }).expect(201);
  });
});
