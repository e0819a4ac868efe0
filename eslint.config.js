// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'crypto', 'child_process', 'http', 'https', 'net', 'url', 'util', 'stream', 'events'];

/**
 * The renderer's own layers: bridge/ at the bottom, then navigation/ (which screen, which vault, the
 * console's mode), then components/, then batch/ (the wallets and vaults the desk works on: their stores
 * and the pieces every screen shows them with); the features above them, and app/ on top, assembling them.
 * A feature reaches batch/ and another feature only through its index.ts, its public surface.
 */
const RENDERER = './renderer/src';
const RENDERER_FEATURES = ['alerts', 'allowances', 'bundles', 'campaigns', 'device', 'operators', 'performance', 'portfolio', 'positions', 'requests', 'settings', 'signing', 'transactions', 'vaults', 'wallets'];
const rendererZones = [
  { target: `${RENDERER}/bridge`, from: [`${RENDERER}/navigation`, `${RENDERER}/components`], message: 'The bridge is the bottom of the renderer.' },
  { target: `${RENDERER}/navigation`, from: [`${RENDERER}/components`], message: 'Navigation sits below the shared components.' },
  {
    target: [`${RENDERER}/bridge`, `${RENDERER}/navigation`, `${RENDERER}/components`],
    from: [`${RENDERER}/app`, ...RENDERER_FEATURES.map((f) => `${RENDERER}/${f}`)],
    message: 'Below the features: bridge/, navigation/ and components/ know no feature and not the app.',
  },
  {
    target: [`${RENDERER}/bridge`, `${RENDERER}/navigation`, `${RENDERER}/components`],
    from: `${RENDERER}/batch`,
    message: 'batch/ sits above bridge/, navigation/ and components/.',
  },
  {
    target: `${RENDERER}/batch`,
    from: [`${RENDERER}/app`, ...RENDERER_FEATURES.map((f) => `${RENDERER}/${f}`)],
    message: 'batch/ sits below the features: it knows no feature and not the app.',
  },
  {
    target: [`${RENDERER}/app`, ...RENDERER_FEATURES.map((f) => `${RENDERER}/${f}`)],
    from: `${RENDERER}/batch`,
    except: ['./index.ts'],
    message: "The batch is reached through its index.ts (import from '../batch'), never its files.",
  },
  ...RENDERER_FEATURES.map((feature) => ({
    target: `${RENDERER}/${feature}`,
    from: `${RENDERER}/app`,
    message: 'app/ assembles the features; a feature never imports it (navigation lives in navigation/).',
  })),
  ...RENDERER_FEATURES.flatMap((feature) =>
    RENDERER_FEATURES.filter((other) => other !== feature).map((other) => ({
      target: `${RENDERER}/${feature}`,
      from: `${RENDERER}/${other}`,
      except: ['./index.ts'],
      message: `Another feature is reached through its index.ts (import from '../${other}'), never its files.`,
    })),
  ),
];

/** `no-restricted-imports` patterns for a layer that must stay free of these modules. */
const forbid = (names, message) => ({ group: names, message });

export default tseslint.config(
  {
    ignores: ['node_modules/**', 'out/**', 'dist/**', 'release/**', 'electron/demo/contracts/out/**', 'test-results/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
      // Without these the import graph stops at .js files and no-cycle would see no TypeScript import at all.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // `typeof import('x')` stays allowed: it types modules that are loaded lazily on purpose.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      'no-console': 'error',
      eqeqeq: ['error', 'smart'],
      // No import circle anywhere: a circle hides which module owns a fact and breaks the layers below.
      // (`import type` is not followed: types are erased and order nothing at run time.)
      'import-x/no-cycle': 'error',

      // The layers of the architecture, one direction only (see README, "Layers").
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './shared', from: ['./electron', './renderer', './test'], message: 'shared/ is pure: it imports nothing from the app layers.' },
            { target: './renderer', from: ['./electron', './test'], message: 'The renderer only talks to the bridge.' },
            { target: './electron/services', from: ['./electron/main', './electron/runtime', './electron/shell', './electron/preload', './renderer'], message: 'Services are plain Node building blocks; composition happens in electron/runtime.' },
            { target: './electron/services', from: ['./electron/demo'], message: 'Services meet the simulation only through their ports; the runtime injects it.' },
            { target: './electron/shell', from: ['./electron/main', './electron/preload'], message: 'The browser shell stands beside the Electron main process: what both need lives in electron/runtime.' },
            { target: './scripts', from: ['./electron/runtime/features', './electron/main', './electron/preload', './electron/shell', './renderer'], message: 'Scripts build on services (and the runtime as a whole), never on a feature module or the app glue.' },
            { target: './electron/runtime', from: ['./electron/main', './electron/shell', './electron/preload', './renderer'], message: 'The runtime is shared by the Electron main process and the browser shell; it knows neither.' },
            { target: './electron/demo', from: ['./electron/main', './electron/runtime', './electron/shell', './electron/preload', './renderer'], message: 'The simulation is used through the same ports as the real service, chain and device.' },
            { target: './electron/runtime/**/!(embedded-simulation|emulated-device|demo-clear-signing|bundled-contracts).ts', from: ['./electron/demo'], message: 'The runtime never depends on the simulation: the entry points inject it (embedded-simulation.ts, emulated-device.ts, the demo clear-signing source and bundled contracts they build).' },
            { target: './electron/demo', from: ['./shared/service'], message: "The simulated service is someone else's server: it has its own records and checks, never the client's schemas." },
            { target: './electron/main', from: ['./electron/shell', './renderer'], message: 'The packaged app contains no browser shell.' },
            { target: './electron/preload', from: ['./electron/main', './electron/runtime', './electron/services', './electron/demo', './electron/shell', './renderer'], message: 'The preload exposes the contract and nothing else.' },
            ...rendererZones,
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [forbid([...nodeBuiltins, 'electron', 'react', 'react-dom'], 'shared/ runs on both sides: no Node, DOM framework or Electron imports.')] }],
    },
  },
  {
    files: ['electron/services/**/*.ts', 'electron/runtime/**/*.ts', 'electron/demo/**/*.ts', 'electron/shell/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [forbid(['electron'], 'Only electron/main and electron/preload may import electron; everything else runs under plain Node and vitest.')] }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [forbid([...nodeBuiltins, 'electron'], 'The renderer is a sandboxed web page: it only talks to the bridge.')] }],
    },
  },
  {
    // No product file over 400 lines: a file that grows past it has two jobs, split at their seam.
    files: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.{ts,tsx}', 'scripts/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    // Command-line entry points and benchmarks print their results.
    files: ['scripts/**/*.ts', 'test/**/*.ts', 'electron/**/cli.ts', 'electron/demo/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests read JSON frames and YAML whose shape the assertions themselves check.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
