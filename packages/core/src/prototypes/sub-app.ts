/**
 * Sub-apps: a mounted app runs with its own request and response prototypes, switched on the
 * way in and restored on the way out; before the switch, on the V8 of Node 20 and 22, the
 * request and response are settled (`settleBeforeSwitch`).
 */
import { ServerResponse } from 'node:http';
import type { Application, NextFunction } from '../application/types';
import type { Request } from '../request/types';
import type { Response } from '../response/types';
import { adoptRequest, adoptResponse } from './twins';

/**
 * Mounts the app `sub` on `router` at `path` for `parent.use`: `sub` gets `mountpath` and
 * `parent`, runs with its own request/response prototypes (the parent's are restored when it
 * passes the request on), and emits `mount` with the parent.
 */
export function mountApp(router: { use(path: unknown, fn: unknown): unknown }, path: unknown, parent: Application, sub: Application): void {
  sub.mountpath = path as string;
  sub.parent = parent;
  router.use(path, function mounted_app(req: Request, res: Response, next: NextFunction): void {
    const orig = req.app;
    if (SETTLES_BEFORE_SWITCH) settleBeforeSwitch(req, res);
    sub.handle(req, res, (err?: unknown) => {
      adoptRequest(req, orig.request);
      adoptResponse(res, orig.response);
      next(err);
    });
  });
  sub.emit('mount', parent);
}

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Whether a request is settled before it enters a sub-app (`settleBeforeSwitch`): on the V8 of
 * Node 20 and 22 (before 13). From V8 13 on (Node 24, 26) a property added after a prototype
 * switch follows the same shared transitions as on any other request, and every own property
 * the request already has makes the switch itself longer (V8 replays each one): there the
 * settling saves nothing and costs (docs/performance.md, known limits).
 */
const SETTLES_BEFORE_SWITCH = Number((process.versions?.v8 ?? '0').split('.')[0]) < 13;

/**
 * Gives `req` and `res`, before a sub-app switches their prototypes, as own properties (with
 * the values they read already) the members routing and answering add to them later:
 * `req.route` (set by the sub-app's route), `req._eventsCount` (node's, on the emitter's
 * prototype until a listener is added) and `res.statusCode` / `res.statusMessage` (node's, on
 * the prototype until `writeHead`, for node's HTTP/1 responses). Every read answers as before.
 * The V8 of Node 20 and 22 gives an object whose prototype was switched a hidden class of its
 * own for every property added afterwards; with nothing left to add, a route in a sub-app runs
 * there close to the same route in a Router (docs/performance.md, tricks).
 */
function settleBeforeSwitch(req: Request, res: Response): void {
  const r = req as unknown as Record<string, unknown>;
  const s = res as unknown as Record<string, unknown>;
  ownCopy(r, 'route');
  ownCopy(r, '_eventsCount');
  // (node's HTTP/1 response only: HTTP/2's has accessors there, and reading its statusMessage warns)
  if (res instanceof ServerResponse) {
    ownCopy(s, 'statusCode');
    ownCopy(s, 'statusMessage');
  }
}

/** Gives `obj` an own `key` holding the value it reads now, unless it has one. */
function ownCopy(obj: Record<string, unknown>, key: string): void {
  if (hasOwn.call(obj, key)) return;
  const value = obj[key];
  obj[key] = value;
}
