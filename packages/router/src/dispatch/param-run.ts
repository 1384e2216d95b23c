import type { Layer } from '../layer';
import { forwardRejection } from '../utils/promise';
import { isTracing, traceParam } from '../tracing';
import type { RouterRun } from './router-run';
import type { AnyHandler, NextFunction } from '../types';

/** What a `router.param` callback left for one parameter during one request. */
export interface ParamCalled {
  error: unknown;
  match: unknown;
  value: unknown;
}

type ParamCallback = (req: unknown, res: unknown, next: NextFunction, value: unknown, name: string) => unknown;

/** Whether any of a matched layer's parameter `names` has `router.param` callbacks in `table`. */
export function hasParamCallbacks(table: Record<string, AnyHandler[] | undefined>, names: readonly string[]): boolean {
  for (let i = 0; i < names.length; i++) if (table[names[i]!] !== undefined) return true;
  return false;
}

/**
 * Running the `router.param` callbacks of one matched layer (made only when it has some), then
 * the layer: router 2.x's `processParams`. Each match gets its own: a callback's `next` called again later continues this
 * match's callbacks from where they are, as in router 2.x, whatever the walk did meanwhile.
 */
export class ParamRun {
  private idx = 0;
  private key = '';
  private value: unknown = undefined;
  private callbacks: AnyHandler[] = [];
  private cbIdx = 0;
  private called: ParamCalled | undefined = undefined;
  /** The `next` each param callback receives: the next callback, or the next parameter. */
  readonly next: NextFunction = (err?: unknown): void => this.callback(err);

  constructor(
    private readonly run: RouterRun,
    private readonly layer: Layer,
    private readonly layerError: unknown,
    private readonly names: readonly string[],
    private readonly layerPath: string,
    private readonly path: string,
    private readonly matched: Record<string, unknown>,
  ) {}

  /** Moves to the next parameter of the layer that has callbacks; after the last, on to the layer. */
  param(err: unknown): void {
    if (err) {
      this.done(err);
      return;
    }
    const run = this.run;
    const names = this.names;
    const params = this.params();
    const table = run.router.params;
    for (;;) {
      if (this.idx >= names.length) {
        this.done(undefined);
        return;
      }
      const key = names[this.idx++]!;
      const value = params[key];
      const callbacks = table[key];
      if (value === undefined || callbacks === undefined) continue;
      const seen = run.paramsCalled();
      const called = seen[key];
      if (called !== undefined && (called.match === value || (called.error && called.error !== 'route'))) {
        // Already run for this value in this request (or failed): reuse the outcome.
        params[key] = called.value;
        if (called.error) {
          this.done(called.error);
          return;
        }
        continue;
      }
      const record: ParamCalled = { error: null, match: value, value };
      seen[key] = record;
      this.key = key;
      this.value = value;
      this.callbacks = callbacks;
      this.cbIdx = 0;
      this.called = record;
      this.callback(undefined);
      return;
    }
  }

  /**
   * `req.params` as it is now. Once the walk has ended its callback restored the caller's
   * `req.params` (undefined on a bare request); a callback's `next` called after that reads the
   * params of its own match instead of throwing inside the router, where router 2.x throws.
   */
  private params(): Record<string, unknown> {
    const params = this.run.req.params as Record<string, unknown> | undefined;
    return params !== null && typeof params === 'object' ? params : this.matched;
  }

  /** After the last parameter (or an error): on to the layer. */
  private done(err: unknown): void {
    this.run.afterParams(this.layer, this.layerError, this.layerPath, this.path, err);
  }

  /** Runs the next callback for the current parameter (the `next` of the previous one). */
  private callback(err: unknown): void {
    const fn = this.callbacks[this.cbIdx++] as ParamCallback | undefined;
    const record = this.called!;
    const req = this.run.req;
    record.value = this.params()[this.key];
    if (err) {
      record.error = err;
      this.param(err);
      return;
    }
    if (fn === undefined) {
      this.param(undefined);
      return;
    }
    const next = this.next;
    if (isTracing()) {
      traceParam(this.layer, fn, req, this.run.res, next, this.value, this.key);
      return;
    }
    try {
      forwardRejection(fn(req, this.run.res, next, this.value, this.key), next, 'parameters');
    } catch (e) {
      next(e);
    }
  }
}
