// One ESLint configuration for every package of the workspace.
import { readdirSync } from 'node:fs';

import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The web's features do not import each other's insides: from src/features/X, another feature is
// reached only through its index.ts (what it offers the others); shared pieces live in components/,
// hooks/ or lib/. Relative paths depend on how deep the importing file sits, hence a block per depth.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The products are data the owner edits: the web's code takes them from the catalogue of the page
// (hooks/use-catalogue.tsx's useCatalogue, which alone may name the nine of the code), never from
// the static list. Tests and their fixtures may.
const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'];
const STATIC_CATALOGUE = {
  name: '@vanya/catalog',
  importNames: ['products', 'getProduct', 'isProductId', 'STARTER_CATALOGUE'],
  message:
    'The products change without a release: take them from useCatalogue() (hooks/use-catalogue.tsx), or as a Catalogue parameter in plain functions.',
};
const staticCatalogue = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: [...WEB_TESTS, 'apps/web/src/hooks/use-catalogue.tsx'],
  rules: { 'no-restricted-imports': ['error', { paths: [STATIC_CATALOGUE] }] },
};

const OTHER_FEATURE_MESSAGE =
  "Features do not import each other's insides: import it from that feature's index.ts (export it there), or move the shared piece to components/, hooks/ or lib/.";
const featureBoundaries = WEB_FEATURES.flatMap((feature) =>
  [0, 1, 2].flatMap((depth) => {
    // Slashes escaped so the same pattern also reads as an esquery regex below.
    const up = (times) => `(\\.\\.\\/){${times}}`;
    const otherInside = `(?!${feature}\\/)[\\w-]+\\/(?!index$)`;
    const regex = `^${up(depth + 1)}${otherInside}|^${up(depth + 2)}features\\/${otherInside}`;
    const files = [`apps/web/src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`];
    const patterns = [{ regex, message: OTHER_FEATURE_MESSAGE }];
    // A later block's options replace an earlier one's, so the static catalogue's rule is repeated
    // here for the feature's files that are not tests.
    const withCatalogue = {
      files,
      ignores: WEB_TESTS,
      rules: { 'no-restricted-imports': ['error', { paths: [STATIC_CATALOGUE], patterns }] },
    };
    return [
      {
        files,
        rules: {
          'no-restricted-imports': ['error', { patterns }],
          // no-restricted-imports reads static imports only; lazy pages and panels use import().
          'no-restricted-syntax': [
            'error',
            {
              selector: `ImportExpression > Literal[value=/${regex}/]`,
              message: OTHER_FEATURE_MESSAGE,
            },
          ],
        },
      },
      withCatalogue,
    ];
  }),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.turbo/**',
      '**/.data/**',
      '**/.tools/**',
      '**/.reports/**',
      '**/node_modules/**',
      '**/coverage/**',
      'apps/web/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  // The API's functions stay short enough to read in one sitting: a module is functions taking
  // what they need, not one closure holding every operation (tests, grouped by describe, are exempt).
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 100, skipBlankLines: true, skipComments: true }],
    },
  },
  // The API sells from the catalogue in the database (modules/products/catalogue.ts, which seeds
  // it from the starter nine): a read of the starter list anywhere else would go stale unseen.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/*.test.ts',
      'apps/api/src/testing/**',
      'apps/api/src/modules/products/catalogue.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@vanya/catalog',
              importNames: [
                'products',
                'getProduct',
                'isProductId',
                'STARTER_CATALOGUE',
                'STOCKED_PRODUCT_IDS',
                'PRODUCT_IDS',
              ],
              message:
                'Read the catalogue of the moment (stock.catalogue(), or the deps catalogue()).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  staticCatalogue,
  ...featureBoundaries,
  prettier,
);
