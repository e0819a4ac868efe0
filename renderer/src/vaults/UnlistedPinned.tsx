import { useEffect, useState } from 'react';
import { plainText } from '../../../shared/bundles/plain-text';
import { entryState } from '../../../shared/registry/identity';
import type { PinnedVault } from '../../../shared/registry/schemas';
import { call, getBridge } from '../bridge';
import { useNavigationStore } from '../navigation/navigation-store';
import './unlisted-pinned.css';

/**
 * The pinned vaults the service no longer lists: they are not in the catalog below, so they are
 * named here, frozen, with the way to the registry (where the operator forgets one that was retired).
 * `version` reads the registry again (the catalog's refresh).
 */
export function UnlistedPinned({ version }: { version: unknown }) {
  const go = useNavigationStore((s) => s.go);
  const [unlisted, setUnlisted] = useState<PinnedVault[]>([]);
  useEffect(() => {
    let current = true;
    // Reading the registry looks for its vaults in the service's listing (and freezes those gone).
    call(getBridge().registry.list({})).then(
      (list) => current && setUnlisted(list.filter((v) => v.frozen?.reason === 'unlisted')),
      () => current && setUnlisted([]),
    );
    return () => {
      current = false;
    };
  }, [version]);
  if (unlisted.length === 0) return null;
  return (
    <div className="notice notice-warn unlisted-pinned" role="status" data-testid="unlisted-pinned">
      <p>
        {unlisted.length === 1 ? 'A vault you pinned is' : `${unlisted.length} vaults you pinned are`} no longer listed by the service, and
        frozen: no plan is made on {unlisted.length === 1 ? 'it' : 'them'}.
      </p>
      <ul>
        {unlisted.map((v) => (
          <li key={v.vaultId} data-vault-id={v.vaultId}>
            {plainText(v.name)} (id <code>{v.vaultId}</code>, chain {v.chainId}): {plainText(entryState(v))}.
          </li>
        ))}
      </ul>
      <p className="notice-action">
        Ask its operator what became of it. If the service lists it again, review it before planning on it; if it was retired, forget it in{' '}
        <button type="button" className="link-button" onClick={() => go('settings', 'registry')}>
          Settings → Vault registry
        </button>
        .
      </p>
    </div>
  );
}
