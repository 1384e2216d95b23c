import { foldPath, PathMatcher, type LayerMatcher, type MatchedParams, type MatchOptions } from './path/matcher';
import { pathFlags } from './path/url';
import type { PathArgument } from './path/route-parameters';
import { forwardRejection } from './utils/promise';
import { isTracing, traceError, traceRequest } from './tracing';
import type { AnyHandler, NextFunction } from './types';

/** Flattens a path argument (arrays nest) into its string and RegExp elements. */
function flattenPaths(path: PathArgument | unknown, out: Array<string | RegExp>): Array<string | RegExp> {
  if (Array.isArray(path)) {
    for (const p of path) flattenPaths(p, out);
  } else if (path instanceof RegExp || typeof path === 'string') {
    out.push(path);
  } else {
    out.push(String(path));
  }
  return out;
}

/**
 * Compiles a layer's path argument into its matchers, tried in order. The default compiles
 * each element of an array path with path-to-regexp 8 (`PathMatcher`); a router may use
 * another (the 4.x entry compiles with path-to-regexp 0.1), chosen when the layer is made.
 */
export type PathCompiler = (path: PathArgument, options: MatchOptions, slash: boolean) => LayerMatcher[];

/** The express 5 path syntax: one `PathMatcher` per element of the (flattened) path. */
export const compilePath: PathCompiler = (path, options, slash) => flattenPaths(path, []).map((p) => new PathMatcher(p, options, slash));

/** The function a handler is called as (the stored handler has an unknown arity). */
type Callable = (...args: unknown[]) => unknown;

/** What `layer.match(path)` returns for a match, as router 2.3 gives it. */
export interface LayerMatch {
  /** The decoded parameters. */
  params: MatchedParams;
  /** The matched part of the path (what a middleware's mount strips). */
  path: string;
  /** The names of the parameters present in `params`. */
  keys: string[];
  /** The element of the layer's path that matched (the path itself unless it is an array). */
  pattern: string | RegExp;
}

/**
 * One entry of a router's stack (a middleware or a route) or of a route's stack (a callback
 * for a method): a handler and the compiled path it answers. A match is the caller's: nothing
 * of it is kept on the layer, which many requests share.
 */
export class Layer {
  /** The handler function. */
  handle: AnyHandler;
  /** The handler's name, or `<anonymous>`. */
  name: string;
  /** True for a middleware on `/`, which matches every path without running a matcher. */
  readonly slash: boolean;
  /** The path as given (an array path flattened), for `router.listRoutes()`. */
  readonly rawPath: string | RegExp | Array<string | RegExp>;
  /** The compiled path: one matcher per element of an array path, tried in order. */
  readonly matchers: LayerMatcher[];
  /** The route this layer dispatches to (router stack), or undefined for a middleware. */
  route: unknown = undefined;
  /** The lower-case method this layer answers (route stack); undefined answers every method. */
  method: string | undefined = undefined;
  /**
   * The handler `router.route` made for this layer (it calls `route.dispatch`). While `handle`
   * is still that function, the router runs the route's callbacks itself, without the call.
   */
  routeHandle: AnyHandler | undefined = undefined;
  /** The handler `arity` was read from, and its `length` then (a native getter, read once per handler). */
  private arityOf: AnyHandler | undefined = undefined;
  private arityValue = 0;

  /**
   * Compiles `path` (string pattern, RegExp or array of them) with `options` for `fn`, by
   * `compile` (default: the express 5 syntax). Throws path-to-regexp's `TypeError` for an
   * invalid pattern, at registration.
   */
  constructor(path: PathArgument, options: MatchOptions, fn: AnyHandler, compile: PathCompiler = compilePath) {
    this.handle = fn;
    this.name = fn.name || '<anonymous>';
    this.slash = path === '/' && options.end === false;
    this.rawPath = Array.isArray(path) ? ((path as unknown[]).flat(Infinity as 1) as Array<string | RegExp>) : (path as string | RegExp);
    this.matchers = compile(path, options, this.slash);
  }

  /**
   * The first of the layer's matchers that matches the request pathname `path` (`folded`: the
   * path lower-cased when all ASCII, else null; `flags`: its `pathFlags`), or undefined. The
   * matcher's `params`, `matched` and `names` hold the match until its next use: read them at
   * once. Throws the 400 URIError for a malformed escape in a captured parameter. The router's
   * walk matches with this (no object made per match).
   */
  matcherFor(path: string, folded: string | null, flags: number): LayerMatcher | undefined {
    const matchers = this.matchers;
    for (let i = 0; i < matchers.length; i++) {
      const m = matchers[i]!;
      if (m.match(path, folded, flags)) return m;
    }
    return undefined;
  }

  /**
   * Matches a request pathname as router 2.3's `layer.match`: the match (`params`, `path`,
   * `keys`, `pattern`), or false. Throws the 400 URIError for a malformed escape in a captured
   * parameter.
   */
  match(path: string | undefined | null): LayerMatch | false {
    if (path == null) return false;
    const m = this.matcherFor(path, foldPath(path), pathFlags(path));
    if (m === undefined) return false;
    const params = m.params!;
    return { params, path: m.matched, keys: Object.keys(params), pattern: this.patternOf(m) as string | RegExp };
  }

  /**
   * The element of the layer's path that `matcher` (one of its matchers) compiled: the path
   * itself unless it is an array compiled element by element (the 4.x syntax compiles an array
   * into one matcher: then the array).
   */
  patternOf(matcher: LayerMatcher): string | RegExp | Array<string | RegExp> {
    const raw = this.rawPath;
    return Array.isArray(raw) && raw.length === this.matchers.length ? raw[this.matchers.indexOf(matcher)]! : raw;
  }

  /** The number of parameters `fn` (the handler) declares: its `length`, as read the first time `fn` was called. */
  private arity(fn: Callable): number {
    if (fn !== this.arityOf) {
      this.arityValue = fn.length;
      this.arityOf = fn;
    }
    return this.arityValue;
  }

  /**
   * Calls the handler as an error handler `(err, req, res, next)`; a handler that does not
   * declare four parameters is skipped (`next(err)`). A throw or a rejected returned promise
   * becomes `next(reason)` (`Error('Rejected promise')` for a falsy reason); a returned thenable
   * that is not a native Promise prints router 2.x's deprecation. While something subscribes to
   * `express.router.request`, the call is published there (./tracing.ts).
   */
  handleError(error: unknown, req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle as Callable;
    if (this.arity(fn) !== 4) {
      next(error);
      return;
    }
    if (isTracing()) {
      traceError(this, fn, error, req, res, next);
      return;
    }
    try {
      forwardRejection(fn(error, req, res, next), next, 'handlers');
    } catch (err) {
      next(err);
    }
  }

  /**
   * Calls the handler as a request handler `(req, res, next)`; a handler that declares more
   * than three parameters (an error handler) is skipped (`next()`). A throw or a rejected
   * returned promise becomes `next(reason)`. While something subscribes to
   * `express.router.request`, the call is published there (./tracing.ts), unless this is a
   * route's own layer (the route's callbacks are published one by one).
   */
  handleRequest(req: unknown, res: unknown, next: NextFunction): void {
    const fn = this.handle as Callable;
    if (this.arity(fn) > 3) {
      next();
      return;
    }
    if (this.route === undefined && isTracing()) {
      traceRequest(this, fn, req, res, next);
      return;
    }
    try {
      forwardRejection(fn(req, res, next), next, 'handlers');
    } catch (err) {
      next(err);
    }
  }
}
