import { useEffect, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { describeGenerations } from '../../../shared/abi/generations/detect';
import { plainText } from '../../../shared/bundles/plain-text';
import {
  ROLE_NAMES,
  REGISTRY_ROLES,
  roleAddress,
  type ContractSet,
  type RegistryRole,
  type VaultPinReview,
} from '../../../shared/registry/schemas';
import { call, errorData, getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SimpleTable } from '../components/SimpleTable';
import { IdentityCollisions } from './IdentityCollision';
import './vault-registry.css';

const same = (a: string | null | undefined, b: string | null | undefined) => (a ?? '').toLowerCase() === (b ?? '').toLowerCase();

/**
 * A vault whose contracts are not pinned, or were pinned and are now named differently by the
 * service or were no longer listed (frozen): its pinned set, what the service says now, and what
 * the chain says of each relation, side by side. Pinning is the operator's explicit act, possible
 * only when every check passes and the vault is not taken for another one of the registry (then
 * both sets are shown side by side instead); it alone unfreezes a frozen vault.
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
  const collision = review.status === 'collision';
  const unlisted = review.pinned?.frozen?.reason === 'unlisted';
  const at = (set: ContractSet | undefined, role: RegistryRole) => (set ? roleAddress(set, role) : null);
  // One contract serving both queues is shown once, as the queue.
  const sameQueue = (set: ContractSet | undefined) => !set || same(at(set, 'withdrawQueue'), set.queue);
  const roles = REGISTRY_ROLES.filter(
    (r) =>
      (at(review.proposed, r) || at(review.pinned?.contracts, r)) &&
      !(r === 'withdrawQueue' && sameQueue(review.proposed) && sameQueue(review.pinned?.contracts)),
  );
  const pinnedAt = (role: RegistryRole) => at(review.pinned?.contracts, role);
  const changed = (role: RegistryRole) => (review.pinned ? !same(pinnedAt(role), at(review.proposed, role)) && role !== 'keyring' : false);
  return (
    <div className="card wide" aria-label="Vault contracts" data-testid="vault-pin" data-status={review.status}>
      <h2>
        {collision
          ? `${plainText(review.name)} is taken for a vault already in the registry`
          : frozen
            ? `${plainText(review.name)} is frozen`
            : `New vault contracts: ${plainText(review.name)}`}
      </h2>
      <p className="muted">
        {collision
          ? `The service announces ${review.pinned ? 'this vault' : 'this vault for the first time'} (id ${review.vaultId}), but it reads as a vault already in this install’s registry.`
          : frozen && unlisted
            ? `The service stopped listing this vault on ${review.pinned!.frozen!.at.slice(0, 10)} and lists it again now. No plan is possible on it until you pin it again, once its operator confirms it is the same vault.`
            : frozen
              ? `The service now names other contracts than the ones pinned on ${review.pinned!.pinnedAt.slice(0, 10)}. No plan is possible on this vault until you pin a set again.`
              : 'Money moves only to contracts pinned here. Check each address with the vault’s operator before you pin them.'}{' '}
        Chain {review.chainId}
        {review.checkedAtBlock ? `, read at block ${review.checkedAtBlock}` : ''}.
      </p>
      {collision ? (
        <IdentityCollisions review={review} />
      ) : (
        <div className="table-wrap">
          <SimpleTable
            compact
            label="Pinned and proposed contracts"
            columns={[
              {
                key: 'role',
                header: 'Role',
                cell: (role) => (role === 'queue' && sameQueue(review.proposed) ? 'queue (deposits and withdrawals)' : ROLE_NAMES[role]),
              },
              review.pinned ? { key: 'pinned', header: 'Pinned', cell: (role) => <code>{pinnedAt(role) ?? 'none'}</code> } : null,
              {
                key: 'proposed',
                header: 'The service says now',
                cell: (role) => (
                  <>
                    <code>{at(review.proposed, role) ?? 'none'}</code>
                    {changed(role) ? <span className="pill pill-bad"> changed</span> : null}
                    {review.explorerUrl && at(review.proposed, role) ? (
                      <span className="cell-sub"> {`${review.explorerUrl.replace(/\/$/, '')}/address/${at(review.proposed, role)}`}</span>
                    ) : null}
                  </>
                ),
              },
            ]}
            rows={roles}
            rowKey={(role) => role}
            rowProps={(role) => ({ 'data-role': role, className: changed(role) ? 'row-changed' : undefined })}
          />
        </div>
      )}
      {review.tokens ? (
        <p className="cell-sub">
          Tokens on chain: underlying {review.tokens.underlying.symbol} ({review.tokens.underlying.decimals} decimals), tranche{' '}
          {review.tokens.tranche.symbol} ({review.tokens.tranche.decimals} decimals), receipt {review.tokens.strategy.symbol} (
          {review.tokens.strategy.decimals} decimals).
        </p>
      ) : null}
      {review.generations ? (
        <p className="cell-sub" data-testid="vault-generations">
          Generations on chain: {describeGenerations(review.generations)}.
          {review.generations.recordDiffers.map((d) => (
            <span key={d}> {d}</span>
          ))}
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
          {collision ? (
            <li className="cell-sub">
              On-chain checks of the announced set: they tell whether its contracts belong together, not which vault they are.
            </li>
          ) : null}
          {review.checks.map((c) => (
            <li key={c.id} data-check={c.id} data-ok={c.ok} data-not-checkable={c.notCheckable ? true : undefined}>
              {c.notCheckable ? (
                <>
                  <span className="pill pill-muted">n/a</span> {c.label} <span className="cell-sub">— {c.notCheckable}</span>
                </>
              ) : (
                <>
                  <span className={`pill ${c.ok ? 'pill-ok' : 'pill-bad'}`}>{c.ok ? 'pass' : 'FAIL'}</span> {c.label}
                </>
              )}
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
        <button type="button" className="button button-primary" disabled={!allPass || collision || busy} onClick={() => void pin()}>
          {frozen ? 'Pin the new contracts' : 'Pin these contracts'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={load}>
          Check again
        </button>
        {collision ? (
          <span className="muted">Taken for a vault already in the registry: these contracts cannot be pinned.</span>
        ) : !allPass && review.checks ? (
          <span className="muted">Not every check passes: these contracts cannot be pinned.</span>
        ) : null}
      </div>
    </div>
  );
}
