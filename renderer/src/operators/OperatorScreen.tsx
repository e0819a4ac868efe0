import { useEffect } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { FlatEntries } from '../components/FlatEntries';
import { timeLabels } from '../components/format';
import { pickText } from '../components/text';
import '../components/insights.css';
import { operatorKind } from './labels';
import { useOperatorsStore } from './operators-store';
import { VaultRefTable } from './VaultRefTable';

/** One operator: what it is, its links (opened through the console's allowlist), and its public vaults. */
export function OperatorScreen() {
  const { operatorId, detail, detailLoading, detailError, loadDetail } = useOperatorsStore();
  const go = useNavigationStore((s) => s.go);
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  useEffect(() => {
    void loadDetail();
  }, [loadDetail, operatorId, sourceVersion]);
  const kind = operatorKind(detail?.type ?? null);
  const updated = detail ? timeLabels(detail.fetchedAtMs) : null;

  return (
    <section className="screen" aria-labelledby="operator-title">
      <header className="screen-header">
        <div>
          <h1 id="operator-title">{detail?.name ?? 'Operator'}</h1>
          {detail ? (
            <p className="screen-sub">
              <span className={`pill ${kind.pill}`} data-operator-type={detail.type ?? ''}>
                {kind.label}
              </span>{' '}
              {detail.code ? <code>{detail.code}</code> : null}
            </p>
          ) : null}
        </div>
        <div className="screen-actions">
          <button type="button" className="button" onClick={() => go('operators')}>
            ← Operators
          </button>
          {updated ? (
            <span className="freshness" title={updated.utc}>
              Updated {updated.local}
            </span>
          ) : null}
          <button type="button" className="button" onClick={() => void loadDetail(true)} disabled={detailLoading} aria-busy={detailLoading}>
            {detailLoading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>
      {!operatorId ? <p className="empty">Open an operator from a vault page or the Operators screen.</p> : null}
      {detailError ? <ErrorNotice error={detailError} title={detail ? 'Could not refresh: what is shown is from before.' : 'Could not load the operator.'} /> : null}
      {detail ? (
        <>
          {detail.description ? <p className="lead">{pickText(detail.description)}</p> : <p className="lead">The service gives no description of this operator.</p>}
          <div className="insight-grid">
            <div className="card">
              <h2>Links</h2>
              {detail.links.length === 0 ? <p className="cell-sub">The service names no links for this operator.</p> : <FlatEntries entries={detail.links} label="Operator links" />}
            </div>
            <div className="card">
              <div className="card-head">
                <h2>{kind.vaults}</h2>
                <span className="cell-sub">
                  {detail.vaults.length} public{detail.hiddenVaultCount > 0 ? ` · ${detail.hiddenVaultCount} restricted or hidden not shown` : ''}
                </span>
              </div>
              {detail.vaults.length === 0 ? <p className="cell-sub">No public vault names this operator.</p> : <VaultRefTable vaults={detail.vaults} label="Operator vaults" />}
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}
