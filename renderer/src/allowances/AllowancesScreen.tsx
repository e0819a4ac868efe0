import { useEffect, useMemo, useState } from 'react';
import type { AllowanceRow } from '../../../shared/allowances/schemas';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';
import { useNavigationStore } from '../navigation/navigation-store';
import { Amount } from '../components/Amount';
import { ErrorNotice } from '../components/ErrorNotice';
import { Screen } from '../components/ScreenHeader';
import { shortAddress, timeLabels } from '../components/format';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { Toolbar } from '../components/Toolbar';
import { GroupPicker, usePortfolioStore } from '../batch';
import { useSigningStore } from '../signing';
import { rowKey, useAllowancesStore } from './allowances-store';
import './allowances.css';

const TOKEN_WORD = { underlying: 'underlying', tranche: 'tranche token' } as const;

/**
 * What the batch's wallets allow the pinned vaults' contracts to spend, read from the chain: per
 * wallet, token and spender (named by the pinned vault registry), "unlimited" for the largest
 * amount. Picked allowances are revoked as one batch: approve(spender, 0) each, reviewed, simulated
 * and signed on the Ledger like every other batch.
 */
export function AllowancesScreen() {
  const groupId = usePortfolioStore((s) => s.groupId);
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  const go = useNavigationStore((s) => s.go);
  const showPlan = useSigningStore((s) => s.showPlan);
  const { data, loading, error, picked, onlyNonZero, setOnlyNonZero, toggle, pickAll, load } = useAllowancesStore();
  const [planning, setPlanning] = useState(false);
  const [refused, setRefused] = useState<AppErrorData | null>(null);

  useEffect(() => {
    void load(groupId);
  }, [load, groupId, sourceVersion]);

  const all = useMemo(() => data?.rows ?? [], [data]);
  const shown = useMemo(() => (onlyNonZero ? all.filter((r) => r.allowance !== '0') : all), [all, onlyNonZero]);
  const revocable = useMemo(() => shown.filter((r) => r.allowance !== '0'), [shown]);
  const chosen = useMemo(() => all.filter((r) => picked.has(rowKey(r))), [all, picked]);
  const nonZero = all.filter((r) => r.allowance !== '0').length;
  const allPicked = revocable.length > 0 && revocable.every((r) => picked.has(rowKey(r)));

  async function revoke(): Promise<void> {
    setPlanning(true);
    setRefused(null);
    try {
      const picks = chosen.map((r) => ({ wallet: r.wallet, vaultId: r.vaultId, token: r.token.role, spender: r.spender.role }));
      showPlan(await call(getBridge().allowances.planRevoke({ picks })));
      go('signing');
    } catch (err) {
      setRefused(errorData(err));
    } finally {
      setPlanning(false);
    }
  }

  const updated = data ? timeLabels(Date.parse(data.readAt)) : null;
  return (
    <Screen
      name="allowances"
      title="Allowances"
      subtitle={
        data
          ? `${nonZero} allowance${nonZero === 1 ? '' : 's'} not 0, of ${all.length} read from the chain: what the batch's wallets let the pinned vaults' contracts spend`
          : "What the batch's wallets let the pinned vaults' contracts spend, read from the chain"
      }
      batch={<GroupPicker />}
      updated={updated && { label: `Read ${updated.local}`, title: updated.utc }}
      refresh={{ run: () => void load(groupId), busy: loading }}
      progress={{ busy: loading, label: 'Reading allowances' }}
      bar={
        <button type="button" className="button primary" disabled={chosen.length === 0 || planning} onClick={() => void revoke()} title="Plan approve(spender, 0) for each allowance selected: reviewed before anything is signed">
          {planning ? 'Planning…' : chosen.length === 0 ? 'Revoke selected' : `Revoke ${chosen.length} selected`}
        </button>
      }
    >
      {error ? <ErrorNotice error={error} title={data ? 'The last read failed: the allowances below are from before.' : 'Could not read the allowances.'} /> : null}
      {refused ? <ErrorNotice error={refused} title="Nothing was planned." focus /> : null}
      {data?.failures.map((f) => (
        <p key={f.chainId} className="notice notice-warn" role="status">
          {f.message} Check this chain's RPC in Settings → Chains, then Refresh.
        </p>
      ))}
      {data && data.notPinned.length > 0 ? (
        <p className="notice notice-info" role="status">
          Not in the vault registry, so not read: {data.notPinned.join(', ')}. Pin a vault in Settings → Vault registry (or plan an operation on it) to see its allowances here.
        </p>
      ) : null}
      <Toolbar actions={<span className="cell-sub">{chosen.length > 0 ? `${chosen.length} selected` : 'Select allowances to revoke them'}</span>}>
        <label className="checkbox">
          <input type="checkbox" checked={onlyNonZero} onChange={(e) => setOnlyNonZero(e.target.checked)} /> Only allowances that are not 0
        </label>
      </Toolbar>
      {data && shown.length === 0 ? (
        <p className="empty">{onlyNonZero ? 'No wallet of this batch allows any pinned vault contract to spend its tokens: nothing to revoke.' : 'No allowance could be read.'}</p>
      ) : null}
      {shown.length > 0 ? (
        <div className="table-wrap">
          <SimpleTable
            label="Allowances"
            className="allowances-table"
            rows={shown}
            rowKey={rowKey}
            rowProps={(r) => ({ 'data-testid': 'allowance-row', 'data-unlimited': r.unlimited ? 'true' : 'false', className: picked.has(rowKey(r)) ? 'picked' : undefined })}
            columns={[
              {
                key: 'pick',
                className: 'pick',
                header: (
                  <input
                    type="checkbox"
                    aria-label="Select every allowance shown that is not 0"
                    checked={allPicked}
                    disabled={revocable.length === 0}
                    onChange={(e) => pickAll(revocable.map(rowKey), e.target.checked)}
                  />
                ),
                cell: (r) => (
                  <input
                    type="checkbox"
                    aria-label={`Select ${r.label || shortAddress(r.wallet)}: ${r.token.symbol} to ${r.spender.name}`}
                    checked={picked.has(rowKey(r))}
                    disabled={r.allowance === '0'}
                    title={r.allowance === '0' ? 'Already 0: nothing to revoke' : undefined}
                    onChange={() => toggle(rowKey(r))}
                  />
                ),
              },
              ...allowanceColumns,
            ]}
          />
        </div>
      ) : null}
    </Screen>
  );
}

/** The wallet, token, spender and allowance of a line; the selection's column is the screen's. */
const allowanceColumns: SimpleColumn<AllowanceRow>[] = [
  {
    key: 'wallet',
    header: 'Wallet',
    cell: (r) => (
      <div className="stack">
        <span className="cell-main" title={r.wallet}>
          {r.label || shortAddress(r.wallet)}
        </span>
        <code className="cell-sub">{shortAddress(r.wallet)}</code>
      </div>
    ),
  },
  {
    key: 'token',
    header: 'Token',
    cell: (r) => (
      <div className="stack">
        <span className="cell-main">{r.token.symbol}</span>
        <span className="cell-sub">{TOKEN_WORD[r.token.role]}</span>
      </div>
    ),
  },
  {
    key: 'spender',
    header: 'Spender',
    cell: (r) => (
      <div className="stack">
        <span className="cell-main">{r.spender.name}</span>
        <code className="cell-sub" title={r.spender.address}>
          {shortAddress(r.spender.address)}
        </code>
      </div>
    ),
  },
  {
    key: 'allowance',
    header: 'Allowance',
    numeric: true,
    cell: (r) =>
      r.unlimited ? (
        <span className="pill pill-warn" title="The largest uint256: this contract may take any amount of the token from the wallet, for ever.">
          unlimited {r.token.symbol}
        </span>
      ) : (
        <Amount value={r.allowance} token={r.token} />
      ),
  },
];
