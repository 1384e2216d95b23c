/**
 * Imported first by the tests that load the demo in-process. The demo is plain CommonJS (started
 * with `node server.js`); in jest `@webfw/*` resolve to the packages' sources (the jest preset),
 * whereas the built packages' `require()` returns the callable default export with the named
 * exports on it (tsup preset footer): these mocks make the sources do the same.
 */
function asBuilt(name: string): unknown {
  const mod = jest.requireActual(name) as { default: object };
  return Object.assign(mod.default, mod);
}
jest.mock('@webfw/core', () => asBuilt('@webfw/core'));
jest.mock('@webfw/logger', () => asBuilt('@webfw/logger'));

export {};
