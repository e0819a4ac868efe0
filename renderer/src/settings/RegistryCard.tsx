import { useEffect, useRef, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { RegistryExportPreview, SignedRegistryExport } from '../../../shared/registry/export-schemas';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';
import { ErrorNotice } from '../components/ErrorNotice';
import { useNavigationStore } from '../navigation/navigation-store';
import { RegistryEntries } from './RegistryEntries';
import { PlannerSignPreview } from '../components/PlannerSignPreview';

/**
 * The pinned vault registry: its vaults and their state (the operator forgets one here), and the
 * file it leaves as, signed by the planner's Ledger (the same account and typed-data domain as the
 * bundles), which the offline install verifies against the planners it trusts. What the Ledger will
 * sign is shown first (the registry hash and the two hashes the device shows); the file's
 * fingerprint is shown once it is saved, to compare on the install that reads it.
 */
export function RegistryCard() {
  const [preview, setPreview] = useState<RegistryExportPreview | null>(null);
  const [exported, setExported] = useState<SignedRegistryExport | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  // Opened from a notice about a vault of the registry (Settings → Vault registry).
  const section = useNavigationStore((s) => s.section);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (section === 'registry') card.current?.scrollIntoView({ block: 'start' });
  }, [section]);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    } finally {
      setBusy(false);
    }
  };
  const prepare = () =>
    run(async () => {
      setExported(null);
      setPreview(await call(getBridge().registry.prepareExport({})));
    });
  const sign = () =>
    run(async () => {
      const file = await call(getBridge().registry.export({}));
      downloadFile({ fileName: file.fileName, mimeType: 'application/json', content: file.content });
      setPreview(null);
      setExported(file);
    });
  return (
    <div className="card" data-testid="registry-card" ref={card}>
      <h2>Vault registry</h2>
      <p className="muted">
        The contracts you pinned for each vault, where money may go. A vault the service stops listing, or names other contracts for, is
        frozen until you pin it again or forget it. Export it for the offline install: the planner&apos;s Ledger signs it, and the offline
        install takes it only from a planner it trusts. Compare the fingerprint there with the one shown here.
      </p>
      <RegistryEntries />
      {!preview ? (
        <div className="form-actions">
          <button type="button" className="button" disabled={busy} onClick={() => void prepare()}>
            Export the vault registry
          </button>
        </div>
      ) : (
        <PlannerSignPreview
          testId="registry-preview"
          vouchesFor={`The hash of the registry file (${preview.vaults} vault${preview.vaults === 1 ? '' : 's'}), as Vaultdesk typed data (EIP-712).`}
          preview={preview}
          signed={{ label: 'Registry hash', value: preview.registryHash, testId: 'registry-hash' }}
          testIdPrefix="registry"
          signLabel="Sign on the Ledger and save the registry"
          busy={busy}
          onSign={() => void sign()}
          onCancel={() => setPreview(null)}
        />
      )}
      {exported ? (
        <div className="notice notice-ok" role="status" data-testid="registry-fingerprint">
          <strong className="notice-title">Saved {exported.fileName}</strong>
          <dl className="kv">
            <dt>Vaults</dt>
            <dd>{exported.vaults}</dd>
            <dt>Signed by the planner</dt>
            <dd>
              <code>{exported.planner}</code>
            </dd>
            <dt>Fingerprint</dt>
            <dd>
              <code>{exported.fingerprint}</code>
            </dd>
          </dl>
          <p>Import it on the offline install and compare the fingerprint it shows with this one.</p>
        </div>
      ) : null}
      {failure ? <ErrorNotice error={failure} title="The registry was not exported." focus /> : null}
    </div>
  );
}
