import type { IncomingMessage, ServerResponse } from 'node:http';
import { Route } from '../route';
import { Router as Router5 } from '../router';
import type { RouterRequest, NextFunction, RouterOptions } from '../types';
import type { RouterState } from '../router-run';
import { compilePathV4 } from './path-syntax';
import type { RouterConstructor, Router as RouterV4 } from './types';
import { RouterRunV4 } from './url-restore';

/**
 * Creates a router 1.x router: the 5.x router (`@webfw/router`) whose layers compile their
 * paths with path-to-regexp 0.1 (./path-syntax.ts) and whose walk restores `req.url` as
 * router 1.x does (./url-restore.ts). Works with and without `new`.
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
proto.handle = function handle(this: RouterState, req: IncomingMessage, res: ServerResponse, callback: NextFunction): void {
  if (!callback) throw new TypeError('argument callback is required');
  new RouterRunV4(this, req as RouterRequest, res, callback).step();
};

Object.defineProperty(createRouter, 'Route', { value: Route, enumerable: true, writable: true, configurable: true });

/** The router 1.x Router factory/constructor. */
export const Router = createRouter as unknown as RouterConstructor;
