import type { ReactNode } from 'react';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { shortAddress } from './format';
import type { ColumnMeta } from './VirtualTable';

/** The wallet (label over short address) and vault (name over chain) columns the batch's tables share. */
export function walletAndVaultColumns<T extends { wallet: string }>({
  width,
  vaultWidth = width,
  label,
  vaultName,
  chainName,
  vaultFlag,
}: {
  /** The wallet column's grid width (the vault's too, unless `vaultWidth` is given). */
  width: string;
  vaultWidth?: string;
  label(wallet: string): string;
  vaultName(row: T): string;
  chainName(row: T): ReactNode;
  /** Beside the vault's name: its defaulted or paused flag, where the table knows the vault's cycle. */
  vaultFlag?(row: T): ReactNode;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's column values are heterogeneous by design
}): ColumnDef<T, any>[] {
  const col = createColumnHelper<T>();
  return [
    col.accessor((r) => `${label(r.wallet)} ${r.wallet}`, {
      id: 'wallet',
      header: 'Wallet',
      meta: { width } satisfies ColumnMeta,
      cell: (c) => (
        <div className="stack">
          <span className="cell-title wallet-label">{label(c.row.original.wallet) || 'no label'}</span>
          <code className="cell-sub" title={c.row.original.wallet}>
            {shortAddress(c.row.original.wallet)}
          </code>
        </div>
      ),
    }),
    col.accessor((r) => vaultName(r), {
      id: 'vault',
      header: 'Vault',
      meta: { width: vaultWidth } satisfies ColumnMeta,
      cell: (c) => (
        <div className="stack">
          <span>
            {c.getValue() as string}
            {vaultFlag ? <> {vaultFlag(c.row.original)}</> : null}
          </span>
          <span className="cell-sub">{chainName(c.row.original)}</span>
        </div>
      ),
    }),
  ];
}
