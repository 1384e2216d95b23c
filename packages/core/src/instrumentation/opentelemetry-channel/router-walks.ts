/**
 * Where a handler call sits in the request's router walks, read from the router's own objects:
 * which open call is its sibling (same walk) or its parent, which stack holds a layer, which
 * layer dispatches a route, and the mount path instrumentation-express read for a layer.
 */
import { layerPathOf, type Layer } from './express-naming';
import type { ChannelContext, Frame, RequestState, TracedRequest } from './frames';

/** The stack of the app's router: express 4's `app._router`, express 5's `app.router` (express 4's getter throws). */
function appRouterStack(req: TracedRequest): Layer[] | undefined {
  const app = req.app;
  if (!app) return undefined;
  let router = app._router;
  if (!router) {
    try {
      router = app.router;
    } catch {
      return undefined;
    }
  }
  return router && Array.isArray(router.stack) ? (router.stack as Layer[]) : undefined;
}

/** The stack of a mounted router's layer (undefined for any other layer). */
function mountedStack(layer: Layer | undefined): Layer[] | undefined {
  const handle = layer && layer.handle;
  return handle && Array.isArray(handle.stack) ? handle.stack : undefined;
}

/** The lookups, with what they learnt about the app's routers kept across requests. */
export class RouterWalks {
  /** Route -> its dispatch layer (found in the router's stack). */
  private readonly routeLayers = new WeakMap<object, Layer>();
  /** Layer -> the router stack holding it; stack -> its length when its layers were noted. */
  private readonly layerStacks = new WeakMap<object, Layer[]>();
  private readonly stackLengths = new WeakMap<Layer[], number>();

  /** The mount path instrumentation-express read from the call that registered `layer`. */
  layerPath(state: RequestState, req: TracedRequest, layer: Layer, ctx: ChannelContext): string | undefined {
    // express 4's own query and expressInit, added by `router.use(fn)`: no path (router 2 and webfw say '/')
    if (state.open.length === 0 && (layer.name === 'query' || layer.name === 'expressInit')) {
      const stack = appRouterStack(req);
      if (stack && (stack[0] === layer || stack[1] === layer)) return undefined;
    }
    return layerPathOf('rawPath' in layer ? layer.rawPath : ctx.route);
  }

  /** The open `request handler` frame of `route` in the walk `rn`, if its callbacks are running. */
  openRouteFrame(state: RequestState, route: unknown, rn: unknown): Frame | undefined {
    for (let i = state.open.length - 1; i >= 0; i--) {
      const f = state.open[i]!;
      if (f.kind === 'route' && f.route === route && f.rn === rn) return f;
    }
    return undefined;
  }

  /** The layer of the router's stack that dispatches `route` (its name and `path` name the span). */
  dispatchLayer(state: RequestState, req: TracedRequest, route: object): Layer | undefined {
    const known = this.routeLayers.get(route);
    if (known) return known;
    const stacks: Layer[][] = [];
    for (let i = state.open.length - 1; i >= 0; i--) {
      const stack = mountedStack(state.open[i]!.layer);
      if (stack) stacks.push(stack);
    }
    const appStack = appRouterStack(req);
    if (appStack) stacks.push(appStack);
    for (const stack of stacks) {
      const found = stack.find((l) => l && l.route === route);
      if (found) {
        this.routeLayers.set(route, found);
        return found;
      }
    }
    return undefined;
  }

  /**
   * The index in `state.open` of the open sibling of `layer`, a layer of walk `rn` (-1: none,
   * it starts a walk). Siblings are found by `req.next`, else, where a handler set `req.next` to
   * the `next` it was given (express 4's expressInit does), by the router stack holding both.
   */
  siblingIndex(state: RequestState, req: TracedRequest, rn: unknown, layer: Layer | undefined): number {
    for (let i = state.open.length - 1; i >= 0; i--) {
      const f = state.open[i]!;
      if (f.kind !== 'callback' && f.rn === rn) return i;
    }
    const stack = layer && this.stackOf(req, state, layer);
    if (!stack) return -1;
    for (let i = state.open.length - 1; i >= 0; i--) {
      const f = state.open[i]!;
      if (f.kind !== 'callback' && f.layer && this.stackOf(req, state, f.layer) === stack) return i;
    }
    return -1;
  }

  /** The router stack holding `layer`: the app's router's, or a mounted router's among the open frames. */
  private stackOf(req: TracedRequest, state: RequestState, layer: Layer): Layer[] | undefined {
    const known = this.layerStacks.get(layer);
    if (known) return known;
    const stacks = [appRouterStack(req)];
    for (const f of state.open) {
      const stack = mountedStack(f.layer);
      if (stack) stacks.push(stack);
    }
    for (const stack of stacks) {
      if (!stack || this.stackLengths.get(stack) === stack.length) continue;
      this.stackLengths.set(stack, stack.length);
      for (const l of stack) if (l && typeof l === 'object') this.layerStacks.set(l, stack);
    }
    return this.layerStacks.get(layer);
  }

  /** The frame a layer of walk `rn` starting now runs inside (its sibling's parent, else the innermost open frame). */
  levelParent(state: RequestState, req: TracedRequest, rn: unknown, layer: Layer): Frame | undefined {
    const i = this.siblingIndex(state, req, rn, layer);
    return i >= 0 ? state.open[i]!.parent : state.open[state.open.length - 1];
  }
}
