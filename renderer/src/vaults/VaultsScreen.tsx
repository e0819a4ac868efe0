import { useEffect } from 'react';
import { formatFeePercent } from '../../../shared/domain/fees';
import { useAppStore } from '../app/app-store';
import { ErrorNotice } from '../components/ErrorNotice';
import { shortAddress, timeLabels } from '../components/format';
import { useVaultsStore } from './vaults-store';

const STATUS_CLASS: Record<string, string> = { READY: 'pill-ok', PAUSED: 'pill-warn', DISABLED: 'pill-muted' };

export function VaultsScreen() {
  const { list, loading, error, load } = useVaultsStore();
  const sourceVersion = useAppStore((s) => s.sourceVersion);

  useEffect(() => {
    void load();
  }, [load, sourceVersion]);

  const updated = list ? timeLabels(list.fetchedAt) : null;

  return (
    <section className="screen" aria-labelledby="vaults-title">
      <header className="screen-header">
        <div>
          <h1 id="vaults-title">Vaults</h1>
          <p className="screen-sub">
            {list ? `${list.vaults.length} public vault${list.vaults.length === 1 ? '' : 's'}` : 'Loading the catalog…'}
            {list && list.hiddenCount > 0 ? ` · ${list.hiddenCount} restricted or hidden not shown` : ''}
          </p>
        </div>
        <div className="screen-actions">
          {updated ? (
            <span className="freshness" title={updated.utc}>
              Updated {updated.local}
            </span>
          ) : null}
          <button type="button" className="button" onClick={() => void load()} disabled={loading}>
            {loading ? 'Refreshing…' : 'Refresh'}
          </button>
        </div>
      </header>

      {error ? <ErrorNotice error={error} title={list ? 'Could not refresh: the list below is from the last successful load.' : 'Could not load the vaults.'} /> : null}

      {list && list.vaults.length === 0 ? <p className="empty">The service lists no public vaults.</p> : null}

      {list && list.vaults.length > 0 ? (
        <div className={`table-wrap${error ? ' stale' : ''}`}>
          <table className="table" aria-label="Public vaults">
            <thead>
              <tr>
                <th scope="col">Vault</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Underlying</th>
                <th scope="col">Chain</th>
                <th scope="col" className="num">Fee</th>
                <th scope="col">Tranche token</th>
              </tr>
            </thead>
            <tbody>
              {list.vaults.map((v) => (
                <tr key={v.id} data-vault-id={v.id}>
                  <td>
                    <div className="cell-title">{v.name}</div>
                    {v.description ? <div className="cell-sub">{v.description}</div> : null}
                  </td>
                  <td>{v.contractType === 'CDO_EPOCH' ? 'Epoch credit vault' : (v.contractType ?? '—')}</td>
                  <td>
                    <span className={`pill ${STATUS_CLASS[v.status ?? ''] ?? 'pill-muted'}`}>{v.status ?? 'unknown'}</span>
                  </td>
                  <td>
                    {v.token ? (
                      <>
                        <span className="cell-title">{v.token.symbol}</span>
                        <span className="cell-sub"> · {v.token.decimals} decimals</span>
                      </>
                    ) : (
                      <span className="cell-sub">unknown token</span>
                    )}
                  </td>
                  <td>
                    {v.chain ? (
                      <>
                        {v.chain.name}
                        {v.chain.chainId !== null ? <span className="cell-sub"> · {v.chain.chainId}</span> : null}
                      </>
                    ) : (
                      <span className="cell-sub">unknown chain</span>
                    )}
                  </td>
                  <td className="num">{v.feePercentage !== null ? formatFeePercent(v.feePercentage) : '—'}</td>
                  <td>
                    <code title={v.address}>{shortAddress(v.address)}</code>
                    {v.symbol ? <span className="cell-sub"> {v.symbol}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
