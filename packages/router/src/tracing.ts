import dc from 'node:diagnostics_channel';
import { isPromise, warnIfNotNative, type Thenable } from './utils/promise';
import type { NextFunction } from './types';

/**
 * The router's work published on `node:diagnostics_channel`, as router 2.3 publishes it: the
 * `TracingChannel` named `express.router.request` around every middleware, route callback,
 * error handler and `router.param` callback (`start`, `end`, `asyncStart`, `asyncEnd`, `error`),
 * so a subscriber written for express 5 sees a webfw app the same, with no module patching.
 *
 * The context of each invocation (`TraceContext`) holds `req`, `res`, `layer`, `handler`,
 * `route` (the matched path pattern), `param` (parameter callbacks), `incomingError` and
 * `errorHandler` (error handlers), and, as the invocation goes, `result` and `error`. An error
 * is published once, where it originates (`next(err)`, a throw, a rejection); a routing signal
 * (`'route'`, `'router'`) is not an error. Nothing is allocated or published while nothing
 * subscribes: the router asks `isTracing()` before each invocation.
 */

/** What a subscriber receives for one invocation (router 2.3's tracing context). */
export interface TraceContext {
  req: unknown;
  res: unknown;
  /** The error an error handler received (error handlers only). */
  incomingError?: unknown;
  /** The router's layer being run (for a parameter callback, the layer whose parameter it is). */
  layer: unknown;
  /** The function being invoked: the handler, or the `router.param` callback. */
  handler: unknown;
  /** The path pattern that matched: the route's, or the middleware's mount path. */
  route: unknown;
  /** The parameter name (parameter callbacks only). */
  param?: string;
  /** True for an error handler (four parameters). */
  errorHandler?: true;
  /** What the invocation returned (a promise's resolved value); unset when it threw or rejected. */
  result?: unknown;
  /** The error the invocation reported: `next(err)`, a throw, or a rejection. */
  error?: unknown;
}

/** The channel, or undefined where the runtime has no `tracingChannel` (before Node 19.9). */
export const requestChannel = typeof dc.tracingChannel === 'function' ? dc.tracingChannel<unknown, TraceContext>('express.router.request') : undefined;

const start = requestChannel?.start;
const end = requestChannel?.end;
const asyncStart = requestChannel?.asyncStart;
const asyncEnd = requestChannel?.asyncEnd;
const error = requestChannel?.error;

/**
 * Whether anything subscribes to one of the channel's events (read per invocation, so a
 * subscriber attached while the app runs sees the next invocation). `TracingChannel`'s own
 * `hasSubscribers` is missing before Node 20.13, so each event is asked.
 */
export function isTracing(): boolean {
  return (
    start !== undefined && (start.hasSubscribers || end!.hasSubscribers || asyncStart!.hasSubscribers || asyncEnd!.hasSubscribers || error!.hasSubscribers)
  );
}

/**
 * The request property holding the pattern of the layer the router matched last (the context's
 * `route`), set while something subscribes and restored when the router is left. Private to
 * this copy of the router.
 */
export const matchedRoute: unique symbol = Symbol('webfw.router.matchedRoute');

/**
 * The errors already reported in a request (a `Set` on the request). The symbol is router
 * 2.3's registered one, so an error reported by a copy of `router` mounted in a webfw app (or
 * the other way round) is not reported again.
 */
const seenErrors = Symbol.for('router.tracing.publishedErrors');

interface TracedRequest {
  [seenErrors]?: Set<unknown>;
}

function isRoutingSignal(err: unknown): boolean {
  return err === 'route' || err === 'router';
}

/**
 * Notes that `err` has been reported in the request `req`: true the first time, false when it
 * was noted before or is not an error (falsy, or a routing signal). The router notes every error
 * passed to its `next`, traced or not, so that a layer it reaches later never claims it.
 */
export function recordError(req: unknown, err: unknown): boolean {
  if (!err || isRoutingSignal(err)) return false;
  const r = req as TracedRequest;
  let seen = r[seenErrors];
  if (seen === undefined) seen = r[seenErrors] = new Set();
  else if (seen.has(err)) return false;
  seen.add(err);
  return true;
}

/** Forgets `err` (an error handler dealt with it): reported again, it is a new failure. */
function forgetError(req: unknown, err: unknown): void {
  (req as TracedRequest)[seenErrors]?.delete(err);
}

/**
 * A throw or rejection, on the context: `error` unless already set (a rethrown error is not
 * published again, but the terminal event carries it); a routing signal thrown synchronously
 * finishes as `next('route')` and a return would.
 */
function recordThrown(ctx: TraceContext, err: unknown, sync: boolean): void {
  if (isRoutingSignal(err)) {
    if (sync) ctx.result = undefined;
    return;
  }
  if (!('error' in ctx)) ctx.error = err;
}

/**
 * The `next` the traced invocation receives: publishes `error` for an error reported here
 * first, then calls `next`. An error handler that passes on another error than the one it got
 * (or none) has dealt with the one it got.
 */
function tracedNext(ctx: TraceContext, next: NextFunction): NextFunction {
  if (ctx.errorHandler) recordError(ctx.req, ctx.incomingError);
  return function next_(err?: unknown): void {
    if (ctx.errorHandler && err !== ctx.incomingError) forgetError(ctx.req, ctx.incomingError);
    if (err && recordError(ctx.req, err)) {
      ctx.error = err;
      error!.publish(ctx);
    }
    next(err);
  };
}

/**
 * Publishes `end`. When the invocation returned a promise after reporting an error, `error` is
 * hidden during `end`: `result` or `error` set at `end` means nothing async follows.
 */
function publishEnd(ctx: TraceContext, async: boolean): void {
  if (!async || !('error' in ctx)) {
    end!.publish(ctx);
    return;
  }
  const reported = ctx.error;
  delete ctx.error;
  end!.publish(ctx);
  ctx.error = reported;
}

/** Publishes `asyncStart` (with its bound stores applied) and within it `asyncEnd`. */
function publishAsyncEnd(ctx: TraceContext): void {
  asyncStart!.runStores(ctx, () => asyncEnd!.publish(ctx));
}

/**
 * Runs a layer's handler inside the channel: `start` (stores bound to it apply while the
 * handler runs), the call through `invoke(next)`, `end`, and for a returned promise
 * `asyncStart`/`asyncEnd` when it settles. Routing is as untraced: a throw or a rejection
 * (`Error('Rejected promise')` for a falsy reason) goes to `next`; a thenable that is not a
 * native Promise prints router 2's deprecation.
 */
function runTraced(ctx: TraceContext, next: NextFunction, invoke: (next: NextFunction) => unknown): void {
  const traced = tracedNext(ctx, next);
  let settled = false;
  const rejected = (err: unknown): void => {
    traced(err);
    if (settled) return;
    settled = true;
    recordThrown(ctx, err, false);
    publishAsyncEnd(ctx);
  };
  start!.runStores(ctx, () => {
    let promise: Thenable | undefined;
    try {
      const ret = invoke(traced);
      if (isPromise(ret)) {
        warnIfNotNative(ret, 'handlers');
        promise = ret;
      } else {
        ctx.result = ret;
      }
    } catch (err) {
      traced(err);
      recordThrown(ctx, err, true);
      publishEnd(ctx, false);
      return;
    }
    publishEnd(ctx, promise !== undefined);
    if (promise === undefined) return;
    try {
      promise.then(
        (value) => {
          if (settled) return;
          settled = true;
          ctx.result = value;
          publishAsyncEnd(ctx);
        },
        (reason) => rejected(reason || new Error('Rejected promise')),
      );
    } catch (err) {
      rejected(err);
    }
  });
}

type RequestCallable = (req: unknown, res: unknown, next: NextFunction) => unknown;
type ErrorCallable = (err: unknown, req: unknown, res: unknown, next: NextFunction) => unknown;
type ParamCallable = (req: unknown, res: unknown, next: NextFunction, value: unknown, name: string) => unknown;

/** Calls a request handler `fn(req, res, next)` of `layer` inside the channel (see `runTraced`). */
export function traceRequest(layer: unknown, fn: RequestCallable, req: unknown, res: unknown, next: NextFunction): void {
  const ctx: TraceContext = { req, res, layer, handler: fn, route: (req as { [matchedRoute]?: unknown })[matchedRoute] };
  runTraced(ctx, next, (traced) => fn(req, res, traced));
}

/** Calls an error handler `fn(err, req, res, next)` of `layer` inside the channel (see `runTraced`). */
export function traceError(layer: unknown, fn: ErrorCallable, err: unknown, req: unknown, res: unknown, next: NextFunction): void {
  const ctx: TraceContext = {
    req,
    res,
    incomingError: err,
    layer,
    handler: fn,
    route: (req as { [matchedRoute]?: unknown })[matchedRoute],
    errorHandler: true,
  };
  runTraced(ctx, next, (traced) => fn(err, req, res, traced));
}

/**
 * Calls a `router.param` callback `fn(req, res, next, value, name)` for `layer`'s parameter
 * `name` inside the channel. Routing is as untraced (a throw or rejection goes to `next`; a
 * resolved promise does not call it); `asyncStart`/`asyncEnd` follow `end` when a returned
 * promise settles, even one that settled before `end`.
 */
export function traceParam(layer: unknown, fn: ParamCallable, req: unknown, res: unknown, next: NextFunction, value: unknown, name: string): void {
  const ctx: TraceContext = { req, res, layer, handler: fn, route: (req as { [matchedRoute]?: unknown })[matchedRoute], param: name };
  const traced = tracedNext(ctx, next);
  let async = false;
  let ended = false;
  let settled = false;
  let early: (() => void) | undefined;
  const finish = (outcome: unknown, rejected: boolean): void => {
    if (!rejected) ctx.result = outcome;
    else recordThrown(ctx, outcome, false);
    publishAsyncEnd(ctx);
  };
  const settle = (outcome: unknown, rejected: boolean): void => {
    if (settled) return;
    settled = true;
    if (ended) finish(outcome, rejected);
    else early = () => finish(outcome, rejected);
  };
  const reject = (reason: unknown): void => {
    traced(reason);
    settle(reason, true);
  };
  start!.runStores(ctx, () => {
    try {
      let ret: unknown;
      try {
        ret = fn(req, res, traced, value, name);
      } catch (err) {
        recordThrown(ctx, err, true);
        throw err;
      }
      if (isPromise(ret)) {
        async = true;
        warnIfNotNative(ret, 'parameters');
        try {
          ret.then(
            (resolved) => settle(resolved, false),
            (reason) => reject(reason || new Error('Rejected promise')),
          );
        } catch (err) {
          reject(err);
        }
      } else {
        ctx.result = ret;
      }
    } catch (err) {
      traced(err);
    } finally {
      publishEnd(ctx, async);
      ended = true;
      if (early !== undefined) early();
    }
  });
}
