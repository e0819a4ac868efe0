import type { OperatorDetail, OperatorSummary } from '../../../shared/insights/schemas';
import type { ResourceItem } from '../../../shared/service';
import { flatEntries, localized, type ReferenceIndex } from './views';

type Operator = ResourceItem<'operators'>;

/** Vaults that name the operator among their operators, public or not. */
function vaultsOf(operator: Operator, index: ReferenceIndex) {
  return index.data.vaults.filter((v) => v.operatorIds?.includes(operator._id));
}

export function operatorSummary(operator: Operator, index: ReferenceIndex): OperatorSummary {
  return {
    id: operator._id,
    name: operator.name ?? operator.code ?? operator._id,
    code: operator.code ?? null,
    type: operator.type ?? null,
    description: localized(operator.description),
    vaultCount: vaultsOf(operator, index).filter((v) => v.visibility === 'PUBLIC').length,
  };
}

export function operatorDetail(operator: Operator, index: ReferenceIndex, allows: (url: string) => boolean): OperatorDetail {
  const all = vaultsOf(operator, index);
  const shown = all.filter((v) => v.visibility === 'PUBLIC');
  return {
    ...operatorSummary(operator, index),
    links: operator.links === undefined ? [] : flatEntries(operator.links, allows),
    vaults: shown.map((v) => index.ref(v)).sort((a, b) => a.name.localeCompare(b.name)),
    hiddenVaultCount: all.length - shown.length,
    fetchedAtMs: index.data.fetchedAtMs,
  };
}

/** Protocol first, then borrowers, curators and any other kind, by name within each. */
const TYPE_ORDER = ['PROTOCOL', 'BORROWER', 'CURATOR'];
export function byOperatorType(a: OperatorSummary, b: OperatorSummary): number {
  const rank = (t: string | null) => {
    const i = TYPE_ORDER.indexOf(t ?? '');
    return i === -1 ? TYPE_ORDER.length : i;
  };
  return rank(a.type) - rank(b.type) || a.name.localeCompare(b.name);
}
