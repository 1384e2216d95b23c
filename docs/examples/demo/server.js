'use strict';
/**
 * Starts the webfw demo (see app.js). `npm start` at the repository root installs, builds
 * every package and runs this. Every variable is optional:
 *
 * HOST              the interface to listen on (default `localhost`: reachable from this
 *                   machine only; `0.0.0.0` or `::` listens on every interface)
 * PORT              the port (default 3000; 0 picks a free one)
 * REDIS_URL         keep notes, sessions and rate limits in Redis (`redis://host:6379`), so
 *                   several instances share them; unset: in memory (one instance). The
 *                   demo listens while Redis is down: what needs Redis answers 503 with
 *                   Retry-After until it is back
 * SESSION_SECRET    signs cookies and session ids; every instance needs the same one
 * TRUST_PROXY       the `trust proxy` setting behind nginx or a load balancer: a number of
 *                   hops (`1`), addresses or names (`loopback`, `10.0.0.0/8`), `true`/`false`
 * RATE_LIMIT        new notes allowed per client and minute (default 30)
 * SHUTDOWN_DELAY    ms between /ready turning 503 and the listener closing (default 0)
 * SHUTDOWN_TIMEOUT  ms the requests in flight get to finish once the listener closed (10000)
 *
 * It prints the URL it listens on; when the port is taken it says which variable to set and
 * exits with code 1. On SIGTERM or SIGINT it shuts down gracefully (shutdown.js) and exits 0.
 */
const { createApp } = require('./app');
const { createStore } = require('./store');
const { gracefulShutdown } = require('./shutdown');

const env = process.env;
const host = env.HOST || 'localhost';
const port = integer('PORT', '3000', 65535, '(0 picks a free one)');

/** Prints why the demo cannot start and exits with code 1. */
function fail(message) {
  console.error(`webfw demo: ${message}`);
  process.exit(1);
}

/** The integer in variable `name` (or `fallback`), from 0 to `max`; exits with a message otherwise. */
function integer(name, fallback, max, hint) {
  const text = env[name] || fallback;
  const value = /^\d{1,9}$/.test(text) ? Number(text) : NaN;
  if (!(value >= 0 && value <= max)) fail(`${name} must be a ${name === 'PORT' ? 'port number' : 'number'} from 0 to ${max} ${hint}, not "${text}"`);
  return value;
}

/** TRUST_PROXY as the `trust proxy` setting takes it: a hop count, a boolean, or addresses. */
function trustProxy(text) {
  if (text === undefined || text === '') return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  if (text === 'true' || text === 'false') return text === 'true';
  return text;
}

const rateLimit = integer('RATE_LIMIT', '30', 1e6, '(new notes per client and minute)');
const delayMs = integer('SHUTDOWN_DELAY', '0', 600000, '(milliseconds)');
const timeoutMs = integer('SHUTDOWN_TIMEOUT', '10000', 600000, '(milliseconds)');

async function main() {
  const store = createStore(env);
  if (store.kind === 'redis') {
    // Nothing is in flight yet: a signal while waiting for Redis just stops.
    const stop = () => store.close().finally(() => process.exit(0));
    process.once('SIGTERM', stop).once('SIGINT', stop);
    // Until Redis answers or the first attempt failed: the demo then listens either way. While
    // Redis is down, what needs it answers 503 (with Retry-After) and the client keeps retrying
    // in the background (the outage is reported once).
    await store.connect();
    process.off('SIGTERM', stop).off('SIGINT', stop);
  }

  const app = createApp({ store, secret: env.SESSION_SECRET, trustProxy: trustProxy(env.TRUST_PROXY), rateLimit: { limit: rateLimit } });
  const server = app.listen(port, host, (err) => {
    if (err) {
      if (err.code === 'EADDRINUSE') fail(`port ${port} is in use; set PORT to another port (PORT=${port < 65535 ? port + 1 : 0} npm start)`);
      if (err.code === 'EACCES') fail(`no permission to listen on port ${port}; set PORT to a port above 1023 (PORT=3000 npm start)`);
      if (err.code === 'ENOTFOUND' || err.code === 'EADDRNOTAVAIL' || err.code === 'EAI_AGAIN') {
        fail(`cannot listen on host "${host}" (${err.code}); set HOST to an address of this machine (HOST=localhost npm start)`);
      }
      fail(`could not start: ${err.message}`);
    }
    const shown = host.includes(':') ? `[${host}]` : host;
    console.log(`webfw demo listening on http://${shown}:${server.address().port}`);
    if (store.kind === 'redis') console.log('webfw demo: notes, sessions and rate limits are in Redis');
  });

  gracefulShutdown(server, { delayMs, timeoutMs, readiness: store.status, onClose: store.close });
}

main().catch((err) => fail(`could not start: ${err.message}`));
