import type { VaultRef } from '../../../shared/insights/schemas';
import { pickText } from '../components/text';
import { VaultStatusCell } from '../components/VaultStateFlag';
import { SimpleTable } from '../components/SimpleTable';
import { vaultColumn, vaultRows } from '../components/VaultColumn';
import { useVaultCycles } from '../batch';

/** Public vaults named by a campaign or an operator; each opens its vault page. */
export function VaultRefTable({ vaults, label, compact }: { vaults: VaultRef[]; label: string; compact?: boolean }) {
  // A defaulted or paused vault is flagged by its cycle, which the service's READY does not tell.
  const cycles = useVaultCycles();
  return (
    <SimpleTable<VaultRef>
      compact
      label={label}
      {...vaultRows(vaults, (v) => v.id)}
      columns={[
        vaultColumn(
          (v) => v,
          (v) => <div className="cell-sub">{[v.chain, v.type ? pickText(v.type.name) : null].filter(Boolean).join(' · ')}</div>,
        ),
        !compact && {
          key: 'category',
          header: 'Category',
          cell: (v) => (v.category ? pickText(v.category.name) : <span className="cell-sub">—</span>),
        },
        { key: 'underlying', header: 'Underlying', cell: (v) => (v.token ? v.token.symbol : <span className="cell-sub">unknown</span>) },
        {
          key: 'status',
          header: 'Status',
          cell: (v) => <VaultStatusCell cycle={cycles.get(v.id)} status={v.status} />,
        },
      ]}
    />
  );
}
