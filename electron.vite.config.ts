import path from 'node:path';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';
import { compileContracts } from './electron/demo/contracts/compile';
import { BUNDLED_CONTRACTS_FILE } from './electron/runtime/bundled-contracts';
import { rendererConfig } from './vite.renderer.config';

const here = import.meta.dirname;

/**
 * The demo deploys the vault contracts on its local chains. The Solidity sources and the compiler
 * are not part of the packaged app, so the compiled contracts travel beside the main bundle.
 */
function bundledContracts(): Plugin {
  return {
    name: 'vaultdesk-bundled-contracts',
    generateBundle() {
      const { artifacts } = compileContracts({
        srcDir: path.resolve(here, 'electron/demo/contracts/src'),
        outDir: path.resolve(here, 'electron/demo/contracts/out'),
      });
      this.emitFile({ type: 'asset', fileName: BUNDLED_CONTRACTS_FILE, source: JSON.stringify(artifacts) });
    },
  };
}

export default defineConfig({
  main: {
    plugins: [bundledContracts()],
    build: {
      outDir: 'out/main',
      // Dependencies stay in node_modules (keytar and node-hid are native), except p-limit: it is
      // ES-module only and the main bundle is CommonJS, so it is bundled in.
      externalizeDeps: { exclude: ['p-limit'] },
      rollupOptions: {
        input: { index: path.resolve(here, 'electron/main/index.ts'), 'device-process': path.resolve(here, 'electron/main/device-process.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ES modules or node_modules: one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: path.resolve(here, 'electron/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: rendererConfig('electron', 'out/renderer'),
});
