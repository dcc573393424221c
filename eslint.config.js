// Lint rules, including the architecture's boundaries (decision 011): which part of src/ may import which.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

/**
 * One file-name casing for the whole tree: kebab-case (decision 011). Every file was renamed once by a codemod,
 * since removed (decision 004's amendment).
 */
const KEBAB_CASE_FILE_NAMES = true;

const FEATURES_DIR = 'src/client/features';
const features = readdirSync(new URL(FEATURES_DIR, import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** Boundaries: `target` may not import from `from` (paths from the repository root). */
const boundaryZones = [
  {
    target: './src/shared',
    from: ['./src/server', './src/client'],
    message: 'src/shared is imported by both sides and imports neither.',
  },
  {
    target: './src/client',
    from: './src/server',
    message: 'The browser app never imports server code: share it through src/shared.',
  },
  {
    target: './src/server',
    from: './src/client',
    message:
      'The server never imports client code: share it through src/shared (build steps that need both live in scripts/).',
  },
  {
    target: './src/server/payments',
    from: ['./src/server/services', './src/server/routes', './src/server/jobs'],
    message:
      'A payment provider, the sandbox included, reaches the app only through the provider interface and signed webhooks (decision 003): payments/ never imports services/, routes/ or jobs/.',
  },
  // Layers of the client, one way only: components/ and lib/ → features/ → pages/ and app/.
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/pages', './src/client/app'],
    message: 'components/ and lib/ are shared by every feature and import none of them, nor pages/ or app/.',
  },
  {
    target: './src/client/features',
    from: ['./src/client/pages', './src/client/app'],
    message: 'A feature is composed by pages/ and app/, never the other way round.',
  },
  // A feature never imports another feature: what two features share moves to components/ or lib/.
  ...features.map((name) => ({
    target: `./${FEATURES_DIR}/${name}`,
    from: `./${FEATURES_DIR}`,
    except: [`./${name}`],
    message:
      'A feature never imports another feature: move what both need to components/ or lib/ (or compose them in a page).',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // Comments cite the README, a decision record or a test: documents outside the repository are not there to read.
      'no-warning-comments': [
        'error',
        { terms: ['spec §', 'DESIGN §', 'DESIGN.md', 'product-spec', 'work/shared'], location: 'anywhere' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Parse imported TypeScript files too, so no-cycle follows the whole graph.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          // The server imports its TypeScript files as .js (NodeNext); the client omits the extension.
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // Paths from the repository root, wherever ESLint is started (an editor, a subfolder).
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones, basePath: import.meta.dirname }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'stripe',
              message:
                'Only the Stripe adapter (src/server/payments/stripe/) talks to Stripe; use the PaymentProvider.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/payments/stripe/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/client/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A scrollable table region must take the keyboard focus to be scrolled without a mouse (axe:
      // scrollable-region-focusable); it is a labelled role="region", not a focusable <div> at random.
      'jsx-a11y/no-noninteractive-tabindex': [
        'error',
        { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true },
      ],
    },
  },
  {
    // A focused or skipped test must never reach main: CI would silently run less than the suite.
    files: ['tests/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name=/^(describe|it|test|suite)$/][property.name=/^(only|skip)$/]',
          message: 'No .only / .skip in committed tests (describe.skipIf with a stated reason is fine).',
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-naming-convention': ['error', { '{src,tests,scripts,bench}/**/': 'KEBAB_CASE' }],
      ...(KEBAB_CASE_FILE_NAMES && {
        'check-file/filename-naming-convention': [
          'error',
          { '**/*.{js,mjs,ts,tsx}': 'KEBAB_CASE' },
          { ignoreMiddleExtensions: true },
        ],
      }),
    },
  },
);
