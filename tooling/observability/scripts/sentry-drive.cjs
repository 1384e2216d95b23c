'use strict';
/**
 * Drives an app under Sentry and writes what Sentry would have sent, normalised
 * (./sentry-normalise.cjs). Preloaded with `--require` ahead of the app (which is run as
 * written: its `instrument` file first, or `--import ./instrument.mjs`):
 *
 *   WEBFW_SENTRY_OUT=out.json WEBFW_SENTRY_REQUESTS='[["GET","/a"]]' \
 *     node --require sentry-drive.cjs [--import ./instrument.mjs] app.js
 *
 * The app's `listen(...)` listens on 127.0.0.1, on a free port; once it listens, the requests
 * are sent one after the other (`[method, path, body?]`, a body as JSON), Sentry is flushed,
 * and `{ answers, spans, errors }` is written. Nothing leaves the process: the Sentry client's
 * transport (the `dsn` may name 127.0.0.1) is replaced by one that keeps the envelopes.
 */
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { createRequire } = require('node:module');
const { normalise } = require('./sentry-normalise.cjs');

const out = process.env.WEBFW_SENTRY_OUT;
const requests = JSON.parse(process.env.WEBFW_SENTRY_REQUESTS || '[]');

const watchdog = setTimeout(() => {
  process.stderr.write('sentry-drive: no answer in 30 s\n');
  process.exit(3);
}, 30000);
watchdog.unref();

const listen = net.Server.prototype.listen;
let driven = false;
net.Server.prototype.listen = function (...args) {
  if (driven || typeof this.address !== 'function' || !('timeout' in this)) return listen.apply(this, args);
  driven = true;
  const callback = typeof args[args.length - 1] === 'function' ? args[args.length - 1] : undefined;
  this.once('listening', () => drive(this).catch(fail));
  return callback ? listen.call(this, 0, '127.0.0.1', callback) : listen.call(this, 0, '127.0.0.1');
};

function fail(error) {
  process.stderr.write(`sentry-drive: ${error && error.stack ? error.stack : error}\n`);
  process.exit(2);
}

async function drive(server) {
  const app = process.argv[1];
  const Sentry = createRequire(app)('@sentry/node');
  const client = Sentry.getClient();
  if (!client) throw new Error('Sentry is not initialised');
  const envelopes = [];
  client.getTransport().send = async (envelope) => {
    envelopes.push(envelope);
    return { statusCode: 200 };
  };
  const { port } = server.address();
  const answers = [];
  for (const [method, p, body] of requests) {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { method, body, headers: body ? { 'content-type': 'application/json' } : {} });
    answers.push(`${method} ${p} ${res.status} ${await res.text()}`);
  }
  await new Promise((resolve) => server.close(resolve));
  await Sentry.flush(5000);
  fs.writeFileSync(out, JSON.stringify({ app: path.basename(app), answers, ...normalise(envelopes) }, null, 1));
  process.exit(0);
}
