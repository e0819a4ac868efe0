import type { ServiceClient } from '../service-client';
import type { ResourceItem } from '../../../shared/service';

type Vault = ResourceItem<'vaults'>;
type Token = ResourceItem<'tokens'>;
type Chain = ResourceItem<'chains'>;

/** An epoch credit vault with everything needed to read it on chain. */
export interface EpochVaultEntry {
  vault: Vault;
  token: Token;
  chain: Chain;
  chainId: number;
  rpcUrl: string | null;
  epochVault: `0x${string}`;
  tranche: `0x${string}`;
  underlying: `0x${string}`;
  /** The queue serves both deposit and withdraw requests; the two fields usually agree. */
  queue: `0x${string}` | null;
  /** May be missing from the service; then it is read from the epoch vault. */
  strategy: `0x${string}` | null;
}

export interface Catalog {
  vaults: Vault[];
  tokens: Token[];
  chains: Chain[];
  epochVaults: EpochVaultEntry[];
  fetchedAtMs: number;
}

const asAddress = (value: unknown): `0x${string}` | null =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value) ? (value as `0x${string}`) : null;

/** The queue address, wherever the service put it (under cdoEpoch, or the spec's top level). */
function queueOf(vault: Vault): `0x${string}` | null {
  const v = vault as Record<string, unknown> & { cdoEpoch?: Record<string, unknown> };
  const candidates = [v.cdoEpoch?.depositQueue, v.cdoEpoch?.withdrawQueue, v.depositQueue, v.withdrawQueue];
  for (const c of candidates) {
    const address = asAddress((c as { address?: unknown } | undefined)?.address);
    if (address) return address;
  }
  return null;
}

function rpcOf(chain: Chain): string | null {
  const rpcs = (chain as { RPCs?: Array<{ https?: string; isPublic?: boolean }> }).RPCs ?? [];
  return rpcs.find((r) => typeof r.https === 'string' && r.https.length > 0)?.https ?? null;
}

/**
 * The catalog the portfolio reads: PUBLIC vaults (the spec's rule for end users), their tokens and
 * chains, in three paged list requests; cached, because it changes rarely.
 */
export class CatalogCache {
  private cached: Catalog | null = null;

  constructor(private readonly ttlMs = 5 * 60_000) {}

  invalidate(): void {
    this.cached = null;
  }

  async get(client: ServiceClient, now = Date.now()): Promise<Catalog> {
    if (this.cached && now - this.cached.fetchedAtMs < this.ttlMs) return this.cached;
    const [allVaults, tokens, chains] = await Promise.all([client.listAll('vaults'), client.listAll('tokens'), client.listAll('chains')]);
    const vaults = allVaults.filter((v) => v.visibility === 'PUBLIC');
    const tokenById = new Map(tokens.map((t) => [t._id, t]));
    const chainById = new Map(chains.map((c) => [c._id, c]));
    const epochVaults: EpochVaultEntry[] = [];
    for (const vault of vaults) {
      if (vault.contractType !== 'CDO_EPOCH') continue;
      const token = vault.tokenId ? tokenById.get(vault.tokenId) : undefined;
      const chain = vault.chainId ? chainById.get(vault.chainId) : undefined;
      const cdo = (vault as { cdoEpoch?: { address?: unknown } }).cdoEpoch;
      const epochVault = asAddress(cdo?.address);
      const tranche = asAddress(vault.address);
      const underlying = asAddress(token?.address);
      const chainId = (chain as { chainID?: unknown } | undefined)?.chainID;
      if (!token || !chain || !epochVault || !tranche || !underlying || typeof chainId !== 'number') continue;
      epochVaults.push({
        vault,
        token,
        chain,
        chainId,
        rpcUrl: rpcOf(chain),
        epochVault,
        tranche,
        underlying,
        queue: queueOf(vault),
        strategy: asAddress((vault as { strategy?: { address?: unknown } }).strategy?.address),
      });
    }
    this.cached = { vaults, tokens, chains, epochVaults, fetchedAtMs: now };
    return this.cached;
  }
}
