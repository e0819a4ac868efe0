/** Operator kinds in words, and what each does with a vault. */
const OPERATOR_KIND: Record<string, { label: string; pill: string; vaults: string }> = {
  PROTOCOL: { label: 'Protocol', pill: 'pill-info', vaults: 'Vaults it runs' },
  BORROWER: { label: 'Borrower', pill: 'pill-warn', vaults: 'Vaults it borrows from' },
  CURATOR: { label: 'Curator', pill: 'pill-ok', vaults: 'Vaults it curates' },
};

export function operatorKind(type: string | null): { label: string; pill: string; vaults: string } {
  return OPERATOR_KIND[type ?? ''] ?? { label: type ? type.charAt(0) + type.slice(1).toLowerCase() : 'Operator', pill: 'pill-muted', vaults: 'Vaults it manages' };
}
