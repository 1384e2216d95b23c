/**
 * One instance of the demo, started exactly as in a deployment (`node server.js`, on the
 * built packages) with the environment given, on a free loopback port.
 */
import { join } from 'node:path';
import { spawnWatched, type Spawned } from './spawned';

const serverJs = join(__dirname, '..', 'demo', 'server.js');

/** A running demo instance: its port and base URL, and the process. */
export interface DemoInstance extends Spawned {
  port: number;
  url: string;
}

/** Starts an instance named `name` with `env` added (PORT=0, HOST=127.0.0.1); resolves once it listens. */
export async function startDemo(name: string, env: Record<string, string>): Promise<DemoInstance> {
  const proc = spawnWatched(name, process.execPath, [serverJs], {
    env: { ...process.env, NODE_ENV: 'production', ...env, HOST: '127.0.0.1', PORT: '0' },
  });
  const [, port] = await proc.waitFor(/webfw demo listening on http:\/\/127\.0\.0\.1:(\d+)\n/);
  return Object.assign(proc, { port: Number(port), url: `http://127.0.0.1:${port}` });
}
