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
 * entries (it loads `/v4` too, once).
 */
import dc, { type TracingChannel } from 'node:diagnostics_channel';
import path from 'node:path';
import { createRequire } from 'node:module';
import { loadEntry, probeRouter, type EntryName } from './webfw-entries';

/** One of Sentry's express/router hooks. */
export interface Hook {
  /** The webfw entry whose objects carry the method ('main': 5.x, router 2; 'v4': express 4). */
  entry: EntryName;
  module: 'router' | 'express';
  file: string;
  method: string;
  kind: 'Callback' | 'Sync';
  /** The channel it publishes on: `orchestrion:<module>:<channel>`. */
  channel: 'handle' | 'register';
}

/**
 * Sentry's express/router hooks, as its `@sentry/server-utils/orchestrion/config` declares them
 * (module, file, method, kind), and the channel each publishes on.
 */
export const HOOKS: Hook[] = [
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

/** The context the transform publishes for a call. */
interface CallContext {
  arguments: unknown[];
  self: unknown;
  moduleVersion: string;
  result?: unknown;
  error?: unknown;
}
type Channel = TracingChannel<unknown, CallContext>;
interface Publisher {
  ch: Channel;
  moduleVersion: string;
}
type Method = (this: unknown, ...args: unknown[]) => unknown;

/** What a hook publishes on: its `TracingChannel` (`orchestrion:<module>:<channel>`, as the transform names it) and `moduleVersion`. */
function publisher(hook: Hook): Publisher {
  return { ch: dc.tracingChannel<unknown, CallContext>(`orchestrion:${hook.module}:${hook.channel}`), moduleVersion: MODULE_VERSION[hook.module] };
}

function hasSubscribers(ch: Channel): boolean {
  return ch.start.hasSubscribers || ch.end.hasSubscribers || ch.asyncStart.hasSubscribers || ch.asyncEnd.hasSubscribers || ch.error.hasSubscribers;
}

/** Replaces `target[name]` by `make(original)`, once, keeping the function's name and length. */
function wrap(target: Record<string, unknown>, name: string, make: (original: Method) => Method): void {
  const original = target[name];
  if (typeof original !== 'function' || (original as { [WRAPPED]?: unknown })[WRAPPED]) return;
  const wrapped = make(original as Method);
  Object.defineProperty(wrapped, 'name', { value: original.name, configurable: true });
  Object.defineProperty(wrapped, 'length', { value: original.length, configurable: true });
  Object.defineProperty(wrapped, WRAPPED, { value: original });
  target[name] = wrapped;
}

/**
 * Runs `call` as the transform publishes a call: `start` around it (the stores bound to it apply
 * while it runs), `error` for a throw, `end` when it returns. `keepResult`: the return value is
 * the context's `result` (a `Sync` call's; a `Callback` call's result is what `next` gets).
 */
function publishCall(ch: Channel, ctx: CallContext, self: unknown, call: () => unknown, keepResult: boolean): unknown {
  return ch.start.runStores(ctx, () => {
    try {
      const result = call();
      if (keepResult) ctx.result = result;
      return result;
    } catch (err) {
      ctx.error = err;
      ch.error.publish(ctx);
      throw err;
    } finally {
      ctx.self ??= self;
      ch.end.publish(ctx);
    }
  });
}

/**
 * A layer's call as the transform's `Callback` kind publishes it (publishCall); the last
 * argument (`next`) wrapped: `error` when called with an error (`result` otherwise), then
 * `asyncStart` around the rest of the chain and `asyncEnd` after it. `pick(layer)` chooses the
 * publisher (the 5.x and 4.x entries share webfw's layer class).
 */
function traceCallback(pick: (layer: unknown) => Publisher) {
  return (original: Method): Method =>
    function (this: unknown, ...args: unknown[]) {
      const { ch, moduleVersion } = pick(this);
      if (!ch.start.hasSubscribers) return original.apply(this, args);
      const ctx: CallContext = { arguments: args, self: this, moduleVersion };
      const cb = args[args.length - 1];
      if (typeof cb !== 'function') return original.apply(this, args);
      args[args.length - 1] = function (this: unknown, err: unknown, res: unknown) {
        if (err) {
          ctx.error = err;
          ch.error.publish(ctx);
        } else {
          ctx.result = res;
        }
        ch.asyncStart.runStores(
          ctx,
          function (this: unknown, ...rest: unknown[]) {
            try {
              return cb.apply(this, rest);
            } finally {
              ch.asyncEnd.publish(ctx);
            }
          },
          this,
          // `next`'s own arguments, however many it was called with
          ...(arguments as unknown as unknown[]),
        );
      };
      return publishCall(ch, ctx, this, () => original.apply(this, args), false);
    };
}

/** A registration as the transform's `Sync` kind publishes it: `start`, the call (`result`), `error` for a throw, `end`. */
function traceSync({ ch, moduleVersion }: Publisher) {
  return (original: Method): Method =>
    function (this: unknown, ...args: unknown[]) {
      if (!hasSubscribers(ch)) return original.apply(this, args);
      const ctx: CallContext = { arguments: args, self: this, moduleVersion };
      return publishCall(ch, ctx, this, () => original.apply(this, args), true);
    };
}

/** The entries' objects: the layer class's prototype (shared by 5.x and /v4, @webfw/router's) and the entry's router prototype. */
function targets(entry: EntryName): { layer: Record<string, unknown>; router: Record<string, unknown> } {
  const router = probeRouter(loadEntry(entry));
  return { layer: router.stack[0]!.constructor.prototype, router: Object.getPrototypeOf(router) };
}

type Announce = (name: string) => void;

/**
 * The installed SDK's `orchestrionModuleInjected(name)` (what the code its bundler plugin
 * transformed calls when it loads: the module is marked injected, and a running client is told,
 * so its integration subscribes), from the @sentry/node the app has; else the same two steps
 * here (the marker alone serves a line run before `Sentry.init()`).
 */
let announce: Announce | undefined;
function announcer(): Announce {
  announce ??= findAnnouncer();
  return announce;
}

function findAnnouncer(): Announce {
  const froms = [__filename, require.main && require.main.filename, process.argv[1], path.join(process.cwd(), 'index.js')];
  for (const from of froms) {
    if (!from) continue;
    let sentry: string;
    try {
      sentry = createRequire(from).resolve('@sentry/node');
    } catch {
      continue; // not from here: the next place
    }
    try {
      const { orchestrionModuleInjected } = createRequire(sentry)('@sentry/server-utils') as { orchestrionModuleInjected?: unknown };
      if (typeof orchestrionModuleInjected === 'function') return orchestrionModuleInjected as Announce;
    } catch {
      // an SDK without it: its marker and client hook, below
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the app's SDK, by its resolved path
    const { getClient } = require(sentry) as { getClient(): { emit(event: string, name: string): void } | undefined };
    return (name) => {
      mark(name);
      const client = getClient();
      if (client) client.emit('orchestrion.module-injected', name);
    };
  }
  return mark;
}

/** Marks `name` injected where Sentry's runtime reads it (`globalThis.__SENTRY_ORCHESTRION__.bundler`). */
function mark(name: string): void {
  const global = globalThis as { __SENTRY_ORCHESTRION__?: { bundler?: unknown } };
  const marker = (global.__SENTRY_ORCHESTRION__ ??= {});
  if (marker.bundler === undefined || marker.bundler instanceof Set) ((marker.bundler ??= new Set()) as Set<string>).add(name);
}

const done = new Set<EntryName>();

/**
 * Publishes Sentry's express/router channels from a webfw entry's objects ('main': the 5.x
 * entry, router 2's hooks; 'v4': express 4's) and announces the module to Sentry. Idempotent;
 * the module runs it for both entries when loaded.
 */
export function instrument(entry: EntryName = 'main'): void {
  if (done.has(entry)) return;
  done.add(entry);
  const { layer, router } = targets(entry);
  const hooks = HOOKS.filter((h) => h.entry === entry);
  const handle = (e: EntryName) => publisher(HOOKS.find((h) => h.entry === e && h.kind === 'Callback')!);
  const main = handle('main');
  const v4 = handle('v4');
  // one layer class for both entries: a 4.x layer carries express 4's own `handle_request`
  wrap(
    layer,
    'handleRequest',
    traceCallback((l) => (Object.prototype.hasOwnProperty.call(l, 'handle_request') ? v4 : main)),
  );
  for (const hook of hooks) if (hook.kind === 'Sync') wrap(router, hook.method, traceSync(publisher(hook)));
  announcer()(hooks[0]!.module);
}

instrument('main');
instrument('v4');
