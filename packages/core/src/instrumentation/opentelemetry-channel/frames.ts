/**
 * What the channel subscriber keeps per request: a frame for each handler call the channel
 * reports, and the request's state around them.
 */
import type { Layer, LayerType } from './express-naming';
import type { ServerRequest } from './http-server-span';
import type { Context, RpcMetadata, Span } from './otel-api';

/** The request as the subscriber reads it (express's `req`, by any runtime). */
export interface TracedRequest extends ServerRequest {
  /** The `next` of the router walk now running (each router's `handle` sets its own). */
  next?: unknown;
  route?: { path?: unknown; stack?: unknown[] };
  originalUrl?: unknown;
  app?: { _router?: { stack?: unknown }; router?: { stack?: unknown } };
}

/** The response as the subscriber reads it. */
export interface TracedResponse {
  statusCode: number;
  once?(event: 'close', listener: () => void): unknown;
}

/** One handler call as the router publishes it on `express.router.request` (router 2.3's context). */
export interface ChannelContext {
  req?: TracedRequest;
  res?: TracedResponse;
  layer?: Layer;
  handler?: unknown;
  /** The path pattern that matched: the route's, or the middleware's mount path. */
  route?: unknown;
  param?: string;
  errorHandler?: true;
  incomingError?: unknown;
  result?: unknown;
  error?: unknown;
}

/**
 * One handler call. `kind`: 'layer' (a middleware or mounted router, with its span), 'route' (a
 * route's `request handler` span, open while its callbacks run), 'callback' (one of a route's
 * callbacks, inside its 'route' frame), 'untraced' (an error handler: no span), 'param' (a
 * `router.param` callback: no span, closed at once).
 */
export interface Frame {
  kind: 'layer' | 'route' | 'callback' | 'untraced' | 'param';
  ctx?: ChannelContext;
  layer?: Layer;
  route?: unknown;
  /** The frame this call runs inside (undefined: directly under the request's root context). */
  parent: Frame | undefined;
  /** The router walk (`req.next`) the call belongs to. */
  rn?: unknown;
  span: Span | undefined;
  /** The context the call's own work runs in (its span's, or its parent's). */
  childCtx: Context;
  /** 'running' until it returns; then 'returned', or 'pending' on a returned promise, 'settled' once that settles. */
  phase?: 'running' | 'returned' | 'pending' | 'settled';
  closed: boolean;
  /** Whether the call pushed its mount path on the request's store (popped when it calls next). */
  pushed?: boolean;
  type?: LayerType;
  ended?: boolean;
  threw?: boolean;
  /** Errors already recorded on the span. */
  recorded?: Set<unknown>;
  /** An error reported while the returned promise was pending: `next(err)` or the rejection, decided when it settles. */
  pending?: unknown;
  /** The error this call reported. */
  error?: unknown;
}

/** Where an error started, and the error handler that received it, if any. */
export interface ErrorEntry {
  origin: Frame;
  caught: boolean;
  catcher?: Frame;
}

/** One request's state. */
export interface RequestState {
  /** Nothing more is traced here (suppressed, untraced, left to patching, or finished). */
  off: boolean;
  /** Patching traces this request: instrumentation-express has it. */
  left?: boolean;
  root: Context;
  rpc: RpcMetadata | undefined;
  /** The mount paths of the open layers (instrumentation-express's `req.__ot_middlewares`). */
  store: string[];
  open: Frame[];
  errors: Map<unknown, ErrorEntry>;
  serverSpan: Span | undefined;
  /** The request's last handler call. */
  last: Frame | undefined;
}
