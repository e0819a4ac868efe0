import { useEffect, useMemo } from 'react';
import { ALERT_KINDS, ALERT_KIND_WORDS } from '../../../shared/alerts/desk-alerts';
import { requestsByExpectedDay, upcomingEpochEvents } from '../../../shared/alerts/calendar';
import { Amount } from '../components/Amount';
import { DateTime } from '../components/time';
import { SimpleTable } from '../components/SimpleTable';
import { timeLabels } from '../components/format';
import { formatUtcDay } from '../components/locale';
import { PortfolioHeader, portfolioIndex, usePortfolioStore } from '../batch';
import { useAlertsStore } from './alerts-store';
import './alerts.css';

/** A day key of `requestsByExpectedDay` in the page's words. */
function dayWords(key: string): string {
  if (key === 'overdue') return 'Overdue by the chain’s clock';
  if (key === 'unknown') return 'No expected date';
  return formatUtcDay(key);
}

/**
 * What the desk is told without looking: the alerts raised since the console opened, the batch's
 * coming epoch events, its pending requests by the day they are expected, and which alerts to raise.
 */
export function AlertsScreen() {
  const { alerts, enabled, setEnabled, markRead } = useAlertsStore();
  const data = usePortfolioStore((s) => s.data);
  const index = useMemo(() => portfolioIndex(data), [data]);
  const events = useMemo(() => (data ? upcomingEpochEvents(data) : []), [data]);
  const days = useMemo(() => (data ? requestsByExpectedDay(data) : []), [data]);
  // Opening the screen reads them: the bell's count goes back to zero, and stays so while it is open.
  useEffect(() => markRead(), [markRead, alerts]);

  return (
    <section className="screen" aria-labelledby="alerts-title">
      <PortfolioHeader title="Alerts" subtitle="Epoch windows and changes of the batch's vaults, by each chain's clock" />

      <div className="card" aria-labelledby="alerts-recent">
        <h2 id="alerts-recent">Raised since the console opened</h2>
        {alerts.length === 0 ? (
          <p className="cell-sub">None yet. The console compares each refresh with the one before (every minute while it is open) and lists here what changed.</p>
        ) : (
          <ul className="alert-list" aria-label="Alerts">
            {alerts.map((a) => (
              <li key={a.id} data-alert-kind={a.kind}>
                <span className="alert-time" title={timeLabels(a.raisedAtMs).utc}>
                  {timeLabels(a.raisedAtMs).local}
                </span>
                <strong>{a.title}</strong>
                <span className="cell-sub">{a.detail}</span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div className="card" aria-labelledby="alerts-calendar">
        <h2 id="alerts-calendar">Coming epoch events</h2>
        <SimpleTable
          compact
          label="Coming epoch events"
          rows={events}
          rowKey={(e) => `${e.vaultId}:${e.at}:${e.what}`}
          empty={data ? 'No epoch event ahead for the batch’s vaults.' : 'Loading the batch’s vaults…'}
          columns={[
            {
              key: 'when',
              header: 'When (chain time)',
              cell: (e) => (
                <>
                  {e.expected ? 'from ' : ''}
                  <DateTime seconds={e.at} />
                </>
              ),
            },
            {
              key: 'vault',
              header: 'Vault',
              cell: (e) => (
                <>
                  <span className="cell-title">{e.vaultName}</span> <span className="cell-sub">{e.chainName}</span>
                </>
              ),
            },
            {
              key: 'what',
              header: 'What',
              cell: (e) => (
                <>
                  {e.what}
                  {e.expected ? <span className="cell-sub"> (the manager starts it)</span> : null}
                </>
              ),
            },
          ]}
        />
      </div>

      <div className="card" aria-labelledby="alerts-requests">
        <h2 id="alerts-requests">Pending requests by expected date</h2>
        {days.length === 0 ? (
          <p className="cell-sub">{data ? 'No pending request in the batch.' : 'Loading the batch’s requests…'}</p>
        ) : (
          days.map((d) => (
            <section key={d.key} className="request-day" aria-label={dayWords(d.key)} data-day={d.key}>
              <h3>
                {dayWords(d.key)} <span className="cell-sub">· {d.requests.length}</span>
              </h3>
              <ul>
                {d.requests.map((r) => {
                  const v = index.vault(r.vaultId);
                  return (
                    <li key={r.id}>
                      <span className="cell-title">{index.label(r.wallet) || r.wallet}</span> · {v?.name ?? r.vaultId} · {r.type.charAt(0) + r.type.slice(1).toLowerCase()}{' '}
                      {v ? <Amount value={r.amount} token={r.amountToken === 'tranche' ? v.tranche : v.underlying} /> : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))
        )}
      </div>

      <div className="card" aria-labelledby="alerts-kinds">
        <h2 id="alerts-kinds">Which alerts to raise</h2>
        <p className="cell-sub">In the desktop app each alert is also an OS notification; in a browser, the bell beside the menu counts them.</p>
        <ul className="alert-kinds">
          {ALERT_KINDS.map((kind) => (
            <li key={kind}>
              <label>
                <input type="checkbox" checked={enabled[kind]} onChange={(e) => setEnabled(kind, e.target.checked)} /> {ALERT_KIND_WORDS[kind]}
              </label>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
