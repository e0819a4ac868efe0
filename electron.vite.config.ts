import path from 'node:path';
import { defineConfig } from 'electron-vite';
import { rendererConfig } from './vite.renderer.config';

const here = import.meta.dirname;

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // keytar and node-hid are native modules; they stay in node_modules, everything else is bundled.
      externalizeDeps: true,
      rollupOptions: {
        input: { index: path.resolve(here, 'electron/main/index.ts'), 'device-host': path.resolve(here, 'electron/main/device-host.ts') },
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
