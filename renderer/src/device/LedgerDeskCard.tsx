import { useCallback, useEffect, useState } from 'react';
import { describeLedger, selects, type LedgerDeskView, type LedgerListing } from '../../../shared/device/desk';
import { modelName } from '../../../shared/device/models';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable } from '../components/SimpleTable';

/** One connected Ledger in a line: model, versions, and how the console knows it. */
function deviceLine(d: LedgerListing): string {
  const versions = [d.appVersion ? `Ethereum app ${d.appVersion}` : null, d.osVersion ? `OS ${d.osVersion}` : null].filter(Boolean).join(' · ');
  const known = d.serialIdentifies ? `serial ${d.serialNumber}` : `at ${d.path} (no serial tells it apart: bound by this path, which changes on another USB port)`;
  return `${d.model ? modelName(d.model) : 'Ledger'}${versions ? ` · ${versions}` : ''} · ${known}`;
}

/**
 * Settings → Ledgers: the Ledgers on the desk and which wallet group each signs for. A group bound
 * to a device signs only there; its batches wait for that device when another is plugged in.
 */
export function LedgerDeskCard() {
  const [view, setView] = useState<LedgerDeskView | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const load = useCallback(() => {
    call(getBridge().device.desk({}))
      .then((v) => (setView(v), setError(null)))
      .catch((err: unknown) => setError(errorData(err)));
  }, []);
  useEffect(load, [load]);
  const bind = (groupId: string, deviceId: string | null) =>
    call(getBridge().device.bind({ groupId, deviceId }))
      .then((v) => (setView(v), setError(null)))
      .catch((err: unknown) => setError(errorData(err)));
  if (!view) return error ? <ErrorNotice error={error} /> : null;
  return (
    <div className="card" data-testid="ledger-desk-card">
      <h2>Ledgers</h2>
      {!view.available ? (
        <p className="muted">This console reaches one Ledger at a time: whichever is connected signs.</p>
      ) : (
        <>
          <p className="muted">
            The Ledgers connected now. Bind a wallet group to the one holding its wallets: its batches are signed only there, and wait for it
            while another is connected. Each address is still checked on the device before it signs.
          </p>
          {view.devices.length === 0 ? (
            <p className="muted">No Ledger is connected.</p>
          ) : (
            <ul className="plain-list" data-testid="ledger-desk-devices">
              {view.devices.map((d) => (
                <li key={d.id}>{deviceLine(d)}</li>
              ))}
            </ul>
          )}
          {view.groups.length === 0 ? (
            <p className="muted">Make wallet groups on the Wallets screen to bind them to a Ledger.</p>
          ) : (
            <SimpleTable
              testId="ledger-desk-bindings"
              label="Wallet groups and the Ledger each signs on"
              rows={view.groups}
              rowKey={(g) => g.id}
              columns={[
                { key: 'group', header: 'Wallet group', cell: (g) => g.name },
                {
                  key: 'ledger',
                  header: 'Signs on',
                  cell: (g) => {
                    const binding = view.bindings.find((b) => b.groupId === g.id);
                    const current = binding ? view.devices.find((d) => selects(binding.device, d)) : undefined;
                    return (
                      <select
                        aria-label={`Ledger for ${g.name}`}
                        value={current?.id ?? (binding ? 'away' : '')}
                        onChange={(e) => void bind(g.id, e.target.value === '' ? null : e.target.value)}
                      >
                        <option value="">Whichever Ledger is connected</option>
                        {binding && !current ? <option value="away">{describeLedger(binding.device, binding.model)} (not connected)</option> : null}
                        {view.devices.map((d) => (
                          <option key={d.id} value={d.id}>
                            {deviceLine(d).split(' (no serial')[0]}
                          </option>
                        ))}
                      </select>
                    );
                  },
                },
              ]}
            />
          )}
          <button type="button" className="button button-small" onClick={load}>
            Look again
          </button>
        </>
      )}
      {error ? <ErrorNotice error={error} /> : null}
    </div>
  );
}
