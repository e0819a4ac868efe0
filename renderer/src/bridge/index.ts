import type { BridgeApi } from '../../../shared/ipc/bridge';
import type { Result } from '../../../shared/ipc/result';
import { toAppErrorData, type AppErrorData } from '../../../shared/errors';
import { decodingBridge } from './decoding-bridge';

let bridge: BridgeApi | null = null;

/**
 * Connects to whichever bridge this build provides: the preload's object in Electron, or the
 * browser shell's WebSocket. The WebSocket code is only in the browser-shell build (the constant
 * is replaced at build time and the other branch is dropped). Either way the answers arrive in
 * their wire form and are decoded here, once, for both.
 */
export async function connectBridge(): Promise<BridgeApi> {
  if (bridge) return bridge;
  if (__VAULTDESK_BRIDGE__ === 'websocket') {
    const { connectWebSocketBridge } = await import('./websocket-bridge');
    installBridge(decodingBridge(await connectWebSocketBridge()));
  } else {
    if (!window.vaultdesk) throw new Error('The console bridge is missing: the preload did not load.');
    installBridge(decodingBridge(window.vaultdesk));
  }
  return getBridge();
}

/**
 * Sets the bridge the stores call: the connected one, or in the stores' tests a fake answering
 * with the contract's values (null removes it).
 */
export function installBridge(next: BridgeApi | null): void {
  bridge = next;
}

export function getBridge(): BridgeApi {
  if (!bridge) throw new Error('The bridge is used before it is connected.');
  return bridge;
}

/** A failed call as the UI shows it. */
class BridgeError extends Error {
  constructor(readonly data: AppErrorData) {
    super(data.message);
  }
}

/** Unwraps a tagged result, so stores can use try/catch and keep the error's code and action. */
export async function call<T>(promise: Promise<Result<T>>): Promise<T> {
  const result = await promise;
  if (result.ok) return result.value;
  throw new BridgeError(result.error);
}

export function errorData(err: unknown): AppErrorData {
  if (err instanceof BridgeError) return err.data;
  return toAppErrorData(err, 'UI_ERROR');
}
