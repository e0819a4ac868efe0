import { Fragment, useEffect, useState } from 'react';
import { plainText } from '../../../shared/bundles/plain-text';
import type { AppErrorData } from '../../../shared/errors';
import { SIDE_BY_SIDE_ROLES } from '../../../shared/registry/identity';
import { ROLE_NAMES, roleAddress, type PinnedVault } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import './registry-entries.css';

/** An entry's state as a pill and a sentence: pinned, or frozen and why. */
function EntryState({ entry }: { entry: PinnedVault }) {
  if (!entry.frozen) return <span className="pill pill-ok">pinned</span>;
  const since = entry.frozen.at.slice(0, 10);
  return entry.frozen.reason === 'unlisted' ? (
    <>
      <span className="pill pill-bad">frozen</span>
      <div className="cell-sub">No longer listed by the service since {since}: no plan on it.</div>
    </>
  ) : (
    <>
      <span className="pill pill-bad">frozen</span>
      <div className="cell-sub">Since {since} the service names other contracts for it: no plan on it.</div>
    </>
  );
}

/**
 * Every vault of this mode's registry with its state (a vault the service no longer lists, or names
 * other contracts for, is frozen), its contracts, and the operator's explicit Forget: asked twice,
 * because a forgotten vault's name and contracts may then be pinned for another vault.
 */
export function RegistryEntries() {
  const [entries, setEntries] = useState<PinnedVault[] | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  // The entry whose contracts are shown, on a row of their own below it.
  const [open, setOpen] = useState<string | null>(null);
  const [forgotten, setForgotten] = useState<PinnedVault | null>(null);
  const [failure, setFailure] = useState<AppErrorData | null>(null);
  const load = () =>
    call(getBridge().registry.list({}))
      .then((list) => setEntries([...list].sort((a, b) => a.name.localeCompare(b.name))))
      .catch((err: unknown) => setFailure(errorData(err)));
  useEffect(() => {
    void load();
  }, []);
  const forget = async (vaultId: string) => {
    try {
      setForgotten(await call(getBridge().registry.forget({ vaultId })));
      setConfirming(null);
      setFailure(null);
      await load();
    } catch (err) {
      setFailure(errorData(err));
    }
  };
  const columns: SimpleColumn<PinnedVault>[] = [
    {
      key: 'vault',
      header: 'Vault',
      cell: (e) => (
        <>
          <button
            type="button"
            className="link-button entry-toggle"
            aria-expanded={open === e.vaultId}
            onClick={() => setOpen(open === e.vaultId ? null : e.vaultId)}
          >
            {plainText(e.name)}
          </button>
          <div className="cell-sub">
            <code>{e.vaultId}</code>
          </div>
        </>
      ),
    },
    { key: 'chain', header: 'Chain', cell: (e) => e.chainId },
    { key: 'state', header: 'State', cell: (e) => <EntryState entry={e} /> },
    {
      key: 'pinned',
      header: 'Pinned',
      cell: (e) => (
        <>
          {e.pinnedAt.slice(0, 10)}
          <div className="cell-sub">by {plainText(e.pinnedBy)}</div>
        </>
      ),
    },
    {
      key: 'forget',
      header: null,
      headerLabel: 'Actions',
      cell: (e) =>
        confirming === e.vaultId ? (
          <span className="form-actions" role="group" aria-label={`Forget ${plainText(e.name)}?`}>
            <button type="button" className="button button-small button-danger" onClick={() => void forget(e.vaultId)}>
              Forget it
            </button>
            <button type="button" className="button button-small" onClick={() => setConfirming(null)}>
              Keep it
            </button>
          </span>
        ) : (
          <button type="button" className="button button-small" onClick={() => setConfirming(e.vaultId)} aria-label={`Forget ${plainText(e.name)}`}>
            Forget
          </button>
        ),
    },
  ];
  return (
    <div data-testid="registry-entries">
      {entries ? (
        <div className="table-wrap">
          <SimpleTable
            compact
            className="registry-entries"
            label="Pinned vaults"
            columns={columns}
            rows={entries}
            rowKey={(e) => e.vaultId}
            rowProps={(e) => ({ 'data-vault-id': e.vaultId, 'data-frozen': e.frozen ? (e.frozen.reason ?? 'contracts-changed') : undefined })}
            rowDetail={(e) =>
              open === e.vaultId ? { content: <PinnedContracts entry={e} />, rowProps: { className: 'entry-contracts', 'data-contracts-of': e.vaultId } } : null
            }
            empty="No vault is pinned yet: a plan asks for the review of its vault’s contracts first."
          />
        </div>
      ) : null}
      {confirming ? (
        <div className="notice notice-warn" role="status" data-testid="forget-confirm">
          <p>
            Forget {plainText(entries?.find((e) => e.vaultId === confirming)?.name ?? confirming)} only if its operator confirmed it was
            retired: its contracts are then no longer trusted here, and a vault with its name or contracts can be reviewed and pinned in its
            place.
          </p>
        </div>
      ) : null}
      {forgotten ? (
        <div className="notice notice-ok" role="status" data-testid="registry-forgotten">
          <p>
            {plainText(forgotten.name)} (id {forgotten.vaultId}) is no longer in the registry: a plan on it needs a new review and pin.
          </p>
        </div>
      ) : null}
      {failure ? <ErrorNotice error={failure} focus /> : null}
    </div>
  );
}

/** The contracts pinned for a vault, role by role. */
function PinnedContracts({ entry: e }: { entry: PinnedVault }) {
  return (
    <dl aria-label={`Contracts pinned for ${plainText(e.name)}`}>
      {SIDE_BY_SIDE_ROLES.map((role) => (
        <Fragment key={role}>
          <dt>{ROLE_NAMES[role]}</dt>
          <dd>
            <code>{roleAddress(e.contracts, role) ?? 'none'}</code>
          </dd>
        </Fragment>
      ))}
    </dl>
  );
}
