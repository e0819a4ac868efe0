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
    // The packaged app talks over IPC only: its CSP allows no WebSocket. The browser shell's build
    // adds its loopback WebSocket to connect-src (the shell also sends the exact origin as a header).
    plugins: [react(), { name: 'vaultdesk-csp', transformIndexHtml: (html: string) => rendererCsp(html, bridge) }],
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

/** The renderer's meta CSP for a bridge: `ws://127.0.0.1:*` in connect-src for the browser shell only. */
export function rendererCsp(html: string, bridge: 'electron' | 'websocket'): string {
  return bridge === 'websocket' ? html.replace("connect-src 'self'", "connect-src 'self' ws://127.0.0.1:*") : html;
}
