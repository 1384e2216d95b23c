/**
 * instrumentation-express's naming rules, as the channel subscriber applies them: span names,
 * `express.*` attributes and layer types, `http.route` from the mount paths, and which layers
 * its config ignores.
 */
import type { Attributes } from './otel-api';

/** The layer types (instrumentation-express's `express.type` values). */
export const ROUTER = 'router';
export const MIDDLEWARE = 'middleware';
export const REQUEST_HANDLER = 'request_handler';
export type LayerType = typeof ROUTER | typeof MIDDLEWARE | typeof REQUEST_HANDLER;

/** A router layer as these rules read it (express's and webfw's layers alike). */
export interface Layer {
  name?: string;
  path?: string;
  rawPath?: unknown;
  route?: unknown;
  handle?: ((...args: unknown[]) => unknown) & { stack?: Layer[] };
}

/** instrumentation-express's options that decide what is traced and how a span is named. */
export interface NamingConfig {
  ignoreLayers?: Array<string | RegExp | ((name: string) => boolean)>;
  ignoreLayersType?: LayerType[];
}

/** Whether `fn` was wrapped by shimmer (instrumentation-express's patch of `layer.handle`). */
export function isWrapped(fn: unknown): boolean {
  const wrapped = fn as { __wrapped?: unknown; __original?: unknown } | undefined;
  return typeof fn === 'function' && wrapped!.__wrapped === true && typeof wrapped!.__original === 'function';
}

/** A mount path as instrumentation-express records it from the registering call's first argument. */
function pathSegment(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (arg instanceof RegExp || typeof arg === 'number') return arg.toString();
  return undefined;
}

/** `layerPath` of instrumentation-express: the path (or paths, joined by commas) a layer was registered with. */
export function layerPathOf(path: unknown): string | undefined {
  if (Array.isArray(path)) return path.map((p) => pathSegment(p) || '').join(',');
  return pathSegment(path);
}

/** The route made of the request's meaningful mount paths (instrumentation-express's constructed route). */
export function constructedRoute(store: string[]): string {
  const paths = store.filter((p) => p !== '/' && p !== '/*' && !/^\/\{[*][^}]*\}$/.test(p));
  if (paths.length === 1 && paths[0] === '*') return '*';
  return paths.join('').replace(/\/{2,}/g, '/');
}

/** The `http.route` instrumentation-express gives for the mount paths in `store` (undefined when none fits). */
export function matchedRoute(store: string[], originalUrl: unknown): string | undefined {
  if (store.length === 0) return undefined;
  if (store.every((p) => p === '/')) return originalUrl === '/' ? '/' : undefined;
  const route = constructedRoute(store);
  if (route === '*') return route;
  if (route.includes('/') && (route.includes(',') || route.includes('\\') || route.includes('*') || route.includes('['))) return route;
  const normal = route.startsWith('/') ? route : `/${route}`;
  const url = typeof originalUrl === 'string' ? originalUrl : '';
  return normal.length > 0 && (url === normal || url.startsWith(normal) || normal.includes(':') || normal.includes('*')) ? normal : undefined;
}

/** The path of the first route under a mounted router (how instrumentation-express names router spans). */
function routerPath(path: string, layer: Layer): string {
  const first = layer.handle && layer.handle.stack ? layer.handle.stack[0] : undefined;
  const route = first && (first.route as { path?: string } | undefined);
  if (route && route.path) return `${path}${route.path}`;
  if (first && first.handle && first.handle.stack) return routerPath(path, first);
  return path;
}

/** A layer's span name, type and `express.*` attributes. */
export interface LayerMetadata {
  type: LayerType;
  name: string;
  attributes: Attributes;
}

/** Span name and `express.*` attributes of a layer, as instrumentation-express's getLayerMetadata. */
export function layerMetadata(route: string, layer: Layer, layerPath: string | undefined): LayerMetadata {
  if (layer.name === 'router') {
    const p = routerPath('', layer) || layerPath || route || '/';
    return { type: ROUTER, name: `router - ${p}`, attributes: { 'express.name': p, 'express.type': ROUTER } };
  }
  if (layer.name === 'bound dispatch' || layer.name === 'handle') {
    return {
      type: REQUEST_HANDLER,
      name: `request handler${layer.path ? ` - ${route || layerPath}` : ''}`,
      attributes: { 'express.name': (route || layerPath) ?? 'request handler', 'express.type': REQUEST_HANDLER },
    };
  }
  return { type: MIDDLEWARE, name: `middleware - ${layer.name}`, attributes: { 'express.name': layer.name, 'express.type': MIDDLEWARE } };
}

function matches(name: string, pattern: unknown): boolean {
  if (typeof pattern === 'string') return pattern === name;
  if (pattern instanceof RegExp) return pattern.test(name);
  if (typeof pattern === 'function') return Boolean(pattern(name));
  throw new TypeError('Pattern is in unsupported datatype');
}

/** instrumentation-express's `ignoreLayers` / `ignoreLayersType`. */
export function isIgnored(name: string, type: LayerType, config: NamingConfig): boolean {
  if (Array.isArray(config.ignoreLayersType) && config.ignoreLayersType.includes(type)) return true;
  if (!Array.isArray(config.ignoreLayers)) return false;
  try {
    for (const pattern of config.ignoreLayers) if (matches(name, pattern)) return true;
  } catch {
    // a failing matcher ignores nothing, as there
  }
  return false;
}

/** An error and its message, as instrumentation-express records a value passed to `next`. */
export function errorAndMessage(error: unknown): [Error | string, string] {
  return error instanceof Error ? [error, error.message] : [String(error), String(error)];
}
