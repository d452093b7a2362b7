// Lint rules: typescript-eslint's recommended set, type-aware where it pays (floating promises).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/renderer/**/*.vue'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // inspect prints through hosts/cli/output.ts alone: what servers, registries and bundles wrote
    // reaches the terminal with its control characters made visible (docs/inspect.md).
    files: ['src/main/hosts/cli/**/*.ts'],
    ignores: ['src/main/hosts/cli/output.ts'],
    rules: {
      'no-console': ['error'],
      'no-restricted-properties': ['error',
        { object: 'process', property: 'stdout', message: 'Print through hosts/cli/output.ts (printText, printJson, printDocument).' },
        { object: 'process', property: 'stderr', message: 'Print through hosts/cli/output.ts (printError).' },
      ],
    },
  },
);
