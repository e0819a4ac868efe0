import { create } from 'zustand';
import type { ChainRpcs, RpcTest } from '../../../shared/chains/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

interface ChainsState {
  view: ChainRpcs | null;
  error: AppErrorData | null;
  /** The chain whose address is being tested (one at a time). */
  testing: { chainId: number; url: string } | null;
  /** The last test of each chain, kept until its next one. */
  tests: Record<number, RpcTest>;
  load(): Promise<void>;
  /** Tests an address and adds it if it serves the chain; true when it was added. */
  add(chainId: number, url: string): Promise<boolean>;
  remove(chainId: number, url: string): Promise<void>;
  move(chainId: number, url: string, direction: 'up' | 'down'): Promise<void>;
}

/** Settings → Chains: the operator's RPCs per chain, the service's suggestions, and each address's test. */
export const useChainsStore = create<ChainsState>((set) => {
  const run = async (work: () => Promise<ChainRpcs>) => {
    try {
      set({ view: await work(), error: null });
    } catch (err) {
      set({ error: errorData(err) });
    }
  };
  return {
    view: null,
    error: null,
    testing: null,
    tests: {},
    load: () => run(() => call(getBridge().settings.chainRpcs({}))),
    async add(chainId, url) {
      set({ testing: { chainId, url }, error: null });
      try {
        const { test, chains } = await call(getBridge().settings.addRpc({ chainId, url }));
        set((s) => ({ view: chains, tests: { ...s.tests, [chainId]: test } }));
        return test.ok;
      } catch (err) {
        set({ error: errorData(err) });
        return false;
      } finally {
        set({ testing: null });
      }
    },
    remove: (chainId, url) => run(() => call(getBridge().settings.removeRpc({ chainId, url }))),
    move: (chainId, url, direction) => run(() => call(getBridge().settings.moveRpc({ chainId, url, direction }))),
  };
});
