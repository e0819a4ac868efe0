import { useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { RegistryExport } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { downloadFile } from '../components/download';
import { ErrorNotice } from '../components/ErrorNotice';

/**
 * The pinned vault registry leaves as a file, its fingerprint shown here so that the install that
 * reads it can be checked against the same one.
 */
export function RegistryCard() {
  const [exported, setExported] = useState<RegistryExport | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
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
    <div className="card" data-testid="registry-card">
      <h2>Vault registry</h2>
      <p className="muted">
        The contracts you pinned for each vault, where money may go. Export it for another install; compare the fingerprint there with the
        one shown here.
      </p>
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
