'use strict';
/**
 * webfw under Sentry's node SDK (@sentry/node 11): one line beside Sentry's documented setup,
 * CommonJS or ES module, before or after `Sentry.init()`:
 *
 *   require('@webfw/core/instrumentation/sentry.cjs'); // or: import '@webfw/core/instrumentation/sentry.cjs';
 *
 * It covers the 5.x entry and `/v4`, whichever name the app imports webfw by (`@webfw/core`, or
 * `express` aliased to it).
 *
 * How Sentry traces express: its runtime hook rewrites the source of `router` 2.x
 * (`lib/layer.js` `Layer.prototype.handleRequest`, `index.js` `route`/`use`) and of express 4
 * (`lib/router/layer.js` `handle_request`, `lib/router/index.js` `route`/`use`) so that each
 * call is published on a `TracingChannel` (`orchestrion:router:handle`/`:register`,
 * `orchestrion:express:handle`/`:register`) with the context `{ arguments, self, moduleVersion }`
 * (the apm-js-collab code transformer's shape: `Callback` for a layer's call, `next` ending it;
 * `Sync` for a registration). Its express integration subscribes to those channels once one of
 * the two modules is announced as injected, and makes the spans, names, `http.route` and error
 * events from what it reads there. webfw's files are not router's, so nothing is rewritten.
 *
 * This module publishes the same events from webfw's own methods, the same methods express
 * has (the layers' `handleRequest`, the routers' `route` and `use`), nothing published while
 * nothing subscribes, and announces the modules as Sentry's bundler plugin announces a module
 * it transformed (`orchestrionModuleInjected` of the installed SDK). Every span, name and
 * attribute is then Sentry's own, made by its current subscriber: nothing of its logic is
 * copied here. What it depends on is what the transform publishes (the table below, which the
 * tests compare with the installed SDK's own declarations). Loading it instruments both
 * entries (it loads `/v4` too: a few milliseconds, once).
 */
const dc = require('node:diagnostics_channel');
const path = require('node:path');
const { createRequire } = require('node:module');

/**
 * Sentry's express/router hooks, as its `@sentry/server-utils/orchestrion/config` declares them
 * (module, file, method, kind), and the channel each publishes on (`orchestrion:<module>:<channel>`).
 * `entry`: the webfw entry whose objects carry the method ('main': 5.x, router 2; 'v4': express 4).
 */
const HOOKS = [
  { entry: 'main', module: 'router', file: 'lib/layer.js', method: 'handleRequest', kind: 'Callback', channel: 'handle' },
  { entry: 'main', module: 'router', file: 'index.js', method: 'route', kind: 'Sync', channel: 'register' },
  { entry: 'main', module: 'router', file: 'index.js', method: 'use', kind: 'Sync', channel: 'register' },
  { entry: 'v4', module: 'express', file: 'lib/router/layer.js', method: 'handle_request', kind: 'Callback', channel: 'handle' },
  { entry: 'v4', module: 'express', file: 'lib/router/index.js', method: 'route', kind: 'Sync', channel: 'register' },
  { entry: 'v4', module: 'express', file: 'lib/router/index.js', method: 'use', kind: 'Sync', channel: 'register' },
];

/** The versions webfw's entries answer as, in the context's `moduleVersion` (router 2.3 for 5.x, express 4.22 for /v4). */
const MODULE_VERSION = { router: '2.3.0', express: '4.22.1' };

const WRAPPED = Symbol.for('webfw.sentry.wrapped');

/** What a hook publishes on: its `TracingChannel` (`orchestrion:<module>:<channel>`, as the transform names it) and `moduleVersion`. */
function publisher(hook) {
  return { ch: dc.tracingChannel(`orchestrion:${hook.module}:${hook.channel}`), moduleVersion: MODULE_VERSION[hook.module] };
}

function hasSubscribers(ch) {
  return ch.start.hasSubscribers || ch.end.hasSubscribers || ch.asyncStart.hasSubscribers || ch.asyncEnd.hasSubscribers || ch.error.hasSubscribers;
}

/** Replaces `target[name]` by `make(original)`, once, keeping the function's name and length. */
function wrap(target, name, make) {
  const original = target[name];
  if (typeof original !== 'function' || original[WRAPPED]) return;
  const wrapped = make(original);
  Object.defineProperty(wrapped, 'name', { value: original.name, configurable: true });
  Object.defineProperty(wrapped, 'length', { value: original.length, configurable: true });
  Object.defineProperty(wrapped, WRAPPED, { value: original });
  target[name] = wrapped;
}

/**
 * A layer's call as the transform's `Callback` kind publishes it: `start` around the call (the
 * stores bound to it apply while it runs), `end` when it returns, `error` for a throw; the last
 * argument (`next`) wrapped: `error` when called with an error (`result` otherwise), then
 * `asyncStart` around the rest of the chain and `asyncEnd` after it. `pick(layer)` chooses the
 * publisher (the 5.x and 4.x entries share webfw's layer class).
 */
function traceCallback(pick) {
  return (original) =>
    function (...args) {
      const { ch, moduleVersion } = pick(this);
      if (!ch.start.hasSubscribers) return original.apply(this, args);
      const ctx = { arguments: args, self: this, moduleVersion };
      const cb = args[args.length - 1];
      if (typeof cb !== 'function') return original.apply(this, args);
      args[args.length - 1] = function (err, res) {
        if (err) {
          ctx.error = err;
          ch.error.publish(ctx);
        } else {
          ctx.result = res;
        }
        ch.asyncStart.runStores(
          ctx,
          function () {
            try {
              return cb.apply(this, arguments);
            } finally {
              ch.asyncEnd.publish(ctx);
            }
          },
          this,
          ...arguments,
        );
      };
      return ch.start.runStores(ctx, () => {
        try {
          return original.apply(this, args);
        } catch (err) {
          ctx.error = err;
          ch.error.publish(ctx);
          throw err;
        } finally {
          ctx.self ??= this;
          ch.end.publish(ctx);
        }
      });
    };
}

/** A registration as the transform's `Sync` kind publishes it: `start`, the call (`result`), `error` for a throw, `end`. */
function traceSync({ ch, moduleVersion }) {
  return (original) =>
    function (...args) {
      if (!hasSubscribers(ch)) return original.apply(this, args);
      const ctx = { arguments: args, self: this, moduleVersion };
      return ch.start.runStores(ctx, () => {
        try {
          ctx.result = original.apply(this, args);
        } catch (err) {
          ctx.error = err;
          ch.error.publish(ctx);
          throw err;
        } finally {
          ctx.self ??= this;
          ch.end.publish(ctx);
        }
        return ctx.result;
      });
    };
}

/** The entries' objects: the layer class (shared by 5.x and /v4, @webfw/router's) and each entry's router prototype. */
function targets(entry) {
  const core = require(entry === 'v4' ? '../dist/v4.cjs' : '../dist/index.cjs');
  const router = core.Router();
  router.use(function probe() {});
  return { layer: router.stack[0].constructor.prototype, router: Object.getPrototypeOf(router) };
}

/**
 * The installed SDK's `orchestrionModuleInjected(name)` (what the code its bundler plugin
 * transformed calls when it loads: the module is marked injected, and a running client is told,
 * so its integration subscribes), from the @sentry/node the app has; else the same two steps
 * here (the marker alone serves a line run before `Sentry.init()`).
 */
let announce;
function announcer() {
  announce ??= findAnnouncer();
  return announce;
}

function findAnnouncer() {
  const froms = [__filename, require.main && require.main.filename, process.argv[1], path.join(process.cwd(), 'index.js')];
  for (const from of froms) {
    if (!from) continue;
    let sentry;
    try {
      sentry = createRequire(from).resolve('@sentry/node');
    } catch {
      continue; // not from here: the next place
    }
    try {
      const { orchestrionModuleInjected } = createRequire(sentry)('@sentry/server-utils');
      if (typeof orchestrionModuleInjected === 'function') return orchestrionModuleInjected;
    } catch {
      // an SDK without it: its marker and client hook, below
    }
    const { getClient } = require(sentry);
    return (name) => {
      mark(name);
      const client = getClient();
      if (client) client.emit('orchestrion.module-injected', name);
    };
  }
  return mark;
}

function mark(name) {
  const marker = (globalThis.__SENTRY_ORCHESTRION__ ??= {});
  if (marker.bundler === undefined || marker.bundler instanceof Set) (marker.bundler ??= new Set()).add(name);
}

const done = new Set();

/**
 * Publishes Sentry's express/router channels from a webfw entry's objects ('main': the 5.x
 * entry, router 2's hooks; 'v4': express 4's) and announces the module to Sentry. Idempotent;
 * the module runs it for both entries when loaded.
 */
function instrument(entry = 'main') {
  if (done.has(entry)) return;
  done.add(entry);
  const { layer, router } = targets(entry);
  const hooks = HOOKS.filter((h) => h.entry === entry);
  const handle = (e) => publisher(HOOKS.find((h) => h.entry === e && h.kind === 'Callback'));
  const main = handle('main');
  const v4 = handle('v4');
  // one layer class for both entries: a 4.x layer carries express 4's own `handle_request`
  wrap(
    layer,
    'handleRequest',
    traceCallback((l) => (Object.prototype.hasOwnProperty.call(l, 'handle_request') ? v4 : main)),
  );
  for (const hook of hooks) if (hook.kind === 'Sync') wrap(router, hook.method, traceSync(publisher(hook)));
  announcer()(hooks[0].module);
}

instrument('main');
instrument('v4');

module.exports = { instrument, HOOKS };
