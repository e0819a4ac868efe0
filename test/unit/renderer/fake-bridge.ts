import { afterEach } from 'vitest';
import type { StoreApi, UseBoundStore } from 'zustand';
import type { AppErrorData } from '../../../shared/errors';
import { buildBridgeApi } from '../../../shared/ipc/build-bridge';
import type { BridgeApi } from '../../../shared/ipc/bridge';
import { installBridge } from '../../../renderer/src/bridge';

/** A failed answer, as the main side sends one: a handler throws it to answer `{ok: false}`. */
export class Refusal extends Error {
  constructor(readonly data: AppErrorData) {
    super(data.message);
  }
}

export const refusal = (code: string, message = `${code} from the test`): Refusal => new Refusal({ code, message, action: 'What to do.' });

type Handler = (input: any) => unknown;

export interface FakeBridge {
  api: BridgeApi;
  /** Every call the stores made, in order: `namespace.method` and its input. */
  calls: Array<{ method: string; input: any }>;
  /** Pushes an event as the main side would. */
  emit(event: string, payload: unknown): void;
}

/**
 * Installs a bridge whose methods answer from `handlers` (by `namespace.method`), as the stores
 * would see the connected one: a handler's value becomes `{ok: true, value}`, a thrown Refusal
 * `{ok: false, error}`. A method the test did not answer fails the test's call loudly.
 */
export function installFakeBridge(handlers: Record<string, Handler>): FakeBridge {
  const calls: FakeBridge['calls'] = [];
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const api = buildBridgeApi(
    async (method, input) => {
      calls.push({ method, input });
      const handler = handlers[method];
      if (!handler) return { ok: false, error: { code: 'NOT_ANSWERED', message: `The test does not answer ${method}.` } };
      try {
        return { ok: true, value: await handler(input) };
      } catch (err) {
        if (err instanceof Refusal) return { ok: false, error: err.data };
        throw err;
      }
    },
    (event, listener) => {
      const set = listeners.get(event) ?? new Set();
      set.add(listener);
      listeners.set(event, set);
      return () => set.delete(listener);
    },
  );
  installBridge(api);
  return { api, calls, emit: (event, payload) => listeners.get(event)?.forEach((l) => l(payload)) };
}

/** A promise the test settles when it wants: for answers that arrive in a chosen order. */
export function deferred<T>(): { promise: Promise<T>; resolve(value: T): void; reject(err: unknown): void } {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** One answer held back per key (a batch, a campaign…), each settled by the test in the order it chooses. */
export function heldAnswers<T>(...keys: Array<string | null>): Map<string | null, ReturnType<typeof deferred<T>>> {
  return new Map(keys.map((key) => [key, deferred<T>()]));
}

/** Puts each store back as it was created after every test of the file, and removes the bridge. */
export function freshStores(...stores: Array<UseBoundStore<StoreApi<any>>>): void {
  const initial = stores.map((store) => [store, store.getState()] as const);
  afterEach(() => {
    for (const [store, state] of initial) store.setState(state, true);
    installBridge(null);
  });
}
