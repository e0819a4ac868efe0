import { useEffect } from 'react';
import { exactUnits } from '../../../shared/domain/units';
import { useNavigationStore } from '../navigation/navigation-store';
import { useCampaignsStore } from '../campaigns';
import { Amount } from '../components/Amount';
import { ErrorNotice } from '../components/ErrorNotice';
import { FlatEntries } from '../components/FlatEntries';
import { count, days, pct } from '../components/figures';
import { LineChart } from '../components/LineChart';
import { pickText } from '../components/text';
import { DateTime } from '../components/time';
import { UsdValue } from '../components/UsdValue';
import { operatorKind, useOperatorsStore } from '../operators';
import '../components/insights.css';
import { useVaultInsightsStore } from './vault-insights-store';

/**
 * What the vault page shows beyond the cycle: who operates the vault (each a link to the operator's
 * page), its category, type and campaigns, its performance records over time with the underlying's
 * price, and the service's integrations object as key/values.
 */
/** A token price (USD with 6 decimals): four decimals below $10, where stablecoins move, cents above. */
function usdPerToken(usd6: string): string {
  const units = BigInt(usd6);
  const digits = units < 10_000_000n ? 4 : 2;
  // Written like every other USD figure of the console, in the reader's locale ($1.0002, 1,0002 $),
  // from the exact decimal rather than a float.
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: 'USD', currencyDisplay: 'narrowSymbol', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    exactUnits(units, 6) as `${number}`,
  );
}

export function VaultInsights({ vaultId }: { vaultId: string }) {
  const { profile, profileError, performance, performanceError, loading, load } = useVaultInsightsStore();
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  const openOperator = useOperatorsStore((s) => s.open);
  const openCampaign = useCampaignsStore((s) => s.open);
  useEffect(() => {
    void load(vaultId);
  }, [load, vaultId, sourceVersion]);
  const mine = profile?.vault.id === vaultId ? profile : null;
  const perf = performance?.vaultId === vaultId ? performance : null;
  const token = perf?.token ?? mine?.vault.token ?? null;
  const latestPrice = perf?.prices.at(-1);

  return (
    <div className="vault-insights" data-testid="vault-insights">
      <div className="insight-grid">
        <div className="card" aria-labelledby="vault-about">
          <div className="card-head">
            <h2 id="vault-about">About this vault</h2>
            <button type="button" className="button button-small" onClick={() => void load(vaultId, true)} disabled={loading}>
              {loading ? 'Reading…' : 'Refresh'}
            </button>
          </div>
          {profileError ? <ErrorNotice error={profileError} title="Could not load what the service says about this vault." /> : null}
          {mine ? (
            <>
              {mine.description ? <p className="lead">{pickText(mine.description)}</p> : null}
              <dl className="kv">
                <div className="kv-row">
                  <dt>Category</dt>
                  <dd data-testid="vault-category">{mine.vault.category ? pickText(mine.vault.category.name) : '—'}</dd>
                </div>
                <div className="kv-row">
                  <dt>Type</dt>
                  <dd data-testid="vault-type">{mine.vault.type ? pickText(mine.vault.type.name) : '—'}</dd>
                </div>
                <div className="kv-row">
                  <dt>Operators</dt>
                  <dd>
                    {mine.operators.length === 0 ? (
                      <span className="cell-sub">The service names none.</span>
                    ) : (
                      <ul className="chips" aria-label="Operators">
                        {mine.operators.map((o) => (
                          <li key={o.id}>
                            <button type="button" className="chip" data-operator-id={o.id} onClick={() => openOperator(o.id)} title={`Open ${o.name}'s page`}>
                              <span className="chip-kind">{operatorKind(o.type).label}</span>
                              {o.name}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </div>
                <div className="kv-row">
                  <dt>Campaigns</dt>
                  <dd>
                    {mine.campaigns.length === 0 ? (
                      <span className="cell-sub">In no campaign.</span>
                    ) : (
                      <ul className="chips" aria-label="Campaigns">
                        {mine.campaigns.map((c) => (
                          <li key={c.id}>
                            <button type="button" className="chip" onClick={() => openCampaign(c.id)}>
                              <span className="chip-kind">{c.state}</span>
                              {pickText(c.name)}
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                </div>
              </dl>
            </>
          ) : profileError ? null : (
            <p className="cell-sub">Loading…</p>
          )}
        </div>

        <div className="card" aria-labelledby="vault-integrations">
          <h2 id="vault-integrations">Integrations</h2>
          {mine?.integrationsError ? <p className="error-text">Could not read the integrations: {mine.integrationsError}</p> : null}
          {mine && mine.integrations ? <FlatEntries entries={mine.integrations} label="Integrations" /> : null}
          {mine && !mine.integrations && !mine.integrationsError ? <p className="cell-sub">The service lists no integrations for this vault.</p> : null}
        </div>
      </div>

      <div className="card wide" aria-labelledby="vault-performance">
        <h2 id="vault-performance">Performance</h2>
        {performanceError ? <ErrorNotice error={performanceError} title="Could not load the performance records." /> : null}
        {perf && !perf.latest ? <p className="cell-sub">No performance record yet.</p> : null}
        {perf?.latest ? (
          <>
            <div className="insight-facts">
              <div className="fact">
                <span className="fact-label">Realized APY</span>
                <strong data-testid="vault-realized-apy">{pct(perf.latest.realizedAPY)}</strong>
                {perf.latest.asOf !== null ? (
                  <span className="fact-sub">
                    as of <DateTime seconds={perf.latest.asOf} />
                  </span>
                ) : null}
              </div>
              <div className="fact">
                <span className="fact-label">Holders</span>
                <strong data-testid="vault-holders">{count(perf.latest.holders)}</strong>
              </div>
              <div className="fact">
                <span className="fact-label">Age</span>
                <strong>{days(perf.latest.ageDays)}</strong>
              </div>
              <div className="fact">
                <span className="fact-label">Earnings</span>
                <strong>{perf.latest.earnings?.token && token ? <Amount value={perf.latest.earnings.token} token={token} /> : '—'}</strong>
                <span className="fact-sub">
                  <UsdValue figure={perf.latest.earnings?.usd} />
                  {perf.latest.earnings?.percentage !== null && perf.latest.earnings?.percentage !== undefined ? ` · ${pct(perf.latest.earnings.percentage)}` : ''}
                </span>
              </div>
              <div className="fact">
                <span className="fact-label">Accrued rewards</span>
                {perf.latest.accruedRewards.length === 0 ? (
                  <strong>None</strong>
                ) : (
                  perf.latest.accruedRewards.map((r, i) => (
                    <span key={i} className="fact-sub">
                      {r.amount && r.token ? <Amount value={r.amount} token={r.token} /> : 'unknown token'} · <UsdValue figure={r.usd} />
                      {r.apr !== null ? ` · ${pct(r.apr)} APR` : ''}
                    </span>
                  ))
                )}
              </div>
            </div>
            <div className="insight-grid">
              <div>
                <h3 className="fact-label">Realized APY over time</h3>
                <LineChart points={perf.history.map((h) => ({ at: h.at, value: h.realizedAPY }))} format={(v) => pct(Math.round(v * 100) / 100)} label="Realized APY over time" />
                <p className="chart-caption">{perf.history.length} performance record{perf.history.length === 1 ? '' : 's'}</p>
              </div>
              <div>
                <h3 className="fact-label">{token ? `${token.symbol} price (USD)` : 'Underlying price (USD)'}</h3>
                {perf.prices.length > 0 ? (
                  <>
                    <LineChart
                      className="price"
                      points={perf.prices.map((p) => ({ at: p.at, value: Number(p.usd) / 1e6 }))}
                      format={(v) => usdPerToken(String(Math.round(v * 1e6)))}
                      label={`${token?.symbol ?? 'Underlying'} price in USD`}
                    />
                    <p className="chart-caption">
                      {latestPrice ? (
                        <>
                          Latest {usdPerToken(latestPrice.usd)} per {token?.symbol ?? 'token'} (<DateTime seconds={latestPrice.at} />) ·{' '}
                        </>
                      ) : null}
                      {perf.prices.length} token block{perf.prices.length === 1 ? '' : 's'}
                    </p>
                  </>
                ) : (
                  <p className="cell-sub">The service has no token blocks for this token.</p>
                )}
              </div>
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The vault's operators on one line under the vault page's title, each opening its operator page. */
export function VaultOperatorsLine({ vaultId }: { vaultId: string }) {
  const profile = useVaultInsightsStore((s) => (s.profile?.vault.id === vaultId ? s.profile : null));
  const openOperator = useOperatorsStore((s) => s.open);
  if (!profile || profile.operators.length === 0) return null;
  return (
    <span className="operators-line" data-testid="vault-operators-line">
      {profile.operators.map((o, i) => (
        <span key={o.id}>
          {i > 0 ? ' · ' : ''}
          {operatorKind(o.type).label}{' '}
          <button type="button" className="link-button" onClick={() => openOperator(o.id)}>
            {o.name}
          </button>
        </span>
      ))}
    </span>
  );
}
