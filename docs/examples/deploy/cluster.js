'use strict';
/**
 * N instances of the demo on one machine with node:cluster: the primary forks WORKERS workers
 * (default: one per CPU), each runs server.js, and they share the port (HOST/PORT as for
 * server.js). State must be in Redis (REDIS_URL): each worker has its own memory.
 *
 * A worker that dies is replaced. On SIGTERM or SIGINT the primary stops replacing workers,
 * passes the signal on (each worker shuts down gracefully: shutdown.js) and exits 0 once every
 * worker has exited 0 (1 otherwise).
 *
 *   WORKERS=4 REDIS_URL=redis://127.0.0.1:6379 node docs/examples/deploy/cluster.js
 */
const cluster = require('node:cluster');
const os = require('node:os');
const path = require('node:path');

if (cluster.isPrimary) {
  const count = Number(process.env.WORKERS) || os.availableParallelism();
  let stopping = false;
  let failed = false;

  cluster.setupPrimary({ exec: path.join(__dirname, '..', 'demo', 'server.js') });
  for (let i = 0; i < count; i++) cluster.fork();

  cluster.on('online', (worker) => console.log(`webfw cluster: worker ${worker.process.pid} started`));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers).length === 0) process.exit(failed ? 1 : 0);
      return;
    }
    console.error(`webfw cluster: worker ${worker.process.pid} exited (${signal || code}); starting another`);
    cluster.fork();
  });

  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      console.log(`webfw cluster: ${signal}: stopping ${Object.keys(cluster.workers).length} workers`);
      for (const worker of Object.values(cluster.workers)) worker.process.kill(signal);
    });
  }
}
