import { useEffect } from 'react';
import { useNavigationStore } from '../navigation/navigation-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { timeLabels } from '../components/format';
import { pickText } from '../components/text';
import '../components/insights.css';
import { operatorKind } from './labels';
import { useOperatorsStore } from './operators-store';

/** The protocol, the borrowers and the curators behind the vaults. */
export function OperatorsScreen() {
  const { list, listLoading, listError, loadList, open } = useOperatorsStore();
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  useEffect(() => {
    void loadList();
  }, [loadList, sourceVersion]);
  const updated = list ? timeLabels(list.fetchedAtMs) : null;

  return (
    <section className="screen" aria-labelledby="operators-title">
      <header className="screen-header">
        <div>
          <h1 id="operators-title">Operators</h1>
          <p className="screen-sub">{list ? `${list.operators.length} operators: who runs, borrows from and curates the vaults` : 'Loading the operators…'}</p>
        </div>
        <div className="screen-actions">
          {updated ? (
            <span className="freshness" title={updated.utc}>
              Updated {updated.local}
            </span>
          ) : null}
          <button type="button" className="button" onClick={() => void loadList(true)} disabled={listLoading} aria-busy={listLoading}>
            {listLoading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>
      {listError ? <ErrorNotice error={listError} title={list ? 'Could not refresh: the list below is from the last successful load.' : 'Could not load the operators.'} /> : null}
      {list && list.operators.length === 0 ? <p className="empty">The service lists no operators.</p> : null}
      {list && list.operators.length > 0 ? (
        <div className={`table-wrap${listError ? ' stale' : ''}`}>
          <table className="table" aria-label="Operators">
            <thead>
              <tr>
                <th scope="col">Operator</th>
                <th scope="col">Kind</th>
                <th scope="col" className="num">
                  Public vaults
                </th>
              </tr>
            </thead>
            <tbody>
              {list.operators.map((o) => {
                const kind = operatorKind(o.type);
                return (
                  <tr key={o.id} data-operator-id={o.id}>
                    <td>
                      <button type="button" className="link-button cell-title vault-link" onClick={() => open(o.id)}>
                        {o.name}
                      </button>
                      {o.description ? <div className="cell-sub">{pickText(o.description)}</div> : null}
                    </td>
                    <td>
                      <span className={`pill ${kind.pill}`}>{kind.label}</span>
                    </td>
                    <td className="num">{o.vaultCount}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
