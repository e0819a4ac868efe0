import type { ResourceItem } from '../../../shared/service';
import { indexCatalog, publicVaults, type CatalogLists } from '../catalog/catalog';
import { serviceRpcUrl } from '../chain/pool';
import { isAddressText } from '../../../shared/domain/hex';

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
  /** The deposit queue (`cdoEpoch.depositQueue`); one contract usually serves both queues. */
  queue: `0x${string}` | null;
  /** The withdraw queue (`cdoEpoch.withdrawQueue`): the same address as `queue` for most vaults. */
  withdrawQueue: `0x${string}` | null;
  /** May be missing from the service; then it is read from the epoch vault. */
  strategy: `0x${string}` | null;
  /** The generations the record names (abiCode of each contract), when it does: a claim the chain confirms. */
  abiCodes: { epochVault: string | null; queue: string | null; withdrawQueue: string | null; strategy: string | null };
}

const asAddress = (value: unknown): `0x${string}` | null =>
  isAddressText(value) ? value : null;

type Contract = { address?: unknown; abiCode?: unknown } | undefined;
const abiCodeOf = (c: Contract): string | null => (typeof c?.abiCode === 'string' ? c.abiCode : null);

/**
 * The deposit and withdraw queues, wherever the service put them (under cdoEpoch, or the spec's top
 * level). A record that names only one of them is read as one contract serving both, as the
 * console always did: the chain's checks then decide whether it can.
 */
function queuesOf(vault: Vault): { deposit: Contract; withdraw: Contract } {
  const v = vault as Record<string, unknown> & { cdoEpoch?: Record<string, unknown> };
  const at = (c: unknown): Contract => (asAddress((c as Contract)?.address) ? (c as Contract) : undefined);
  const deposit = at(v.cdoEpoch?.depositQueue) ?? at(v.depositQueue);
  const withdraw = at(v.cdoEpoch?.withdrawQueue) ?? at(v.withdrawQueue);
  return { deposit: deposit ?? withdraw, withdraw: withdraw ?? deposit };
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
    const cdo = (vault as { cdoEpoch?: { address?: unknown; abiCode?: unknown } }).cdoEpoch;
    const epochVault = asAddress(cdo?.address);
    const tranche = asAddress(vault.address);
    const underlying = asAddress(token?.address);
    const chainId = (chain as { chainID?: unknown } | undefined)?.chainID;
    if (!token || !chain || !epochVault || !tranche || !underlying || typeof chainId !== 'number') continue;
    const queues = queuesOf(vault);
    const strategy = (vault as { strategy?: Contract }).strategy;
    entries.push({
      vault,
      token,
      chain,
      chainId,
      rpcUrl: serviceRpcUrl(chain),
      epochVault,
      tranche,
      underlying,
      queue: asAddress(queues.deposit?.address),
      withdrawQueue: asAddress(queues.withdraw?.address),
      strategy: asAddress(strategy?.address),
      abiCodes: { epochVault: abiCodeOf(cdo), queue: abiCodeOf(queues.deposit), withdrawQueue: abiCodeOf(queues.withdraw), strategy: abiCodeOf(strategy) },
    });
  }
  return entries;
}

/**
 * The PUBLIC epoch vaults whose chain the catalog has no record of: a console without a key knows a
 * chain only through the operator's RPCs (see `chains-from-rpcs.ts`), so these are not followed.
 */
export function epochVaultsWithoutChain(catalog: CatalogLists<'vaults' | 'chains'>): Vault[] {
  const index = indexCatalog(catalog);
  return publicVaults(catalog.vaults).filter((v) => v.contractType === 'CDO_EPOCH' && !index.chain(v.chainId));
}
