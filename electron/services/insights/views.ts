import { flattenForDisplay, isMultilingual } from '../../../shared/insights/flatten';
import type { FlatEntryView, LocalizedText, NamedRef, TokenRef, VaultRef } from '../../../shared/insights/schemas';
import type { ResourceItem } from '../../../shared/service';
import { indexCatalog, publicVaults } from '../catalog/catalog';
import type { ReferenceData } from './reference-data';

/** Pieces every insight view is built from: lookups by id, names in every language, vault references. */

export interface ReferenceIndex {
  data: ReferenceData;
  vault: (id: string) => ResourceItem<'vaults'> | undefined;
  token: (id: string | undefined) => ResourceItem<'tokens'> | undefined;
  operator: (id: string) => ResourceItem<'operators'> | undefined;
  publicVaults: ResourceItem<'vaults'>[];
  ref: (vault: ResourceItem<'vaults'>) => VaultRef;
}

/** A service text as a language map: a plain string counts as English. */
export function localized(value: unknown): LocalizedText | null {
  if (typeof value === 'string') return value.trim() === '' ? null : { en: value };
  if (isMultilingual(value)) return { ...value };
  if (typeof value === 'object' && value !== null) {
    const texts = Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return typeof texts.en === 'string' ? texts : null;
  }
  return null;
}


export function tokenRef(token: ResourceItem<'tokens'> | undefined): TokenRef | null {
  if (!token) return null;
  return { id: token._id, symbol: token.symbol ?? '?', decimals: token.decimals ?? 18 };
}

export function namedRef(record: { _id: string; code?: string | undefined; name?: unknown } | undefined): NamedRef | null {
  if (!record) return null;
  return { id: record._id, code: record.code ?? null, name: localized(record.name) ?? { en: record.code ?? record._id } };
}

export function indexReference(data: ReferenceData): ReferenceIndex {
  const catalog = indexCatalog({ ...data, vaultCategories: data.categories, vaultTypes: data.types });
  const operators = new Map(data.operators.map((o) => [o._id, o]));
  return {
    data,
    vault: (id) => catalog.vault(id),
    token: (id) => catalog.token(id),
    operator: (id) => operators.get(id),
    publicVaults: publicVaults(data.vaults),
    ref: (vault) => ({
      id: vault._id,
      name: vault.name,
      status: vault.status ?? null,
      contractType: vault.contractType ?? null,
      chain: catalog.chain(vault.chainId)?.name ?? null,
      token: tokenRef(catalog.token(vault.tokenId)),
      category: namedRef(catalog.category(vault.categoryId)),
      type: namedRef(catalog.type(vault.typeId)),
    }),
  };
}

/** Readable key/values, each link marked with whether the console's opener accepts it. */
export function flatEntries(value: unknown, allows: (url: string) => boolean): FlatEntryView[] {
  return flattenForDisplay(value).map((e) => ({ ...e, openable: e.url !== null && allows(e.url) }));
}

/** The https addresses an operator names in its links (its own site, docs, socials). */
export function operatorLinkUrls(operator: ResourceItem<'operators'>): string[] {
  return flattenForDisplay(operator.links ?? null)
    .map((e) => e.url)
    .filter((u): u is string => u !== null);
}
