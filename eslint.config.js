import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const WEB = './src/web';
const SERVER = './src/server';
/** The server's composition root: it wires modules, plugins and jobs together; nothing below it imports it. */
const SERVER_ROOT = ['app.ts', 'server.ts', 'main.ts', 'jobs.ts'].map((f) => `${SERVER}/${f}`);
const features = readdirSync(`${WEB}/features`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const serverModules = readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
/**
 * A server module is entered only through its index.ts (its public API): from another module, the module registry
 * (modules/index.ts), the seed and the composition root, importing any other file of the module fails. One zone per
 * module: its folder is restricted for every place outside it, except its index.ts (and, for tests, its
 * test-support.ts: the fixtures the API tests of other modules build on). lib, db and plugins import no module at
 * all (the zones below say so), so they are not targets here and a violation there is reported once.
 */
const moduleThroughIndex = (allowed, why, elsewhere = []) =>
  serverModules.map((name) => ({
    target: [...serverModules.filter((m) => m !== name).map((m) => `${SERVER}/modules/${m}`), `${SERVER}/modules/*.ts`, `${SERVER}/db/seed`, ...SERVER_ROOT, ...elsewhere],
    from: [`${SERVER}/modules/${name}`],
    except: allowed,
    message: `Import the ${name} module only through modules/${name}/index.ts${why}: another module, the registry, the seed and the composition root use its public API, never its internal files.`,
  }));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'screenshots/**', 'src/web/public/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Dependencies point one way: web -> shared <- server.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/web/**', 'node:*', 'react', 'react-dom'] }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/server/**'] }] },
  },
  {
    // No import cycle anywhere in src/. Type-only imports count too: a cycle of types is still a knot in the layers.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Web layers, lowest first: lib -> components -> entities -> features -> app (layouts sit beside features).
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: [`${WEB}/lib`],
              from: [`${WEB}/components`, `${WEB}/entities`, `${WEB}/features`, `${WEB}/layouts`, `${WEB}/app`],
              message: 'web/lib is the bottom layer: it imports nothing from components, entities, features, layouts or app.',
            },
            {
              target: [`${WEB}/components`],
              from: [`${WEB}/entities`, `${WEB}/features`, `${WEB}/layouts`, `${WEB}/app`],
              message: 'web/components is generic UI: it imports only lib (and shared).',
            },
            {
              target: [`${WEB}/entities`],
              from: [`${WEB}/features`, `${WEB}/layouts`, `${WEB}/app`],
              message: 'web/entities imports only lib, components and other entities.',
            },
            {
              target: [`${WEB}/layouts`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message: 'web/layouts imports only lib, components and entities.',
            },
            {
              target: [`${WEB}/features`],
              from: [`${WEB}/app`],
              message: 'web/app is the composition root: nothing imports it.',
            },
            ...features.map((name) => ({
              target: [`${WEB}/features/${name}`],
              from: [`${WEB}/features`],
              except: [`./${name}`],
              message: 'A feature imports no other feature; what two sections share about an entity lives in web/entities.',
            })),
          ],
        },
      ],
    },
  },
  {
    // Server layers, lowest first: db (schema, client, migrations) and lib -> plugins -> modules -> the composition
    // root (app, server, main, jobs); the seed writes demo data through the modules. Tests, and the command-line
    // tools that play an outside party against a running console (bank:simulate, dev:zns), may reach across.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts', 'src/server/test/**', 'src/server/modules/bank-transactions/bank-simulate.ts', 'src/server/modules/notifications/fake-zns*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: [`${SERVER}/lib`],
              from: [`${SERVER}/modules`, `${SERVER}/plugins`, `${SERVER}/db/seed`, ...SERVER_ROOT],
              message: 'server/lib is the bottom layer: it imports only db, shared and other lib files, never a module, a plugin, the seed or the composition root.',
            },
            {
              target: [`${SERVER}/db/*.ts`, `${SERVER}/db/schema`],
              from: [`${SERVER}/modules`, `${SERVER}/plugins`, `${SERVER}/db/seed`, ...SERVER_ROOT],
              message: 'server/db (schema, client, migrations, backup) imports only lib and shared.',
            },
            {
              target: [`${SERVER}/plugins`],
              from: [`${SERVER}/modules`, `${SERVER}/db/seed`, ...SERVER_ROOT],
              message: 'server/plugins serve every module: they import lib, db and shared, never a module or the composition root.',
            },
            {
              target: [`${SERVER}/modules`],
              from: [`${SERVER}/db/seed`, ...SERVER_ROOT],
              message: 'A module never imports the seed or the composition root (app, server, main, jobs).',
            },
            ...moduleThroughIndex(['./index.ts'], ''),
          ],
        },
      ],
    },
  },
  {
    // Tests import a module's own internals freely; another module only through its index.ts, or its test-support.ts
    // (fixtures: helpers that create slips, MAWBs, users through the API).
    files: ['src/server/**/*.test.ts', 'src/server/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: moduleThroughIndex(['./index.ts', './test-support.ts'], ' (or its test-support.ts)', [
            `${SERVER}/lib`, `${SERVER}/plugins`, `${SERVER}/db`, `${SERVER}/test`, `${SERVER}/*.test.ts`,
          ]) },
      ],
    },
  },
);
