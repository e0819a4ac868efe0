import type { ResourceItem } from '../../../shared/service';
import type { Logger } from '../log/logger';
import type { KeylessChains } from './catalog';
import { isAddressText } from '../../../shared/domain/hex';

type Vault = ResourceItem<'vaults'>;
type ChainRecord = ResourceItem<'chains'>;

interface ChainsFromRpcsOptions {
  /** The chains the operator set an RPC for (Settings → Chains). */
  rpcChains: () => Promise<readonly number[]>;
  /** Whether a contract is deployed at this address on this chain, asked through the operator's RPCs. */
  hasCode: (chainId: number, address: `0x${string}`) => Promise<boolean>;
  log?: Pick<Logger, 'warn'>;
}

const asAddress = (value: unknown): `0x${string}` | null =>
  isAddressText(value) ? value : null;

/** The contract that identifies a vault on chain: its epoch vault, else its own (tranche) address. */
const contractOf = (vault: Vault): `0x${string}` | null =>
  asAddress((vault as { cdoEpoch?: { address?: unknown } }).cdoEpoch?.address) ?? asAddress(vault.address);

/**
 * The chain records of a console without a key. The service names a vault's chain by its chain
 * record's `_id`, and gives those records only with a key; so each chain the vaults name is found
 * among the operator's own chains by asking which one holds the code of one of its vaults'
 * contracts. Exactly one must: a chain none or several of them serve stays unknown, and its vaults
 * are not followed (the portfolio says how many). The record carries the numeric id and a plain
 * name; nothing else is known without the service's record.
 */
export function chainsFromRpcs(options: ChainsFromRpcsOptions): KeylessChains {
  return async (vaults) => {
    const chainIds = await options.rpcChains();
    const byChain = new Map<string, `0x${string}`>();
    for (const vault of vaults) {
      const contract = contractOf(vault);
      if (typeof vault.chainId === 'string' && contract && !byChain.has(vault.chainId)) byChain.set(vault.chainId, contract);
    }
    const records = await Promise.all(
      [...byChain].map(async ([id, contract]): Promise<ChainRecord | null> => {
        const serving = await Promise.all(
          chainIds.map((chainId) =>
            options.hasCode(chainId, contract).catch((err: unknown) => {
              options.log?.warn('an RPC did not answer while finding a vault’s chain', { chainId, reason: (err as Error).message });
              return false;
            }),
          ),
        );
        const found = chainIds.filter((_, i) => serving[i]);
        return found.length === 1 ? { _id: id, chainID: found[0]!, name: `Chain ${found[0]!}` } : null;
      }),
    );
    return records.filter((r): r is ChainRecord => r !== null);
  };
}
