'use strict';
/**
 * Graceful shutdown and health checks for any webfw server, with @godaddy/terminus.
 *
 * On SIGTERM (or SIGINT):
 * 1. readiness turns unhealthy: `GET /ready` answers 503 `{"status":"shutting down"}`, and
 *    every response from now on (those in flight too) carries `Connection: close`, so proxies
 *    stop reusing their connections to this instance;
 *    the instance still serves everything else for `delayMs` (the time a load balancer needs
 *    to see the failing readiness check and stop sending new requests);
 * 2. the listener closes (new connections are refused: a proxy retries them elsewhere), idle
 *    keep-alive connections are closed, and the requests in flight finish; each connection
 *    closes once its last response is sent;
 * 3. after `timeoutMs`, whatever is still open is closed (the deadline);
 * 4. `onClose()` releases what the app holds (the Redis client), and the process exits 0.
 */
const { createTerminus } = require('@godaddy/terminus');

const defaultLog = {
  info: (line) => console.log(line),
  error: (line) => console.error(line),
};

/**
 * Makes `server` (an `http.Server`, before it receives requests) stop gracefully on SIGTERM
 * and SIGINT, and answer `GET /ready` with `{ status: 'ok', ...readiness() }` while it runs.
 * Options: `delayMs` (default 0), `timeoutMs` (default 10000), `readiness`, `onClose`, `log`
 * (`{ info, error }`, each taking one line). Returns the server.
 */
function gracefulShutdown(server, { delayMs = 0, timeoutMs = 10000, readiness = () => ({}), onClose = async () => undefined, log = defaultLog } = {}) {
  let draining = false;
  const inFlight = new Set(); // the responses not finished yet
  let deadline;

  createTerminus(server, {
    signals: ['SIGINT', 'SIGTERM'],
    useExit0: true,
    timeout: timeoutMs,
    healthChecks: { '/ready': async () => readiness(), verbatim: true },
    statusErrorResponse: { status: 'shutting down' },
    beforeShutdown: async () => {
      draining = true;
      for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      log.info(`webfw demo: shutting down: /ready answers 503; closing the listener in ${delayMs} ms`);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      // Set before terminus starts its own deadline timer (same duration), so it fires first.
      deadline = setTimeout(() => log.info(`webfw demo: deadline passed; closing ${inFlight.size} request(s) still running`), timeoutMs);
      deadline.unref();
    },
    onSignal: () => onClose(),
    onShutdown: async () => {
      clearTimeout(deadline);
      log.info('webfw demo: every connection closed; exiting');
    },
    logger: (message, err) => log.error(`webfw demo: ${message}: ${(err && err.message) || err}`),
  });

  // terminus closes the listener (server.close) once beforeShutdown resolved: report it then.
  const closeListener = server.close;
  server.close = function close(...args) {
    const result = closeListener.apply(this, args);
    if (draining) log.info(`webfw demo: stopped accepting connections; finishing ${inFlight.size} request(s) in flight (deadline ${timeoutMs} ms)`);
    return result;
  };

  // Runs before the app (and terminus' /ready): while draining, no connection is kept alive.
  server.prependListener('request', (req, res) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    if (draining) res.setHeader('Connection', 'close');
  });

  return server;
}

module.exports = { gracefulShutdown };
