/**
 * Every name @types/express and @types/express-serve-static-core export has its webfw
 * counterpart, assignable to it and from it (tooling/types/type-names.ts generates one check per
 * name from the installed @types packages): the 5.x entry against @types/express 5, the 4.x
 * entry against @types/express 4.17 (installed into node_modules/.cache on first use). A name
 * that @types gains fails here until webfw has it. Needs the packages built.
 */
import { compileNameChecks, TYPES_5, typesRelease4 } from './type-names';

jest.setTimeout(180_000);

describe.each([
  ['@webfw/core', 'express 5', () => TYPES_5],
  ['@webfw/core/v4', 'express 4.17', typesRelease4],
])('%s against the @types of %s', (entry, _release, release) => {
  it('should have every exported name of @types/express and express-serve-static-core, assignable both ways', () => {
    const checks = compileNameChecks(release(), entry);
    // the lists are read from @types itself: a few dozen names each, types and values
    expect(checks.core.length).toBeGreaterThan(25);
    expect(checks.express.length).toBeGreaterThan(25);
    expect(checks.core.map((n) => n.name)).toEqual(expect.arrayContaining(['Request', 'Response', 'Application', 'IRouterMatcher', 'RouteParameters']));
    expect(checks.express.map((n) => n.name)).toEqual(expect.arrayContaining(['Request', 'RequestHandler', 'Router', 'json', 'static']));
    expect(checks.output).toBe('');
    expect(checks.status).toBe(0);
  });
});
