/**
 * The (e) ablation: webfw's hello app with one piece of the logger's per-request work added
 * at a time, so each piece's cost can be measured alone (see logger-instructions.sh).
 * Variants (argv[2]):
 *   none      no middleware
 *   empty     an empty middleware (the router step every middleware costs)
 *   stamps    + morgan's request fields: req._startAt (hrtime), req._startTime (Date), req._remoteAddress
 *   hook      + a writeHead hook recording res._startAt / res._startTime (what :response-time needs)
 *   close     + a `close` listener (what logging at the end of the response needs)
 *   full      @webfw/logger('combined') itself, writing to a null Writable (lines batched per turn)
 *   plain     the same logger writing to a plain `{ write }` object (one call per line, no stream)
 *   method    @webfw/logger(':method') to the null Writable: the shortest line
 */
import webfw from '@webfw/core';
import logger from '@webfw/logger';
import { announcePort, hello, nullStream } from '../servers/frameworks/common.mjs';

const variant = process.argv[2] ?? 'none';
const app = webfw();
const REPLACED = Symbol('replaced writeHead');
function noop() {}

function stamp(req) {
  req._startAt = process.hrtime();
  req._startTime = new Date();
  req._remoteAddress = req.ip;
}

function timedWriteHead() {
  if (this._startAt === undefined) {
    this._startAt = process.hrtime();
    this._startTime = new Date();
  }
  return this[REPLACED].apply(this, arguments);
}

function hook(res) {
  res[REPLACED] = res.writeHead;
  res.writeHead = timedWriteHead;
}

if (variant === 'empty') app.use((req, res, next) => next());
if (variant === 'stamps') app.use((req, res, next) => (stamp(req), next()));
if (variant === 'hook') app.use((req, res, next) => (stamp(req), hook(res), next()));
if (variant === 'close') app.use((req, res, next) => (stamp(req), hook(res), res.on('close', noop), next()));
if (variant === 'full') app.use(logger('combined', { stream: nullStream }));
if (variant === 'plain') app.use(logger('combined', { stream: { write: noop } }));
if (variant === 'method') app.use(logger(':method', { stream: nullStream }));
app.get('/', (req, res) => res.json(hello));
const server = app.listen(0, '127.0.0.1', () => announcePort(server.address().port));
