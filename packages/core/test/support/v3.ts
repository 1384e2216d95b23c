/**
 * The differential harness of the v3 tests: the same app definition built with express 3.21
 * (the `express-v3` devDependency) and with @webfw/core/v3, the same raw HTTP requests sent to
 * both, each answer compared whole and checked against the exact answer expected (see
 * v4.ts). The apps end with a `fallback` handler, so a request no route answers gets
 * the same reply from both (express 3's own 404 page is not the 3.x interface being compared).
 * ETags are not compared: express 3 made them with MD5, the v3 entry keeps 4.x's.
 */
import webfwV3 from '@webfw/core/v3';
import { expectSame, type App, type Expect, type Framework, type Req } from './v4';
export { warningsOf } from './v4';
import type { CompareOptions } from './differential';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const express3 = require('express-v3');

export const v3: Record<'express' | 'webfw', Framework> = { express: express3, webfw: webfwV3 };

export { express3, webfwV3 };
export { get, buildApp } from './v4';
export type { App, Expect, Framework, Req };

/**
 * express 3.21, the reference these tests compare with, reads `res._headers` (in `req.fresh`),
 * which node deprecates (DEP0066, printed once per process). Its responses read the same
 * object through `getHeaders()` instead, which is what node's deprecated getter returns; webfw
 * never reads `_headers`.
 */
Object.defineProperty(express3.response, '_headers', {
  configurable: true,
  get(this: { getHeaders(): unknown }) {
    return this.getHeaders();
  },
});

/** Sends each request to both apps: @webfw/core/v3 must answer as express 3 did, and as expected. */
export function expect3(build: (fw: Framework) => App, cases: Array<[Req | string, Expect]>, opts: CompareOptions = {}): Promise<void> {
  // ETags: express 3 hashed with MD5; the v3 entry keeps 4.x's SHA-1 ETags (not a 3.x interface)
  return expectSame(v3, build, cases, { ignoreHeaders: ['etag'], ...opts });
}

/** The last handler of the test apps: `404 none` for what nothing else answered. */
export function fallback(_req: App, res: App): void {
  res.status(404).send('none');
}

/** Runs `fn` with NODE_ENV set to `env` (unset when undefined), then restores it. */
export function withNodeEnv<T>(env: string | undefined, fn: () => T): T {
  const saved = process.env.NODE_ENV;
  if (env === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = env;
  try {
    return fn();
  } finally {
    if (saved === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = saved;
  }
}
