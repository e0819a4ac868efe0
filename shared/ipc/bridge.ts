import type { EventName, EventPayload, MethodInput, MethodResult, Methods, Namespace } from './contract';
import type { Result } from './result';

/**
 * The shape of the object the renderer talks to: one named async method per contract method,
 * grouped by namespace, plus one named subscription per event. Both the Electron preload and the
 * browser shell's WebSocket bridge implement it.
 */
export type BridgeApi = {
  [N in Namespace]: {
    [M in keyof Methods[N]]: (input: MethodInput<N, M>) => Promise<Result<MethodResult<N, M>>>;
  };
} & {
  events: { [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void };
};

/** The global name under which the preload exposes the bridge. */
export const BRIDGE_GLOBAL = 'vaultdesk';
