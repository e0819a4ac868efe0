/// <reference types="vite/client" />
import type { BridgeApi } from '../../shared/ipc/bridge';

declare global {
  /** Which bridge this build talks through; replaced at build time. */
  const __VAULTDESK_BRIDGE__: 'electron' | 'websocket';
  interface Window {
    vaultdesk?: BridgeApi;
  }
}
export {};
