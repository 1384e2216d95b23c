'use strict';
const path = require('node:path');

/**
 * Shared jest configuration: ts-jest transpiles TypeScript tests and sources, and every
 * `@webfw/<name>` import resolves to that package's source so packages test together
 * without a build. (Tests of the built output spawn plain `node` instead.)
 */
module.exports = function jestPreset(rootDir) {
  return {
    rootDir,
    testEnvironment: 'node',
    testMatch: ['<rootDir>/packages/*/test/**/*.test.ts', '<rootDir>/docs/**/*.test.ts', '<rootDir>/tooling/**/*.test.ts'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transform: {
      '^.+\\.ts$': ['ts-jest', { tsconfig: path.join(__dirname, 'tsconfig.jest.json') }],
    },
    moduleNameMapper: {
      '^@webfw/(logger|body-parser|router|static|core)$': '<rootDir>/packages/$1/src/index.ts',
      // version entries (`@webfw/core/v4`, `@webfw/core/v3`, ...): src/<version>/index.ts
      '^@webfw/(body-parser|router|static|core)/(v4|v3)$': '<rootDir>/packages/$1/src/$2/index.ts',
    },
    maxWorkers: 2,
    testTimeout: 20000,
  };
};
