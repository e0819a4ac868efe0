import { useEffect, useState, type ChangeEvent } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { plainText } from '../../../shared/bundles/plain-text';
import type { RegistryHeld, SignedRegistryExport } from '../../../shared/registry/export-schemas';
import { ROLE_NAMES, type PinnedVault, type RegistryRole } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { FileButton } from '../components/FileButton';

/** A vault pinned here: its name, its chain and every contract pinned for it. */
const PINNED_COLUMNS: SimpleColumn<PinnedVault>[] = [
  {
    key: 'vault',
    header: 'Vault',
    cell: (v) => (
      <>
        {plainText(v.name)}
        <div className="cell-sub">pinned {v.pinnedAt.slice(0, 10)}</div>
      </>
    ),
  },
  { key: 'chain', header: 'Chain', cell: (v) => v.chainId },
  {
    key: 'contracts',
    header: 'Contracts',
    cell: (v) =>
      (Object.keys(v.contracts) as RegistryRole[])
        .filter((r) => v.contracts[r])
        .map((r) => (
          <div key={r} className="cell-sub">
            {ROLE_NAMES[r]} <code>{v.contracts[r]}</code>
          </div>
        )),
  },
];

/**
 * The offline install's vault registry: imported whole from the file the online install exports,
 * taken only when the planner that signed it is one this install trusts; shown with the file it
 * came from (who signed it, when it was exported, its fingerprint to compare with the online one).
 */
export function OfflineRegistryCard() {
  const [held, setHeld] = useState<RegistryHeld | null>(null);
  const [vaults, setVaults] = useState<PinnedVault[]>([]);
  const [imported, setImported] = useState<SignedRegistryExport | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  const read = async () => {
    const [now, pinned] = await Promise.all([call(getBridge().registry.held({})), call(getBridge().registry.list({}))]);
    setHeld(now);
    setVaults(pinned);
  };
  useEffect(() => {
    (async () => {
      const [now, pinned] = await Promise.all([call(getBridge().registry.held({})), call(getBridge().registry.list({}))]);
      setHeld(now);
      setVaults(pinned);
    })().catch((err: unknown) => setFailure(errorData(err)));
  }, []);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const result = await call(getBridge().registry.import({ content: await file.text(), fileName: file.name }));
      // What the install now holds first, so the notice never stands beside the previous fingerprint.
      await read();
      setImported(result);
      setFailure(null);
    } catch (err) {
      setImported(null);
      setFailure(errorData(err));
    }
  };
  const source = held?.source ?? null;
  return (
    <div className="card" data-testid="offline-registry-card">
      <h2>This install's vault registry</h2>
      <p className="muted">
        A bundle is signed here only for a vault in this registry, at the addresses pinned in it. Import the file the online install exports
        (Settings → Vault registry there, signed by its planner&apos;s Ledger): it is taken only from a planner trusted below. Then compare the
        fingerprint with the one the online install shows, character by character.
      </p>
      <div className="form-actions">
        <FileButton accept=".json,application/json" testId="registry-input" className="button button-primary" onFile={(e) => void onFile(e)}>
          Import a registry file…
        </FileButton>
      </div>
      {imported ? (
        <div className="notice notice-ok" role="status" data-testid="registry-imported">
          <strong className="notice-title">Registry imported from {plainText(imported.fileName)}</strong>
          <p>
            Signed by the planner {imported.plannerLabel ? plainText(imported.plannerLabel) : ''} <code>{imported.planner}</code>, a planner
            this install trusts. Fingerprint of the file: <code>{imported.fingerprint}</code>. It must be the one the online install shows; if
            not, import the right file before signing anything.
          </p>
        </div>
      ) : null}
      {failure ? <ErrorNotice error={failure} title="The registry file was not imported." focus /> : null}
      <dl className="facts" aria-label="Registry held here">
        <dt>Vaults pinned here</dt>
        <dd data-testid="offline-registry-count">{held ? held.vaults : '…'}</dd>
        <dt>Imported from</dt>
        <dd data-testid="offline-registry-source">
          {source ? (
            <>
              {source.fileName ? <code>{plainText(source.fileName)}</code> : 'a registry file'}, exported {source.exportedAt.slice(0, 16).replace('T', ' ')}{' '}
              UTC, signed by the planner {source.plannerLabel ? plainText(source.plannerLabel) : ''} <code>{source.planner}</code>
            </>
          ) : (
            'no signed registry file yet'
          )}
        </dd>
        <dt>Fingerprint</dt>
        <dd data-testid="offline-registry-fingerprint">{source ? <code>{source.fingerprint}</code> : '—'}</dd>
      </dl>
      {held ? (
        <SimpleTable
          label="Vaults pinned here"
          testId="offline-registry-vaults"
          columns={PINNED_COLUMNS}
          rows={vaults}
          rowKey={(v) => v.vaultId}
          empty="No vault is pinned here yet: every bundle is refused until a registry is imported."
        />
      ) : null}
    </div>
  );
}
