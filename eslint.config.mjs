/**
 * Lint rules for every TypeScript and JavaScript file of the repository (`npm run lint`, run by
 * `npm test`): ESLint's and typescript-eslint's recommended sets, with the few project choices
 * below, each with its reason.
 */
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // build output: dist/, and core's tracing entry files built from src/instrumentation/
  { ignores: ['**/dist/**', 'packages/core/instrumentation/**', '**/node_modules/**', 'tooling/bench/fixtures/**', 'docs/examples/demo/public/**'] },
  // an eslint-disable comment that no longer disables anything is an error: it must mean something
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  {
    rules: {
      // middleware signatures name parameters they do not use (`_next`, `_req`): express decides by arity
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // express's API is defined by argument counts (`res.redirect(status, url)`, `app.get(name)`): `arguments` is the contract
      'prefer-rest-params': 'off',
      // the logger, the router and the tests match control characters on purpose (escaping, hostile input)
      'no-control-regex': 'off',
    },
  },
  // core's hand-written declarations (packages/core/src/types) are @types/express's shapes:
  // ambient module files that reference each other, `any` where @types has `any`, interfaces
  // that only extend (`interface Request extends core.Request {}`), the `express` namespace
  // with `var` members, and type parameters @types declares but does not use
  {
    files: ['packages/core/src/types/**/*.d.ts', 'packages/core/src/types/**/*.d.cts'],
    rules: {
      '@typescript-eslint/triple-slash-reference': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-object-type': 'off',
      '@typescript-eslint/no-namespace': 'off',
      '@typescript-eslint/no-unused-vars': 'off',
      'no-var': 'off',
    },
  },
  // CommonJS files and scripts load modules with require
  { files: ['**/*.cjs', '**/*.js'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
