// The project's linter (npm run lint, and npm test): typescript-eslint's recommended rules, Lit's and
// web components' (eslint-plugin-lit, eslint-plugin-wc) for the widget and the console, and
// eslint-plugin-regexp's two rules against super-linear patterns for everything the service and the
// widget run (src/): no visitor's or owner's text may cost more than linear time (issue 37).
// (The plugin's other rules were tried: what they found in src/ was redundancy — an alternative
// another covers, a `\b` that always holds — not a wrong match, and their fixes rewrite the
// engines' patterns for style.)
// Installed on its own (package.json beside this file): typescript-eslint needs TypeScript 6's API,
// which TypeScript 7, the project's compiler, does not have.
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import regexp from 'eslint-plugin-regexp';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '**/node_modules/**',
      '.data/**',
      'demo/frameworks/**',
      'bench/results/**',
      'bench/.tmp/**',
      'test/fixtures/**',
      'src/server/store/migrations/**',
      'scripts/lint/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_` names what is there to be left out (a destructured field, an argument a signature needs).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrors: 'none',
        },
      ],
      // `ready && go()` and `a ? b() : c()` as statements: the widget's renderer is written for its bytes.
      '@typescript-eslint/no-unused-expressions': ['error', { allowShortCircuit: true, allowTernary: true }],
      // `let { a, b } = …` where only b changes: one statement, not two.
      'prefer-const': ['error', { destructuring: 'all' }],
      // `interface GlobalEventHandlersEventMap extends ChatBotEventMap {}`: how a global map is augmented.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    files: ['src/widget/**/*.ts', 'src/*.ts', 'demo/console/**/*.ts', 'demo/spa/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/widget/**/*.ts', 'src/*.ts', 'demo/console/**/*.ts', 'demo/spa/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/**/*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
);
