import type { IncomingMessage, ServerResponse } from 'node:http';
import { Router as Router5, routerRoute, routerUse } from '../router';
import type { Layer } from '../layer';
import type { RouterRequest, NextFunction, RouterOptions } from '../types';
import { RouterRun, type RouterState } from '../dispatch/router-run';
import { exposeLayer, RouteV4 } from './introspection';
import { compilePathV4 } from './path-syntax';
import type { RouterConstructor, Router as RouterV4 } from './types';

/**
 * 4.x: after a mounted middleware calls `next`, the slash the mount added in front of its
 * `req.url` is always removed, as router 1.x does, even when that middleware rewrote the URL
 * (5.x keeps the slash of a rewritten URL under a mount path without a trailing slash, so
 * `/foo` + a rewritten `/bar` is restored as `/foo/bar` there, `/foobar` here).
 */
export class RouterRunV4 extends RouterRun {
  protected override removeAddedSlash(url: string): string {
    return url.slice(1);
  }
}

/**
 * Creates a router 1.x router: the 5.x router (`@webfw/router`) whose layers compile their
 * paths with path-to-regexp 0.1 (./path-syntax.ts) and whose walk restores `req.url` as
 * router 1.x does ({@link RouterRunV4}). Works with and without `new`.
 */
function createRouter(options?: RouterOptions): RouterV4 {
  const router = Router5(options);
  Object.setPrototypeOf(router, proto);
  return router as unknown as RouterV4;
}

/** The 4.x prototype: the 5.x one, with the 4.x path compiler and walk. */
const proto = Object.create(Router5.prototype) as Record<string, unknown>;
createRouter.prototype = proto;
Object.defineProperty(proto, 'constructor', { value: createRouter, writable: true, configurable: true });
proto._compilePath = compilePathV4;
proto._Route = RouteV4;
/** The walk `handle` runs (not read by it): what a layer over this router extends (see {@link RouterRunV4}). */
Object.defineProperty(proto, '_Run', { value: RouterRunV4, writable: true, configurable: true });

/**
 * Runs the 5.x `method` and adds router 1.x's introspection fields to the layers it pushed.
 * `method` is the 5.x module's own function, not `Router.prototype`'s property: a tracing agent
 * that patched the 5.x prototype before this module loaded must not wrap 4.x registrations
 * (instrumentation-express would take `use(fn)`'s path as `/` there, where express 4 gives none).
 */
function exposing(method: (...args: unknown[]) => unknown) {
  return function (this: { stack: Layer[] }, ...args: unknown[]): unknown {
    const start = this.stack.length;
    const result = method.apply(this, args);
    for (let i = start; i < this.stack.length; i++) exposeLayer(this.stack[i]!);
    return result;
  };
}
proto.use = exposing(routerUse as (...args: unknown[]) => unknown);
proto.route = exposing(routerRoute as (...args: unknown[]) => unknown);
proto.handle = function handle(this: RouterState, req: IncomingMessage, res: ServerResponse, callback: NextFunction): void {
  if (!callback) throw new TypeError('argument callback is required');
  new RouterRunV4(this, req as RouterRequest, res, callback).step();
};

Object.defineProperty(createRouter, 'Route', { value: RouteV4, enumerable: true, writable: true, configurable: true });

/** The router 1.x Router factory/constructor. */
export const Router = createRouter as unknown as RouterConstructor;
