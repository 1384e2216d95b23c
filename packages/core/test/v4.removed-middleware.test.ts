/**
 * express 4 removed the connect middleware express 3 bundled: reading `bodyParser`, `logger`,
 * `session` ... on the v4 factory throws express 4's error naming the middleware, and the
 * names stay out of the factory's enumerable members, as on express 4.22.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- express 4 ships no types here
const express4 = require('express-v4');
import webfw4 from '@webfw/core/v4';
import { REMOVED_MIDDLEWARE } from '../src/v4/removed-middleware';

/** The error thrown when reading `name` on `factory`, or undefined. */
function readError(factory: object, name: string): string | undefined {
  try {
    void (factory as Record<string, unknown>)[name];
    return undefined;
  } catch (err) {
    return `${(err as Error).name}: ${(err as Error).message}`;
  }
}

describe('the middleware express 4 no longer bundles', () => {
  it('should be the names express 4 reserves, in its order', () => {
    const express4Names = Object.getOwnPropertyNames(express4).filter((name) => readError(express4, name) !== undefined);
    expect(REMOVED_MIDDLEWARE).toEqual(express4Names);
  });

  it.each(REMOVED_MIDDLEWARE)('should throw express 4 error when reading %s', (name) => {
    const expected = readError(express4, name);
    expect(expected).toBe(
      `Error: Most middleware (like ${name}) is no longer bundled with Express and must be installed separately. Please see https://github.com/senchalabs/connect#middleware.`,
    );
    expect(readError(webfw4, name)).toBe(expected);
  });

  it('should not be enumerable members of the factory', () => {
    const enumerable = Object.keys(webfw4);
    for (const name of REMOVED_MIDDLEWARE) expect(enumerable).not.toContain(name);
    expect(Object.keys(webfw4).sort()).toEqual(Object.keys(express4).sort());
  });
});
