import type { PublicClient } from 'viem';
import { erc20ReadAbi, strategyAbi } from '../../../shared/abi';
import type { PlanVault } from '../../../shared/signing/schemas';
import type { TokenInfo, TokenLookup } from '../../../shared/simulation';

/**
 * What a simulation reads from the chain it runs on: the symbol and decimals of every token a
 * transaction moved (the plan knows the underlying and the tranche; the receipt token and any other
 * are read once), and the epoch key a queue request made now gets.
 */
interface TokenBook {
  lookup: TokenLookup;
  /** Reads the tokens not known yet (a token that does not answer is shown by its address). */
  learn(addresses: readonly string[]): Promise<void>;
}

export function tokenBook(client: PublicClient, vaults: readonly PlanVault[]): TokenBook {
  const known = new Map<string, TokenInfo>();
  for (const v of vaults) {
    known.set(v.underlying.address.toLowerCase(), v.underlying);
    known.set(v.tranche.address.toLowerCase(), v.tranche);
  }
  return {
    lookup: (address) => known.get(address.toLowerCase()),
    async learn(addresses) {
      const missing = addresses.map((a) => a.toLowerCase()).filter((a) => !known.has(a));
      await Promise.all(
        missing.map(async (address) => {
          const at = address as `0x${string}`;
          const [symbol, decimals] = await Promise.all([
            client.readContract({ address: at, abi: erc20ReadAbi, functionName: 'symbol' }).catch(() => null),
            client.readContract({ address: at, abi: erc20ReadAbi, functionName: 'decimals' }).catch(() => null),
          ]);
          if (symbol !== null && decimals !== null)
            known.set(address, { address, symbol: String(symbol).slice(0, 32), decimals: Number(decimals) });
        }),
      );
    },
  };
}

/** Per vault id: the key a queue request made now gets (`strategy.epochNumber() + 1`), or null if it cannot be read. */
export async function epochKeys(client: PublicClient, vaults: readonly PlanVault[]): Promise<Map<string, bigint | null>> {
  const out = new Map<string, bigint | null>();
  await Promise.all(
    vaults.map(async (v) => {
      const n = await client
        .readContract({ address: v.strategy as `0x${string}`, abi: strategyAbi, functionName: 'epochNumber' })
        .catch(() => null);
      out.set(v.id, n === null ? null : n + 1n);
    }),
  );
  return out;
}
