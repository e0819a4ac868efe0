import { useState } from 'react';
import { DERIVATION_SCHEMES, DERIVATION_SCHEME_LABELS, type DerivationScheme } from '../../../shared/device/paths';
import type { DeviceAccount } from '../../../shared/device';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable } from '../components/SimpleTable';
import { deviceSummary, useDeviceStore } from '../device';
import { useWalletsStore } from '../batch';
import './wallets.css';

/**
 * Imports accounts from the Ledger: pick a derivation scheme and a range, see the addresses (each
 * can be shown on the device to compare), import the chosen ones. The main side derives them on
 * the device again at import, so what is saved is what the device holds.
 */
export function LedgerImport({ onClose }: { onClose: () => void }) {
  const { group, book, run } = useWalletsStore();
  const deviceState = useDeviceStore((s) => s.state);
  const [scheme, setScheme] = useState<DerivationScheme>('ledger-live');
  const [start, setStart] = useState(0);
  const [count, setCount] = useState(5);
  const [accounts, setAccounts] = useState<DeviceAccount[] | null>(null);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [verified, setVerified] = useState<Record<number, boolean>>({});
  const known = new Set((book?.wallets ?? []).map((w) => w.address.toLowerCase()));
  const groupName = group ? book?.groups.find((g) => g.id === group)?.name : null;

  const discover = async () => {
    setBusy('discover');
    setError(null);
    try {
      const found = await call(getBridge().device.discoverAccounts({ scheme, start, count }));
      setAccounts(found);
      setPicked(new Set(found.filter((a) => !known.has(a.address.toLowerCase())).map((a) => a.index)));
      setVerified({});
    } catch (err) {
      setError(errorData(err));
    } finally {
      setBusy(null);
    }
  };

  const verify = async (a: DeviceAccount) => {
    setBusy(`verify-${a.index}`);
    setError(null);
    try {
      const result = await call(getBridge().device.verifyAddress({ path: a.path, address: a.address }));
      setVerified((v) => ({ ...v, [a.index]: result.matches }));
    } catch (err) {
      setError(errorData(err));
    } finally {
      setBusy(null);
    }
  };

  const importPicked = async () => {
    setBusy('import');
    const ok = await run(
      () => call(getBridge().device.importAccounts({ scheme, indices: [...picked], ...(group ? { groupId: group } : {}) })),
      (r) => {
        const { added, updated } = r as { added: number; updated: number };
        return `Ledger accounts imported: ${added} added, ${updated} already in the book now marked as Ledger accounts.`;
      },
    );
    setBusy(null);
    if (ok) onClose();
  };

  return (
    <div className="card wide ledger-import" aria-label="Import from Ledger">
      <div className="notice-head">
        <h2>Import accounts from the Ledger</h2>
        <button type="button" className="link-button" onClick={onClose}>
          Close
        </button>
      </div>
      <p className="muted">{deviceSummary(deviceState).text}</p>
      <div className="inline-fields">
        <label className="field">
          <span>Derivation scheme</span>
          <select value={scheme} onChange={(e) => setScheme(e.target.value as DerivationScheme)} aria-label="Derivation scheme">
            {DERIVATION_SCHEMES.map((s) => (
              <option key={s} value={s}>
                {DERIVATION_SCHEME_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>From account</span>
          <input type="number" min={0} max={10000} value={start} onChange={(e) => setStart(Math.max(0, Number(e.target.value) || 0))} aria-label="First account index" />
        </label>
        <label className="field">
          <span>How many</span>
          <input type="number" min={1} max={50} value={count} onChange={(e) => setCount(Math.min(50, Math.max(1, Number(e.target.value) || 1)))} aria-label="Number of accounts" />
        </label>
        <button type="button" className="button" onClick={() => void discover()} disabled={busy !== null}>
          {busy === 'discover' ? 'Reading the device…' : 'Find accounts'}
        </button>
      </div>
      {error ? <ErrorNotice error={error} /> : null}
      {accounts ? (
        <SimpleTable
          compact
          label="Ledger accounts"
          rows={accounts}
          rowKey={(a) => a.index}
          columns={[
            {
              key: 'pick',
              header: null,
              cell: (a) => (
                <input
                  type="checkbox"
                  aria-label={`Import account ${a.index}`}
                  checked={picked.has(a.index)}
                  onChange={(e) => {
                    const next = new Set(picked);
                    if (e.target.checked) next.add(a.index);
                    else next.delete(a.index);
                    setPicked(next);
                  }}
                />
              ),
            },
            { key: 'index', header: '#', numeric: true, cell: (a) => a.index },
            { key: 'path', header: 'Path', cell: (a) => <code>{a.path}</code> },
            {
              key: 'address',
              header: 'Address',
              cell: (a) => (
                <>
                  <code>{a.address}</code>
                  {known.has(a.address.toLowerCase()) ? <span className="cell-sub"> · in the book</span> : null}
                </>
              ),
            },
            {
              key: 'device',
              header: 'On the device',
              cell: (a) =>
                verified[a.index] === true ? (
                  <span className="pill pill-ok">Matches</span>
                ) : verified[a.index] === false ? (
                  <span className="pill pill-bad">Differs!</span>
                ) : (
                  <button type="button" className="button button-small" disabled={busy !== null} onClick={() => void verify(a)}>
                    {busy === `verify-${a.index}` ? 'Confirm on device…' : 'Show on device'}
                  </button>
                ),
            },
          ]}
        />
      ) : null}
      {accounts ? (
        <div className="form-actions">
          <button type="button" className="button button-primary" disabled={busy !== null || picked.size === 0} onClick={() => void importPicked()}>
            Import {picked.size} account{picked.size === 1 ? '' : 's'}
            {groupName ? ` into ${groupName}` : ''}
          </button>
        </div>
      ) : null}
    </div>
  );
}
