import type { ReactNode } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import type { SimpleColumn } from './SimpleTable';

/** A vault's name as a link to its page. */
function VaultLink({ vault }: { vault: { id: string; name: string } }) {
  const openVault = useNavigationStore((s) => s.openVault);
  return (
    <button type="button" className="link-button cell-title vault-link" onClick={() => openVault(vault.id)}>
      {vault.name}
    </button>
  );
}

/**
 * The first column of a table of vaults: each vault's name, a link to its page, followed by what
 * the table says of it there (a flag, the chain, the type…).
 */
export function vaultColumn<T>(vaultOf: (row: T) => { id: string; name: string }, details: (row: T) => ReactNode): SimpleColumn<T> {
  return {
    key: 'vault',
    header: 'Vault',
    cell: (row) => (
      <>
        <VaultLink vault={vaultOf(row)} />
        {details(row)}
      </>
    ),
  };
}

/** The rows of a table of vaults: keyed by their vault, each marked with the vault's id, which tests find it by. */
export function vaultRows<T>(rows: readonly T[], idOf: (row: T) => string) {
  return { rows, rowKey: idOf, rowProps: (row: T) => ({ 'data-vault-id': idOf(row) }) };
}
