import { events, methods } from './contract';
import type { BridgeApi } from './bridge';
import type { Result } from './result';

/**
 * Builds the renderer-facing object from the contract, over any transport: the Electron preload
 * passes ipcRenderer.invoke, the browser shell a WebSocket. Each method is a named function closed
 * over its own name, so only contract methods exist on the object.
 */
export function buildBridgeApi(
  invoke: (method: string, input: unknown) => Promise<Result<unknown>>,
  subscribe: (event: string, listener: (payload: unknown) => void) => () => void,
): BridgeApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const [ns, group] of Object.entries(methods)) {
    const target: Record<string, unknown> = {};
    for (const m of Object.keys(group)) {
      const name = `${ns}.${m}`;
      target[m] = (input: unknown) => invoke(name, input ?? {});
    }
    api[ns] = target;
  }
  const eventApi: Record<string, unknown> = {};
  for (const e of Object.keys(events)) {
    eventApi[e] = (listener: (payload: unknown) => void) => subscribe(e, listener);
  }
  api.events = eventApi;
  return api as unknown as BridgeApi;
}
