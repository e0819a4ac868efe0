import { useEffect, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { ROLE_NAMES, REGISTRY_ROLES, type VaultPinReview } from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * A vault whose contracts are not pinned, or were pinned and are now named differently by the
 * service (frozen): its pinned set, what the service says now, and what the chain says of each
 * relation, side by side. Pinning is the operator's explicit act, possible only when every check
 * passes; it alone unfreezes a frozen vault.
 */
export function VaultPinPanel({ vaultId, onPinned }: { vaultId: string; onPinned: () => void }) {
  const [review, setReview] = useState<VaultPinReview | null>(null);
  const [error, setError] = useState<AppErrorData | null>(null);
  const [busy, setBusy] = useState(false);
  // Bumped to read the vault again ("Check again", or after a refused pin).
  const [reads, setReads] = useState(0);
  const load = () => setReads((n) => n + 1);
  useEffect(() => {
    let current = true;
    call(getBridge().registry.review({ vaultId })).then(
      (r) => current && (setReview(r), setError(null)),
      (err: unknown) => current && setError(errorData(err)),
    );
    return () => {
      current = false;
    };
  }, [vaultId, reads]);

  const pin = async () => {
    if (!review) return;
    setBusy(true);
    setError(null);
    try {
      await call(getBridge().registry.pin({ vaultId, expected: review.proposed }));
      onPinned();
    } catch (err) {
      setError(errorData(err));
      load();
    } finally {
      setBusy(false);
    }
  };

  if (!review) return error ? <ErrorNotice error={error} /> : <p className="muted">Reading the vault's contracts on chain…</p>;
  const allPass = review.checks !== null && review.checks.every((c) => c.ok);
  const frozen = review.status === 'frozen';
  const roles = REGISTRY_ROLES.filter((r) => review.proposed[r] || review.pinned?.contracts[r]);
  return (
    <div className="card wide" aria-label="Vault contracts" data-testid="vault-pin" data-status={review.status}>
      <h2>{frozen ? `${review.name} is frozen` : `New vault contracts: ${review.name}`}</h2>
      <p className="muted">
        {frozen
          ? `The service now names other contracts than the ones pinned on ${review.pinned!.pinnedAt.slice(0, 10)}. No plan is possible on this vault until you pin a set again.`
          : 'Money moves only to contracts pinned here. Check each address with the vault’s operator before you pin them.'}{' '}
        Chain {review.chainId}
        {review.checkedAtBlock ? `, read at block ${review.checkedAtBlock}` : ''}.
      </p>
      <div className="table-wrap">
        <table className="table compact" aria-label="Pinned and proposed contracts">
          <thead>
            <tr>
              <th>Role</th>
              {review.pinned ? <th>Pinned</th> : null}
              <th>The service says now</th>
            </tr>
          </thead>
          <tbody>
            {roles.map((role) => {
              const changed = review.pinned ? !same(review.pinned.contracts[role], review.proposed[role]) && role !== 'keyring' : false;
              return (
                <tr key={role} data-role={role} className={changed ? 'row-changed' : undefined}>
                  <td>{ROLE_NAMES[role]}</td>
                  {review.pinned ? (
                    <td>
                      <code>{review.pinned.contracts[role] ?? 'none'}</code>
                    </td>
                  ) : null}
                  <td>
                    <code>{review.proposed[role] ?? 'none'}</code>
                    {changed ? <span className="pill pill-bad"> changed</span> : null}
                    {review.explorerUrl && review.proposed[role] ? (
                      <span className="cell-sub"> {`${review.explorerUrl.replace(/\/$/, '')}/address/${review.proposed[role]}`}</span>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {review.tokens ? (
        <p className="cell-sub">
          Tokens on chain: underlying {review.tokens.underlying.symbol} ({review.tokens.underlying.decimals} decimals), tranche{' '}
          {review.tokens.tranche.symbol} ({review.tokens.tranche.decimals} decimals), receipt {review.tokens.strategy.symbol} (
          {review.tokens.strategy.decimals} decimals).
        </p>
      ) : null}
      {review.checkError ? (
        <ErrorNotice
          error={{
            code: 'REGISTRY_CHAIN_UNREAD',
            message: review.checkError,
            action: 'Set an RPC for this chain in Settings → Chains, then review again.',
          }}
        />
      ) : null}
      {review.checks ? (
        <ul className="checks" aria-label="On-chain checks of the set the service names">
          {review.checks.map((c) => (
            <li key={c.id} data-check={c.id} data-ok={c.ok}>
              <span className={`pill ${c.ok ? 'pill-ok' : 'pill-bad'}`}>{c.ok ? 'pass' : 'FAIL'}</span> {c.label}
              {c.ok ? null : (
                <span className="cell-sub">
                  {' '}
                  — expected {c.expected ?? '—'}, the chain says {c.actual ?? 'nothing'}
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? <ErrorNotice error={error} /> : null}
      <div className="form-actions">
        <button type="button" className="button button-primary" disabled={!allPass || busy} onClick={() => void pin()}>
          {frozen ? 'Pin the new contracts' : 'Pin these contracts'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={load}>
          Check again
        </button>
        {!allPass && review.checks ? <span className="muted">Not every check passes: these contracts cannot be pinned.</span> : null}
      </div>
    </div>
  );
}
