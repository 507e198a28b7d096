// `npm run lint`: typescript-eslint's recommended rules, the house rules below, and (in package.json) the
// dependency rules of .dependency-cruiser.cjs and Prettier's format check.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['generated/**', 'node_modules/**', 'data/**', 'coverage/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        Buffer: 'readonly',
        URL: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        setImmediate: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Tests read JSON answers whose shape their assertions then check.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // One error hierarchy: a platform error code is a class in src/errors/, thrown by name everywhere else.
    files: ['src/**/*.ts'],
    ignores: ['src/errors/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='ApiError']", message: 'Throw a named error class from src/errors/ (one class per platform error code).' },
        { selector: "ClassDeclaration[superClass.name='ApiError']", message: 'Platform error classes live in src/errors/.' },
      ],
    },
  },
);
