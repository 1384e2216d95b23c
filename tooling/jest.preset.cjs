'use strict';
const path = require('node:path');

/**
 * The test files `npm test` leaves out and `npm run test:all` (so `.ci/run`) adds: the suites
 * that need other runtimes, downloads, system programs or minutes. One place, by path (a
 * folder or a file, relative to the root); everything else is the inner loop, kept to what a
 * contributor runs on every change.
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
  'tooling/release/rehearsal.test.ts',
  'tooling/release/footprint.test.ts',
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
    // the last file's sockets and child processes may still be closing on a busy machine; a
    // worker holding something for longer than this is still reported as failing to exit
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
