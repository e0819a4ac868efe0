import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { shortAddress } from '../components/format';
import type { ColumnMeta } from '../components/VirtualTable';
import type { portfolioIndex } from './labels';

/** The wallet (label over short address) and vault (name over chain) columns the portfolio tables share. */
export function walletAndVaultColumns<T extends { wallet: string; vaultId: string }>(
  index: ReturnType<typeof portfolioIndex>,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are heterogeneous by design
): ColumnDef<T, any>[] {
  const col = createColumnHelper<T>();
  return [
    col.accessor((r) => `${index.label(r.wallet)} ${r.wallet}`, {
      id: 'wallet',
      header: 'Wallet',
      meta: { width: 'minmax(140px, 1fr)' } satisfies ColumnMeta,
      cell: (c) => (
        <div className="stack">
          <span className="cell-title">{index.label(c.row.original.wallet) || 'no label'}</span>
          <code className="cell-sub" title={c.row.original.wallet}>
            {shortAddress(c.row.original.wallet)}
          </code>
        </div>
      ),
    }),
    col.accessor((r) => index.vault(r.vaultId)?.name ?? '', {
      id: 'vault',
      header: 'Vault',
      meta: { width: 'minmax(140px, 1fr)' } satisfies ColumnMeta,
      cell: (c) => (
        <div className="stack">
          <span>{c.getValue() as string}</span>
          <span className="cell-sub">{index.vault(c.row.original.vaultId)?.chain.name}</span>
        </div>
      ),
    }),
  ];
}
