'use strict';
/**
 * Where the demo keeps its state: the notes, the sessions and the rate-limit counters.
 *
 * - `createMemoryStore()`: in process memory (the default, nothing to install): a NoteStore,
 *   express-session's MemoryStore and express-rate-limit's MemoryStore. One instance only.
 * - `createRedisStore(url)`: in Redis, so any number of instances serve the same data: the
 *   notes in a hash (redis-notes.js), the sessions through connect-redis, the counters through
 *   rate-limit-redis, all on one node-redis client, each library set up as its README shows.
 *
 * Both return the same shape: `{ kind, notes, sessionStore, createRateLimitStore(),
 * isUnavailable(err), status(), connect(), close() }`. When Redis is unreachable, commands fail
 * at once (`disableOfflineQueue`: no request waits for a reconnection), `isUnavailable(err)`
 * tells the app that such an error means "503, try again", and the client keeps reconnecting
 * in the background, so the instance serves again as soon as Redis is back.
 */
const { NoteStore } = require('./notes');

/** The in-memory store: state lives and dies with this process. */
function createMemoryStore() {
  return {
    kind: 'memory',
    notes: new NoteStore(),
    sessionStore: undefined, // express-session's own MemoryStore
    createRateLimitStore: () => undefined, // express-rate-limit's own MemoryStore
    isUnavailable: () => false,
    status: () => ({ store: 'memory' }),
    connect: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * The Redis store on `url` (`redis://[[user]:password@]host[:port][/db]`). Keys start with
 * `prefix` (`demo:`): `demo:notes`, `demo:notes:last-id`, `demo:sess:<id>`, `demo:rl:<client>`.
 * `log` receives one line when Redis becomes unreachable and one when it is back (default:
 * stderr and stdout). `connect()` resolves once Redis answers or the first attempt failed; the
 * client keeps retrying, and until Redis answers what needs it fails as unavailable (503); the
 * rate limiter loads its scripts on its first request once Redis is there.
 */
function createRedisStore(url, { prefix = 'demo:', log = defaultLog } = {}) {
  // Loaded here, so the in-memory default needs none of the Redis libraries.
  const { createClient, ...redis } = require('redis');
  const { RedisStore: SessionRedisStore } = require('connect-redis');
  const RateLimitRedisStore = lateScripts(require('rate-limit-redis').RedisStore);
  const { RedisNoteStore } = require('./redis-notes');

  const client = createClient({ url, disableOfflineQueue: true });
  const where = redisAddress(url);
  let down = false;

  // node-redis emits 'error' on every failed (re)connection attempt: without a listener the
  // process would crash. Report the outage once, and the recovery once.
  client.on('error', (err) => {
    if (down) return;
    down = true;
    log.error(`webfw demo: Redis at ${where} is unavailable (${err.code || err.message}); requests that need it get 503 until it is back`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`webfw demo: Redis at ${where} is back`);
  });

  // Errors that mean "Redis cannot be reached right now", as opposed to a bug.
  const unavailable = [
    redis.ClientOfflineError,
    redis.ClientClosedError,
    redis.SocketClosedUnexpectedlyError,
    redis.ConnectionTimeoutError,
    redis.SocketTimeoutError,
    redis.TimeoutError,
    redis.ReconnectStrategyError,
  ].filter(Boolean);

  return {
    kind: 'redis',
    client,
    notes: new RedisNoteStore(client, prefix),
    sessionStore: new SessionRedisStore({ client, prefix: `${prefix}sess:` }),
    // One per rate limiter (express-rate-limit refuses a store shared by two limiters).
    createRateLimitStore: () => new RateLimitRedisStore({ sendCommand: (...args) => client.sendCommand(args), prefix: `${prefix}rl:` }),
    isUnavailable: (err) => unavailable.some((type) => err instanceof type) || (err instanceof Error && !client.isReady && isConnectionError(err)),
    status: () => ({ store: 'redis', redis: client.isReady ? 'ready' : 'reconnecting' }),
    // Resolves once Redis answers, or once the first attempt to reach it failed (the client
    // then keeps retrying in the background): an app can start serving either way.
    connect: () =>
      new Promise((resolve) => {
        const settled = () => {
          client.off('ready', settled).off('error', settled);
          resolve();
        };
        client.on('ready', settled).on('error', settled);
        client.connect().catch(() => undefined); // rejects only when the store is closed first
      }),
    close: () => (client.isOpen ? client.close() : Promise.resolve()),
  };
}

/**
 * rate-limit-redis' store, made to start while Redis is down: it loads its Lua scripts when the
 * rate limiter is created, and a load that failed then would fail every later request, Redis
 * back or not (it reloads them only on `NOSCRIPT`). This one loads them again before the next
 * request whenever the last load failed; that request fails as unavailable while Redis is.
 */
function lateScripts(RedisStore) {
  return class RateLimitRedisStore extends RedisStore {
    init(options) {
      this.options = options;
      this.loading = super.init(options).catch(() => (this.loading = undefined));
    }
    async increment(key) {
      await this.loadScripts();
      return super.increment(key);
    }
    async get(key) {
      await this.loadScripts();
      return super.get(key);
    }
    loadScripts() {
      if (this.loading === undefined) {
        this.loading = super.init(this.options).catch((err) => {
          this.loading = undefined;
          throw err;
        });
      }
      return this.loading;
    }
  };
}

/** Socket-level error codes (a refused or reset connection) seen while the client is not ready. */
function isConnectionError(err) {
  return ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(err.code);
}

/** host:port of a Redis URL, without the credentials it may carry (for log lines). */
function redisAddress(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 6379}`;
  } catch {
    return 'the REDIS_URL address';
  }
}

const defaultLog = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
};

/** The store the environment asks for: Redis when `REDIS_URL` is set, else memory. */
function createStore(env = process.env, options = {}) {
  return env.REDIS_URL ? createRedisStore(env.REDIS_URL, options) : createMemoryStore();
}

module.exports = { createStore, createMemoryStore, createRedisStore };
