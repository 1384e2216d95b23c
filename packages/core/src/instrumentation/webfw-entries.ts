/**
 * webfw's own entries as the instrumentation modules reach them: the built files of this
 * package, required at run time (the paths are relative to the built modules in
 * packages/core/instrumentation/, and the build leaves them to node).
 */

/** Which entry: 'main' (the 5.x entry, `@webfw/core`) or 'v4' (`@webfw/core/v4`). */
export type EntryName = 'main' | 'v4';

/** A router layer's class, as dd-trace and Sentry wrap it (express's `Layer` methods). */
export interface LayerClass {
  prototype: { handleRequest: (...args: unknown[]) => unknown; handleError: (...args: unknown[]) => unknown };
}

/** A router, as far as these modules read one. */
export interface ProbedRouter {
  use(fn: () => void): unknown;
  stack: Array<{ constructor: LayerClass }>;
}

/** The exports of an entry that these modules read or hand to an agent. */
export interface WebfwEntry {
  Router(): ProbedRouter;
  request?: object;
}

/** The entry's exports (`dist/index.cjs` or `dist/v4.cjs`), loaded once by node's cache. */
export function loadEntry(entry: EntryName): WebfwEntry {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- literal paths, so an app's bundler finds the entries
  return (entry === 'v4' ? require('../dist/v4.cjs') : require('../dist/index.cjs')) as WebfwEntry;
}

/**
 * A router of `core` with one layer, from which the layer class and the router prototype are
 * read. The 5.x and 4.x entries share the class (@webfw/router's).
 */
export function probeRouter(core: WebfwEntry): ProbedRouter {
  const router = core.Router();
  router.use(function probe() {});
  return router;
}

/** The class of an entry's layers, read off a router's stack. */
export function layerClass(core: WebfwEntry): LayerClass {
  return probeRouter(core).stack[0]!.constructor;
}
