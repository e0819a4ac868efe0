import { defineConfig } from 'vite';
import { rendererConfig } from './vite.renderer.config';

/** The renderer for the browser shell: same UI, WebSocket bridge. Never packaged. */
export default defineConfig(rendererConfig('websocket', 'out/shell-renderer'));
