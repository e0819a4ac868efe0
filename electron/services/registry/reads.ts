import { zeroAddress, type Hex, type PublicClient } from 'viem';
import type { ContractSet, PinnedToken, RegistryRole } from '../../../shared/registry/schemas';
import { relationAbi, UNKNOWN_SELECTOR } from './abi';
import type { RelationReads } from './checks';

type Addr = `0x${string}`;
type RelationView = 'token' | 'AATranche' | 'strategy' | 'keyring' | 'epochVault' | 'tranche' | 'minter';

/**
 * Reads, at one block of the operator's RPC, everything `evaluateRelations` judges a set by. Each
 * read stands alone: a contract that does not answer one view leaves null there, so the check that
 * needs it fails with what was missing rather than the whole review.
 */
export async function readRelations(client: PublicClient, set: ContractSet): Promise<{ reads: RelationReads; keyring: Addr | null }> {
  const blockNumber = await client.getBlockNumber();
  const view = async (address: string, functionName: RelationView): Promise<string | null> => {
    try {
      const answer = await client.readContract({ address: address as Addr, abi: relationAbi, functionName, blockNumber });
      return typeof answer === 'string' ? answer : null;
    } catch {
      return null;
    }
  };
  const hasCode = async (address: string | null): Promise<boolean | undefined> => {
    if (!address) return undefined;
    const code = await client.getCode({ address: address as Addr, blockNumber }).catch(() => undefined);
    return !!code && code !== '0x';
  };
  const refuses = async (address: string | null): Promise<boolean | undefined> => {
    if (!address) return undefined;
    try {
      await client.call({ to: address as Addr, data: UNKNOWN_SELECTOR as Hex, blockNumber });
      return false;
    } catch {
      return true;
    }
  };
  const token = async (address: string): Promise<PinnedToken | null> => {
    try {
      const [decimals, symbol] = await Promise.all([
        client.readContract({ address: address as Addr, abi: relationAbi, functionName: 'decimals', blockNumber }),
        client.readContract({ address: address as Addr, abi: relationAbi, functionName: 'symbol', blockNumber }),
      ]);
      return { decimals: Number(decimals), symbol };
    } catch {
      return null;
    }
  };

  const [evToken, evTranche, evStrategy, evKeyring, minter] = await Promise.all([
    view(set.epochVault, 'token'),
    view(set.epochVault, 'AATranche'),
    view(set.epochVault, 'strategy'),
    view(set.epochVault, 'keyring'),
    view(set.tranche, 'minter'),
  ]);
  // The keyring is named by the epoch vault itself (the service does not give its address).
  const keyring: Addr | null =
    (set.keyring as Addr | null) ?? (evKeyring && evKeyring.toLowerCase() !== zeroAddress ? (evKeyring as Addr) : null);
  const full: ContractSet = { ...set, keyring };
  const roles = Object.keys(full) as RegistryRole[];
  const [codes, queue, refusals, tokens] = await Promise.all([
    Promise.all(roles.map((r) => hasCode(full[r]))),
    set.queue
      ? Promise.all([view(set.queue, 'epochVault'), view(set.queue, 'token'), view(set.queue, 'strategy'), view(set.queue, 'tranche')])
      : null,
    Promise.all((['epochVault', 'queue', 'tranche', 'strategy'] as const).map((r) => refuses(full[r]))),
    Promise.all([token(set.underlying), token(set.tranche), token(set.strategy)]),
  ]);
  const reads: RelationReads = {
    block: blockNumber,
    code: Object.fromEntries(roles.map((r, i) => [r, codes[i]])),
    epochVault: { token: evToken, AATranche: evTranche, strategy: evStrategy, keyring: evKeyring },
    tranche: { minter },
    queue: queue ? { epochVault: queue[0], token: queue[1], strategy: queue[2], tranche: queue[3] } : null,
    refusesUnknown: { epochVault: refusals[0], queue: refusals[1], tranche: refusals[2], strategy: refusals[3] },
    tokens: { underlying: tokens[0], tranche: tokens[1], strategy: tokens[2] },
  };
  return { reads, keyring };
}
