import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// User text as a replacement string splices in `$&`, `$'`, `` $` ``; [arguments.1] spares location.replace(url).
const replacementPatterns = {
  selector:
    'CallExpression[callee.property.name=/^replace(All)?$/][arguments.1.type!=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/][arguments.1]',
  message:
    "A replacement that is not a literal is a pattern: user text in it splices `$&`, `$'`, `` $` `` into the result. Pass a function (() => text) instead.",
};

// The web app's layers (docs/architecture.md, "Boundaries"): app/ composes features; a feature imports
// only itself and the shared components/, hooks/ and lib/ (its tests also test/); shared code imports
// no feature. One zone per folder of features/, read here: a new feature is kept apart as it appears.
const web = './apps/web/src';
const webFeatures = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webLayers = [
  ...webFeatures.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: web,
    except: [`./features/${feature}`, './components', './hooks', './lib', './test'],
    message: `features/${feature} imports only itself, components/, hooks/, lib/ and test/: move what features share there, or let app/ compose them.`,
  })),
  {
    target: [`${web}/components`, `${web}/hooks`, `${web}/lib`, `${web}/test`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (components/, hooks/, lib/, test/) imports no feature and nothing of app/.',
  },
];

// The server's modules (docs/decisions/029): code outside modules/<name>/ imports only that module's
// index.ts, its public surface. One zone per folder of modules/, read here: a new module is covered as
// it appears. The targets are everything else in the server's src/ (other modules, app.ts, plugins/, db/…).
const server = './apps/server/src';
const serverEntries = fs.readdirSync(path.join(import.meta.dirname, 'apps/server/src'), { withFileTypes: true });
const serverModules = fs
  .readdirSync(path.join(import.meta.dirname, 'apps/server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const serverSurfaces = serverModules.map((name) => ({
  target: [
    ...serverEntries.filter((entry) => entry.name !== 'modules').map((entry) => `${server}/${entry.name}`),
    ...serverModules.filter((other) => other !== name).map((other) => `${server}/modules/${other}`),
  ],
  from: `${server}/modules/${name}`,
  except: ['./index.ts'],
  message: `Import modules/${name} through its index.ts (its public surface): export what you need there, or ask the module through it.`,
}));

// Both apps: the zones and the cycle check see only the imports they resolve, and the cycle check
// follows only the files it may parse: without these, extensionless TypeScript imports went unchecked.
const typescriptImports = {
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
  'import-x/extensions': ['.ts', '.tsx', '.js'],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'bench/*.mjs', 'tests/e2e/support/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      'import-x/no-cycle': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    // Keep disableTypeChecked's parser options: without them every script joins the default project,
    // which refuses more than eight files.
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: globals.node },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    settings: typescriptImports,
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The web app never imports server code, and features do not reach into each other (webLayers).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@marketplace/server'], message: 'The web app never imports server code.' },
          ],
        },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: webLayers }],
      // A package cannot close a cycle through the app's files: the check does not walk into them.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    settings: typescriptImports,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: serverSurfaces }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Every file, before the blocks below that add their own restrictions (each lists this one again).
    rules: { 'no-restricted-syntax': ['error', replacementPatterns] },
  },
  {
    // The API tests share their worker's modules (vitest.config.ts: isolate false), where a module
    // mock would leak into the next file or miss a module already loaded.
    files: ['apps/server/test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|unmock)$/]",
          message: 'API test files share modules: spy on an object (vi.spyOn) instead of mocking a module.',
        },
        replacementPatterns,
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/web/**', '@marketplace/web'], message: 'The server never imports web code.' }],
        },
      ],
    },
  },
);
