import { useEffect, useRef, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { RegistryExport } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';
import { ErrorNotice } from '../components/ErrorNotice';
import { useNavigationStore } from '../navigation/navigation-store';
import { RegistryEntries } from './RegistryEntries';

/**
 * The pinned vault registry: its vaults and their state (the operator forgets one here), and the
 * file it leaves as, its fingerprint shown here so that the install that reads it can be checked
 * against the same one.
 */
export function RegistryCard() {
  const [exported, setExported] = useState<RegistryExport | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  // Opened from a notice about a vault of the registry (Settings → Vault registry).
  const section = useNavigationStore((s) => s.section);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (section === 'registry') card.current?.scrollIntoView({ block: 'start' });
  }, [section]);
  const exportRegistry = async () => {
    try {
      const file = await call(getBridge().registry.export({}));
      downloadFile({ fileName: file.fileName, mimeType: 'application/json', content: file.content });
      setExported(file);
      setFailure(null);
    } catch (err) {
      setFailure(errorData(err));
    }
  };
  return (
    <div className="card" data-testid="registry-card" ref={card}>
      <h2>Vault registry</h2>
      <p className="muted">
        The contracts you pinned for each vault, where money may go. A vault the service stops listing, or names other contracts for, is
        frozen until you pin it again or forget it. Export it for another install; compare the fingerprint there with the one shown here.
      </p>
      <RegistryEntries />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void exportRegistry()}>
          Export the vault registry
        </button>
      </div>
      {exported ? (
        <p data-testid="registry-fingerprint">
          {exported.fileName}: {exported.vaults} vault{exported.vaults === 1 ? '' : 's'}, fingerprint <code>{exported.fingerprint}</code>
        </p>
      ) : null}
      {failure ? <ErrorNotice error={failure} /> : null}
    </div>
  );
}
