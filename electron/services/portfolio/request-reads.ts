import type { ResourceItem } from '../../../shared/service';
import type { EpochVaultEntry } from './vault-entries';
import type { VaultRequestReads } from './chain-state';

type ServiceRequest = ResourceItem<'vaultRequests'>;

/**
 * What the chain is asked about the service's open requests of a group: the queue's figures of
 * every request epoch, what the queue still holds for each of the group's queue requests, and the
 * last redeem epoch of each wallet with a standard redeem open. The service's records can be a
 * snapshot behind; these reads tell each request's phase and unit as the contracts see them now.
 */
export function requestReads(
  entries: readonly EpochVaultEntry[],
  serviceRequests: ReadonlyMap<string, readonly ServiceRequest[]>,
  group: ReadonlySet<string>,
): { epochs: Map<string, Set<number>>; requests: Map<string, VaultRequestReads> } {
  const epochs = new Map<string, Set<number>>();
  const requests = new Map<string, VaultRequestReads>();
  for (const e of entries) {
    const set = new Set<number>();
    const queue: { wallet: `0x${string}`; type: 'DEPOSIT' | 'WITHDRAW'; epoch: number }[] = [];
    const redeemWallets = new Set<`0x${string}`>();
    for (const r of serviceRequests.get(e.vault._id) ?? []) {
      if (typeof r.epochNumber === 'number') set.add(r.epochNumber);
      if (!group.has(r.walletAddress.toLowerCase()) || r.status === 'CLAIMED') continue;
      const wallet = r.walletAddress as `0x${string}`;
      if ((r.type === 'DEPOSIT' || r.type === 'WITHDRAW') && typeof r.epochNumber === 'number') queue.push({ wallet, type: r.type, epoch: r.epochNumber });
      else if (r.type === 'REDEEM' && !r.isInstant) redeemWallets.add(wallet);
    }
    epochs.set(e.vault._id, set);
    requests.set(e.vault._id, { queue, redeemWallets: [...redeemWallets] });
  }
  return { epochs, requests };
}
