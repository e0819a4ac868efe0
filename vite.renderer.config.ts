import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

/**
 * The renderer's build, shared by the Electron build (bridge = the preload's named methods) and the
 * browser shell's build (bridge = a WebSocket to the shell). The bridge is chosen at build time, so
 * the packaged app contains no network bridge at all.
 */
export function rendererConfig(bridge: 'electron' | 'websocket', outDir: string): UserConfig {
  return {
    root: path.resolve(import.meta.dirname, 'renderer'),
    base: './',
    plugins: [react()],
    define: { __VAULTDESK_BRIDGE__: JSON.stringify(bridge) },
    build: {
      outDir: path.resolve(import.meta.dirname, outDir),
      emptyOutDir: true,
      sourcemap: false,
      target: 'chrome130',
      rollupOptions: { input: path.resolve(import.meta.dirname, 'renderer/index.html') },
    },
  };
}
