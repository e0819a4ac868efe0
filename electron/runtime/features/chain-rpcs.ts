import type { ChainRpcs, ChainRpcsEntry, RpcAdded, RpcTest } from '../../../shared/chains/schemas';
import { checkRpcUrl } from '../../../shared/chains/rpc-url';
import { AppError, toAppErrorData, type AppErrorData } from '../../../shared/errors';
import type { ConsoleMode } from '../../../shared/ipc/schemas';
import type { ResourceItem } from '../../../shared/service';
import { serviceRpcUrls } from '../../services/chain/pool';
import type { ChainRpcBook } from '../../services/settings/chain-rpcs';
import { testRpc } from '../../services/settings/rpc-test';
import type { Logger } from '../../services/log/logger';
import { feature, type Feature } from '../feature';

interface ChainRpcsDeps {
  book: ChainRpcBook;
  mode: () => ConsoleMode;
  /** The service's chain records (names, and the RPCs it suggests). */
  chainRecords: () => Promise<readonly ResourceItem<'chains'>[]>;
  /** The demo's local chains, which the demo configures itself (null outside the demo). */
  demoChains: () => Promise<Array<{ chainId: number; rpcUrl: string }> | null>;
  log: Logger;
  fetchFn?: typeof fetch;
  /** The operator's set of RPCs changed (without a key, the vaults' chains are found through them). */
  onRpcsChanged?: () => void;
}

/**
 * Settings → Chains: the operator's own RPC addresses per chain, each tested before it is saved
 * (the chain id it answers for must be the chain's, its latest block is read), in the order they
 * are tried. The addresses the service lists are offered as suggestions; one is used only once the
 * operator confirms it, and it is tested like a typed one.
 */
export function createChainRpcsFeature(deps: ChainRpcsDeps): Feature {
  async function chainRpcs(): Promise<ChainRpcs> {
    const mode = deps.mode();
    let records: readonly ResourceItem<'chains'>[] = [];
    let serviceError: AppErrorData | null = null;
    if (mode !== 'offline') {
      try {
        records = await deps.chainRecords();
      } catch (err) {
        serviceError = toAppErrorData(err);
      }
    }
    const nameOf = (chainId: number) => records.find((r) => r.chainID === chainId)?.name ?? `Chain ${chainId}`;
    if (mode === 'demo') {
      const local = (await deps.demoChains()) ?? [];
      return {
        chains: local.map((c) => ({ chainId: c.chainId, name: nameOf(c.chainId), rpcs: [c.rpcUrl], setBy: 'demo', suggestions: [] })),
        serviceError,
      };
    }
    const saved = await deps.book.all();
    const ids = new Set<number>([...saved.keys()]);
    for (const r of records) if (typeof r.chainID === 'number' && r.chainID > 0) ids.add(r.chainID);
    const chains: ChainRpcsEntry[] = [...ids]
      .sort((a, b) => a - b)
      .map((chainId) => {
        const rpcs = saved.get(chainId) ?? [];
        const listed = serviceRpcUrls(records.find((r) => r.chainID === chainId));
        // Compared as the check writes them, so a suggestion already taken is not offered again.
        const suggestions = listed.filter((u) => {
          const c = checkRpcUrl(u);
          return !rpcs.includes(c.ok ? c.url : u);
        });
        return { chainId, name: nameOf(chainId), rpcs: [...rpcs], setBy: 'operator', suggestions: [...new Set(suggestions)] };
      });
    return { chains, serviceError };
  }

  async function test({ chainId, url }: { chainId: number; url: string }): Promise<RpcTest> {
    if (deps.mode() === 'offline') {
      return {
        ok: false,
        chainId,
        url,
        answeredChainId: null,
        blockNumber: null,
        blockAgeSeconds: null,
        latencyMs: 0,
        code: 'OFFLINE',
        message: 'This install is offline: it connects to nothing, not even to test an RPC.',
        action: 'Turn off "Never connect to the network" below to test and use RPCs.',
      };
    }
    return testRpc(chainId, url, deps.fetchFn ? { fetchFn: deps.fetchFn } : {});
  }

  async function addRpc(input: { chainId: number; url: string }): Promise<RpcAdded> {
    if (deps.mode() === 'demo') {
      throw new AppError({
        code: 'RPC_DEMO',
        message: 'The demo reads its own local chains: it sets their RPCs itself.',
        action: 'Save your service key first; the RPCs you add then serve the live console.',
      });
    }
    const result = await test(input);
    if (result.ok) {
      const already = (await deps.book.urls(input.chainId)).includes(result.url);
      if (already) {
        return {
          test: {
            ...result,
            ok: false,
            code: 'RPC_DUPLICATE',
            message: `${result.url} is already an RPC of chain ${input.chainId}.`,
            action: 'Nothing to do.',
          },
          chains: await chainRpcs(),
        };
      }
      await deps.book.add(input.chainId, result.url);
      deps.onRpcsChanged?.();
      deps.log.info('RPC added for a chain', { chainId: input.chainId, host: new URL(result.url).host });
    }
    return { test: result, chains: await chainRpcs() };
  }

  return feature({
    settings: {
      chainRpcs,
      testRpc: test,
      addRpc,
      async removeRpc({ chainId, url }) {
        await deps.book.remove(chainId, url);
        deps.onRpcsChanged?.();
        return chainRpcs();
      },
      async moveRpc({ chainId, url, direction }) {
        await deps.book.move(chainId, url, direction);
        return chainRpcs();
      },
    },
  });
}
