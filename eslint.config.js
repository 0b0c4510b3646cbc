// Lint: the recommended JavaScript and TypeScript rules, two type-aware promise rules, plus the layer rules of docs/architecture.md, written as import restrictions per folder.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Node's built-in modules under both spellings (`fs` and `node:fs`).
// Relative paths into another layer's sources (`../../db/src/...`), besides the package names.
const sourcesOf = (...layers) => layers.map((layer) => `**/${layer}/src/**`);

const nodeBuiltins = builtinModules.flatMap((name) => [name, `node:${name}`]);
// Pure computation the domain may use: hashing and path arithmetic touch no file, socket or process.
const pureBuiltins = new Set(['crypto', 'node:crypto', 'path', 'node:path', 'path/posix', 'node:path/posix']);

const noIo = {
  paths: nodeBuiltins
    .filter((name) => !pureBuiltins.has(name))
    .map((name) => ({ name, message: 'packages/domain holds pure rules and does no I/O; do it in packages/db or apps/api.' })),
  patterns: [
    {
      group: [
        '@switchyard/db',
        '@switchyard/db/*',
        '@switchyard/api',
        '@switchyard/api/*',
        '@switchyard/rest-adapter',
        '@switchyard/rest-adapter/*',
      ],
      message: 'packages/domain imports none of the other layers.',
    },
    {
      group: ['@mikro-orm/*', '@electric-sql/*', 'pg', 'pg/*', 'busboy', 'nodemailer', 'pino', 'graphql-yoga', '@trpc/*'],
      message: 'packages/domain does no I/O: no database, HTTP, mail or log library.',
    },
    { group: sourcesOf('db', 'rest-adapter', 'api', 'web'), message: 'packages/domain imports none of the other layers.' },
  ],
};

const noAppsNoRestAdapter = {
  patterns: [
    {
      group: [
        '@switchyard/api',
        '@switchyard/api/*',
        '@switchyard/web',
        '@switchyard/web/*',
        '@switchyard/rest-adapter',
        '@switchyard/rest-adapter/*',
      ],
      message: 'packages/db sits below the apps and the REST adapter; it imports only packages/domain.',
    },
    { group: sourcesOf('rest-adapter', 'api', 'web'), message: 'packages/db imports only packages/domain.' },
  ],
};

const noDb = {
  patterns: [
    {
      group: ['@switchyard/db', '@switchyard/db/*', '@mikro-orm/*', '@electric-sql/*', 'pg', 'pg/*', ...sourcesOf('db')],
      message: 'packages/rest-adapter maps paths onto procedures; it never reaches the database.',
    },
    {
      group: ['@switchyard/api', '@switchyard/api/*', ...sourcesOf('api', 'web')],
      message: 'packages/rest-adapter is used by apps/api, not the other way round.',
    },
  ],
};

const onlyApiTypes = {
  patterns: [
    {
      group: ['@switchyard/api', '@switchyard/api/*', ...sourcesOf('api')],
      allowTypeImports: true,
      message: 'apps/web takes only types from apps/api (`import type`); server code must not reach the browser bundle.',
    },
    {
      group: [
        '@switchyard/db',
        '@switchyard/db/*',
        '@switchyard/rest-adapter',
        '@switchyard/rest-adapter/*',
        '@mikro-orm/*',
        '@electric-sql/*',
        ...sourcesOf('db', 'rest-adapter'),
      ],
      message: 'apps/web runs in the browser; it talks to the server through tRPC only.',
    },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-test/**', '**/node_modules/**', 'data/**', 'bench/results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Two type-aware rules: a promise nobody awaits loses its error (an unhandled rejection ends the
  // process) and its ordering; a promise handed where a plain callback is expected is never awaited.
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error', '@typescript-eslint/no-misused-promises': 'error' },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // `_`-prefixed names are deliberately unused (a destructured field left out, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['apps/web/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic hook rules; the compiler-oriented rules of the plugin's preset assume the React Compiler, which the build does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // Tests read untyped JSON answers and build deliberately malformed bodies; `any` is the honest type there.
  { files: ['test/**', '**/*.test.ts', '**/*.test.tsx'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // The log line filter strips the ANSI colour codes (ESC, 0x1b) from the ORM's messages on purpose.
  { files: ['apps/api/src/main.ts'], rules: { 'no-control-regex': 'off' } },
  {
    files: ['packages/domain/src/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', noIo],
      // A dynamic import would slip past the import rule; the process and the network are I/O too.
      'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: 'packages/domain loads no module at run time.' }],
      'no-restricted-globals': [
        'error',
        ...['process', 'fetch', 'XMLHttpRequest', 'WebSocket'].map((name) => ({
          name,
          message: 'packages/domain does no I/O; the caller passes what it needs.',
        })),
      ],
    },
  },
  { files: ['packages/db/src/**'], rules: { '@typescript-eslint/no-restricted-imports': ['error', noAppsNoRestAdapter] } },
  { files: ['packages/rest-adapter/src/**'], rules: { '@typescript-eslint/no-restricted-imports': ['error', noDb] } },
  { files: ['apps/web/src/**'], rules: { '@typescript-eslint/no-restricted-imports': ['error', onlyApiTypes] } },
);
