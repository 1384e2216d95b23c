/**
 * A real redis-server for the tests: loopback only, its data in a directory of the test
 * (append-only file, so the data survives a restart, as in a deployment), stoppable and
 * restartable on the same port.
 */
import { mkdirSync } from 'node:fs';
import { freePort } from './free-port';
import { spawnWatched, type Exit, type Spawned } from './spawned';

/** A running (or stopped, and restartable) redis-server. */
export interface RedisServer {
  port: number;
  url: string;
  process: () => Spawned;
  /** Stops it (SIGTERM: it writes its data and exits), resolving with how it ended. */
  stop: () => Promise<Exit>;
  /** Starts it again on the same port and data directory. */
  restart: () => Promise<void>;
}

/** Starts `program` (redis-server's path) with its data in `dir`; resolves once it accepts connections. */
export async function startRedis(program: string, dir: string): Promise<RedisServer> {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--appendonly', 'yes', '--save', '', '--daemonize', 'no'];
  let current: Spawned;
  let starts = 0;
  const start = async (): Promise<void> => {
    current = spawnWatched(`redis-server #${++starts}`, program, args);
    await current.waitFor(/Ready to accept connections/);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    process: () => current,
    stop: () => current.stop('SIGTERM'),
    restart: start,
  };
}
