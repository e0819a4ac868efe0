import type { ResourceItem } from '../../../shared/service';
import { indexCatalog, publicVaults, type CatalogLists } from '../catalog/catalog';
import { serviceRpcUrl } from '../chain/pool';

type Vault = ResourceItem<'vaults'>;
type Token = ResourceItem<'tokens'>;
type Chain = ResourceItem<'chains'>;

/** An epoch credit vault with everything needed to read it on chain. */
export interface EpochVaultEntry {
  vault: Vault;
  token: Token;
  chain: Chain;
  chainId: number;
  /** The service's RPC address for the chain (the chain pool decides which one is used). */
  rpcUrl: string | null;
  epochVault: `0x${string}`;
  tranche: `0x${string}`;
  underlying: `0x${string}`;
  /** The queue serves both deposit and withdraw requests; the two fields usually agree. */
  queue: `0x${string}` | null;
  /** May be missing from the service; then it is read from the epoch vault. */
  strategy: `0x${string}` | null;
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

/**
 * The epoch vaults the portfolio reads: PUBLIC vaults (the spec's rule for end users) of the
 * CDO_EPOCH kind whose token, chain and contract addresses the catalog gives.
 */
export function epochVaultEntries(catalog: CatalogLists<'vaults' | 'tokens' | 'chains'>): EpochVaultEntry[] {
  const index = indexCatalog(catalog);
  const entries: EpochVaultEntry[] = [];
  for (const vault of publicVaults(catalog.vaults)) {
    if (vault.contractType !== 'CDO_EPOCH') continue;
    const token = index.token(vault.tokenId);
    const chain = index.chain(vault.chainId);
    const cdo = (vault as { cdoEpoch?: { address?: unknown } }).cdoEpoch;
    const epochVault = asAddress(cdo?.address);
    const tranche = asAddress(vault.address);
    const underlying = asAddress(token?.address);
    const chainId = (chain as { chainID?: unknown } | undefined)?.chainID;
    if (!token || !chain || !epochVault || !tranche || !underlying || typeof chainId !== 'number') continue;
    entries.push({
      vault,
      token,
      chain,
      chainId,
      rpcUrl: serviceRpcUrl(chain),
      epochVault,
      tranche,
      underlying,
      queue: queueOf(vault),
      strategy: asAddress((vault as { strategy?: { address?: unknown } }).strategy?.address),
    });
  }
  return entries;
}
