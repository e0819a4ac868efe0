import { useNavigationStore } from '../navigation/navigation-store';
import { useSourceLoad } from '../navigation/use-source-load';
import { Screen } from '../components/ScreenHeader';
import { ErrorNotice } from '../components/ErrorNotice';
import { FlatEntries } from '../components/FlatEntries';
import { pickText } from '../components/text';
import '../components/insights.css';
import { operatorKind } from './labels';
import { useOperatorsStore } from './operators-store';
import { VaultRefTable } from './VaultRefTable';

/** One operator: what it is, its links (opened through the console's allowlist), and its public vaults. */
export function OperatorScreen() {
  const { operatorId, detail, detailLoading, detailError, loadDetail } = useOperatorsStore();
  const go = useNavigationStore((s) => s.go);
  useSourceLoad(loadDetail, operatorId);
  const kind = operatorKind(detail?.type ?? null);

  return (
    <Screen
      name="operator"
      title={detail?.name ?? 'Operator'}
      subtitle={
        detail ? (
          <>
            <span className={`pill ${kind.pill}`} data-operator-type={detail.type ?? ''}>
              {kind.label}
            </span>{' '}
            {detail.code ? <code>{detail.code}</code> : null}
          </>
        ) : null
      }
      back={{ label: 'Operators', onClick: () => go('operators') }}
      updatedAtMs={detail?.fetchedAtMs}
      refresh={{ run: () => void loadDetail(true), busy: detailLoading }}
    >
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
    </Screen>
  );
}
