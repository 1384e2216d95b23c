/**
 * docs/examples/deploy/cluster.js (the node:cluster recipe of docs/deploy.md): workers share
 * one port, a worker that dies is replaced, and SIGTERM drains every worker before the
 * primary exits 0.
 */
import { join } from 'node:path';
import { request } from '@webfw/test-support';
import { spawnWatched, type Spawned } from './spawned';

jest.setTimeout(30_000);

let primary: Spawned | undefined;
afterEach(async () => {
  await primary?.stop('SIGKILL');
});

it('should run WORKERS instances on one port, replace one that dies, and stop them all on SIGTERM', async () => {
  primary = spawnWatched('cluster', process.execPath, [join(__dirname, 'cluster.js')], {
    env: { ...process.env, WORKERS: '2', HOST: '127.0.0.1', PORT: '0', REDIS_URL: '' },
  });
  const listening = /webfw demo listening on http:\/\/127\.0\.0\.1:(\d+)\n/g;
  await primary.waitFor(/listening[^]*listening/);
  const ports = [...primary.output().matchAll(listening)].map((m) => m[1]);
  expect(new Set(ports).size).toBe(1); // listen(0) in workers: one port, shared
  const port = Number(ports[0]);
  expect((await request(port, { path: '/health' })).status).toBe(200);

  // kill one worker: the primary starts another
  const pids = [...primary.output().matchAll(/webfw cluster: worker (\d+) started\n/g)].map((m) => Number(m[1]));
  expect(pids).toHaveLength(2);
  process.kill(pids[0]!, 'SIGKILL');
  await primary.waitFor(new RegExp(`worker ${pids[0]} exited \\(SIGKILL\\); starting another\n[^]*listening`));

  primary.child.kill('SIGTERM');
  expect(await primary.exited).toEqual({ code: 0, signal: null });
  expect(primary.output()).toContain('webfw cluster: SIGTERM: stopping 2 workers\n');
  expect(primary.output().match(/every connection closed; exiting\n/g)).toHaveLength(2);
});
