import type { EpochHistory, VaultList, VaultRow } from '../../../shared/ipc/schemas';
import { localizedText } from '../../../shared/domain/text';
import { isoToSeconds } from '../../../shared/domain/time';
import { epochRates } from '../../../shared/domain/rates';
import type { ServiceClient } from '../service-client';
import { namedRef } from '../insights/views';
import { indexCatalog, publicVaults, WHOLE_CATALOG, type ServiceCatalog } from './catalog';

/**
 * The Vaults screen's view model: PUBLIC vaults only (the spec's rule for end users), each joined
 * with its underlying token, chain, category and type, from the console's catalog (five list
 * requests however many vaults there are, when it holds none).
 */
export async function loadVaultList(
  catalog: ServiceCatalog,
  client: ServiceClient,
  options: { force?: boolean; language?: string } = {},
): Promise<{ list: VaultList; linkUrls: string[] }> {
  const language = options.language ?? 'en';
  const lists = await catalog.read(client, WHOLE_CATALOG, options.force ? { force: true } : {});
  const { vaults, chains, vaultCategories: categories, vaultTypes: types } = lists;
  const index = indexCatalog(lists);
  const shown = publicVaults(vaults);

  const rows: VaultRow[] = shown.map((v) => {
    const token = index.token(v.tokenId);
    const chain = index.chain(v.chainId);
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
      category: namedRef(index.category(v.categoryId)),
      type: namedRef(index.type(v.typeId)),
      abiCode: typeof v.cdoEpoch?.abiCode === 'string' ? v.cdoEpoch.abiCode.slice(0, 64) : null,
    };
  });
  rows.sort((a, b) => a.name.localeCompare(b.name));
  // Links the console may open for these vaults: their chains' explorers and their KYC providers.
  const linkUrls = [
    ...chains.map((c) => (c as { explorerUrl?: unknown }).explorerUrl),
    ...shown.map((v) => (v as { kyc?: { link?: unknown } }).kyc?.link),
  ].filter((u): u is string => typeof u === 'string');
  // Filters offer every category and type the service lists, with their public vaults counted.
  const facets = (records: Array<{ _id: string; code?: string | undefined; name?: unknown }>, key: 'category' | 'type') =>
    records.map((r) => ({ ...namedRef(r)!, count: rows.filter((row) => row[key]?.id === r._id).length }));
  return {
    list: {
      vaults: rows,
      hiddenCount: vaults.length - shown.length,
      categories: facets(categories, 'category'),
      types: facets(types, 'type'),
      fetchedAt: Date.now(),
    },
    linkUrls,
  };
}

/**
 * A vault's epoch history, oldest first: every page of the service's epoch list for it, ordered
 * here (no order is asked of the service). An epoch's APR is its GROSS rate, on the scale of every
 * other rate shown (`epochRates`), with NET and the APYs beside it; its last APR, which the
 * protocol's records leave out, is the GROSS of the epoch before it.
 */
export async function loadEpochHistory(client: ServiceClient, vaultId: string): Promise<EpochHistory> {
  const epochs = (await client.listAll('vaultEpochs', { filter: { vaultId } })).sort((a, b) => a.count - b.count);
  const ratesOf = new Map(epochs.map((e) => [e.count, epochRates(e)]));
  return {
    vaultId,
    fetchedAtMs: Date.now(),
    epochs: epochs.map((e) => ({
      count: e.count,
      status: e.status,
      startDate: isoToSeconds(e.startDate),
      endDate: isoToSeconds(e.endDate),
      apr: ratesOf.get(e.count)!.gross,
      lastApr: e.lastApr ?? ratesOf.get(e.count - 1)?.gross ?? null,
      net: ratesOf.get(e.count)!.net,
      apyGross: ratesOf.get(e.count)!.apyGross,
      apyNet: ratesOf.get(e.count)!.apyNet,
      withdrawType: e.withdrawType ?? null,
      // An epoch's record is taken as it starts, once its queues were processed into it: what
      // entered the epoch is the queue's last amount; its amount is the next epoch's, still empty.
      depositQueue: e.depositQueue?.lastAmount ?? e.depositQueue?.amount ?? null,
      withdrawQueue: e.withdrawQueue?.lastAmount ?? e.withdrawQueue?.amount ?? null,
    })),
  };
}
