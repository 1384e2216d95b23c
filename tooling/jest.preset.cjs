'use strict';
const path = require('node:path');

/**
 * The test files `npm test` leaves out and `npm run test:all` (so `.ci/run`) adds: the suites
 * that need other runtimes, downloads, system programs or minutes. One place, by path (a
 * folder or a file, relative to the root); everything else is the inner loop. Measured on
 * 2 cores, shared (load average 4 to 8): the inner loop's jest part about 2 min 10 s, all
 * of them together about 6 min 45 s.
 */
const HEAVY = [
  // Bun, Deno and workerd, each installed from the npm registry on first use
  'docs/examples/fetch/',
  // scale-out: nginx, redis-server, openssl and envsubst (apt-get when missing), node:cluster
  'docs/examples/deploy/',
  // the demo on a real redis-server (apt-get when missing)
  'docs/examples/demo/demo.redis.test.ts',
  'docs/examples/demo/server.redis-down.test.ts',
  // tracing agents (OpenTelemetry, Sentry, dd-trace) under node, Bun, Deno and workerd
  'tooling/observability/',
  // the release rehearsed against a local verdaccio (npm, pnpm and yarn installs); footprint's npm installs
  'tooling/release/',
  // bundles (esbuild, webpack) and the built packages on Bun, Deno and workerd
  'tooling/packaging/packaging.test.ts',
  // type fixtures compiled against @types (and @types/express 4 installed on first use), attw
  'tooling/types/',
  // every package packed and a strict user project compiled against the tarballs
  'tooling/scripts/test/published-packages.types.test.ts',
  // the ecosystem suites again, through app.fetch
  'tooling/ecosystem/test/middleware.fetch.test.ts',
  // the fetch soak on Bun and Deno (a minute of load)
  'tooling/reliability/test/fetch-soak.test.ts',
];

/**
 * Shared jest configuration: ts-jest transpiles TypeScript tests and sources, and every
 * `@webfw/<name>` import resolves to that package's source so packages test together
 * without a build. (Tests of the built output spawn plain `node` instead.)
 *
 * Two projects share it: `quick` (the inner loop, `npm test`: `jest --selectProjects quick`)
 * and `heavy` (the files of HEAVY). `jest` alone (`npm run test:all`) and `npx jest <path>`
 * run both.
 */
module.exports = function jestPreset(rootDir) {
  const project = {
    rootDir,
    testEnvironment: 'node',
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
    },
    moduleNameMapper: {
      '^@webfw/(logger|body-parser|router|static|core)$': '<rootDir>/packages/$1/src/index.ts',
      // version entries (`@webfw/core/v4`, `@webfw/core/v3`, ...): src/<version>/index.ts
      '^@webfw/(body-parser|router|static|core)/(v4|v3)$': '<rootDir>/packages/$1/src/$2/index.ts',
    },
    testTimeout: 20000,
  };
  const testMatch = ['<rootDir>/packages/*/test/**/*.test.ts', '<rootDir>/docs/**/*.test.ts', '<rootDir>/tooling/**/*.test.ts'];
  // a folder: every file under it; a file: that file
  const heavy = HEAVY.map((p) => '^' + escape(path.join(rootDir, p)) + (p.endsWith('/') ? '' : '$'));
  return {
    rootDir,
    maxWorkers: 2,
    testTimeout: 20000,
    // Once every test has run, jest asks each worker to exit and, by default, kills one still
    // alive after 500 ms with "A worker process has failed to exit gracefully". No handle is
    // left open between test files here (checked file by file with
    // process.getActiveResourcesInfo()), but the last file's sockets and child processes may
    // still be closing, and on a loaded 2-core machine that took longer than 500 ms about once
    // in five runs. A worker holding something for longer than 5 s is still reported.
    workerGracefulExitTimeout: 5000,
    projects: [
      { ...project, displayName: 'quick', testMatch, testPathIgnorePatterns: [...project.testPathIgnorePatterns, ...heavy] },
      { ...project, displayName: 'heavy', testRegex: heavy.map((h) => (h.endsWith('$') ? h : h + '.*\\.test\\.ts$')) },
    ],
  };
};

module.exports.HEAVY = HEAVY;

/** `text` as a literal inside a regular expression. */
function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
