import type { VaultList, VaultRow } from '../../../shared/ipc/schemas';
import { localizedText } from '../../../shared/domain/text';
import type { ServiceClient } from '../../services/service-client';

/**
 * The Vaults screen's view model: PUBLIC vaults only (the spec's rule for end users), each joined
 * with its underlying token and chain, in three list requests however many vaults there are.
 */
export async function loadVaultList(client: ServiceClient, language = 'en'): Promise<VaultList> {
  const [vaults, tokens, chains] = await Promise.all([client.listAll('vaults'), client.listAll('tokens'), client.listAll('chains')]);
  const tokenById = new Map(tokens.map((t) => [t._id, t]));
  const chainById = new Map(chains.map((c) => [c._id, c]));
  const publicVaults = vaults.filter((v) => v.visibility === 'PUBLIC');

  const rows: VaultRow[] = publicVaults.map((v) => {
    const token = v.tokenId ? tokenById.get(v.tokenId) : undefined;
    const chain = v.chainId ? chainById.get(v.chainId) : undefined;
    return {
      id: v._id,
      name: v.name ?? v._id,
      address: v.address ?? '',
      symbol: v.symbol ?? null,
      contractType: v.contractType ?? null,
      status: v.status ?? null,
      feePercentage: typeof v.feePercentage === 'number' ? v.feePercentage : null,
      description: localizedText(v.shortDescription ?? v.description, language),
      token: token
        ? { id: token._id ?? '', symbol: token.symbol ?? '?', name: token.name ?? null, decimals: token.decimals ?? 18, address: token.address ?? null }
        : null,
      chain: chain ? { id: chain._id ?? '', name: chain.name ?? 'Unknown chain', chainId: chain.chainID ?? null } : null,
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name));
  return { vaults: rows, hiddenCount: vaults.length - publicVaults.length, fetchedAt: Date.now() };
}
