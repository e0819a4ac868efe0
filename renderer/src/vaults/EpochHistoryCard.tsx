import { useEffect, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { EpochHistory } from '../../../shared/ipc/schemas';
import type { PortfolioVault } from '../../../shared/portfolio/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { timeLabels } from '../components/format';
import { EpochTable } from '../components/EpochTable';
import { StaleMark } from '../batch';

/**
 * The vault's epochs from the service, read again whenever the portfolio refreshes (on demand or
 * on the timer), since a new epoch or a stopped one changes them. A read that fails keeps the last
 * history on screen, marked not current with the time it is from.
 */
function useEpochHistory(vaultId: string, refreshedAtMs: number | undefined) {
  const key = `${vaultId}:${refreshedAtMs ?? ''}`;
  // The last answer, with the read it answers: a read in flight shows as "reading again".
  const [answer, setAnswer] = useState<{ key: string; history: EpochHistory | null; error: AppErrorData | null }>({
    key: '',
    history: null,
    error: null,
  });

  useEffect(() => {
    let live = true;
    call(getBridge().vaults.epochs({ vaultId }))
      .then((history) => live && setAnswer({ key, history, error: null }))
      .catch((err: unknown) => live && setAnswer((last) => ({ key, history: last.history, error: errorData(err) })));
    return () => {
      live = false;
    };
  }, [vaultId, key]);

  // Another vault's history never shows under this one's title, even for the instant it takes to load.
  const history = answer.history?.vaultId === vaultId ? answer.history : null;
  return { history, error: answer.key.startsWith(`${vaultId}:`) ? answer.error : null, loading: answer.key !== key };
}

export function EpochHistoryCard({ vault, refreshedAtMs }: { vault: PortfolioVault; refreshedAtMs: number | undefined }) {
  const { history, error, loading } = useEpochHistory(vault.id, refreshedAtMs);
  const at = history ? timeLabels(history.fetchedAtMs) : null;
  const stale = Boolean(history && error);
  return (
    <div
      className="card wide"
      data-testid="epoch-history"
      data-state={stale ? 'stale' : history ? 'current' : loading ? 'loading' : 'missing'}
    >
      <div className="notice-head">
        <h2>Epochs</h2>
        {at ? (
          <span className="freshness" title={`${at.utc} · from the service`}>
            {stale ? (
              <>
                <StaleMark
                  title={`Not current: the service did not answer (${error?.message ?? 'no answer'}); this is the history read at ${at.local}.`}
                  text="Not current"
                />
                {`: from ${at.local}`}
              </>
            ) : (
              `Updated ${at.local}`
            )}
            {loading ? ' · reading again…' : ''}
          </span>
        ) : null}
      </div>
      {error ? (
        <ErrorNotice
          error={error}
          title={
            history ? 'Could not read the epoch history again: the table shows the last one read.' : 'Could not load the epoch history.'
          }
        />
      ) : null}
      {history ? (
        <div className={stale ? 'stale-figure' : undefined}>
          <EpochTable epochs={history.epochs} tokens={vault} ariaLabel="Epoch history" />
        </div>
      ) : error ? null : (
        <p className="cell-sub">Loading…</p>
      )}
    </div>
  );
}
