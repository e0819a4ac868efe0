import { useCallback, useMemo, useState } from 'react';
import { createColumnHelper } from '@tanstack/react-table';
import type { RequestRow } from '../../../shared/portfolio/schemas';
import { PHASE_WORDS, type RequestPhase } from '../../../shared/portfolio/request-phase';
import { ACROSS_VAULTS } from '../../../shared/ipc/schemas';
import { VirtualTable, type ColumnMeta } from '../components/VirtualTable';
import { KnownValue } from '../components/KnownValue';
import { PhasePill } from '../components/PhasePill';
import { shortAddress } from '../components/format';
import { walletAndVaultColumns } from '../components/wallet-vault-columns';
import { VaultStateFlag } from '../components/VaultStateFlag';
import { actionLabel, portfolioIndex, PortfolioHeader, usePortfolioStore, RequestStaleMark } from '../batch';
import { changedSincePicked, matchesSearch, splitSelection, useRequestSelection } from './requests-selection';
import { RequestAmounts } from './RequestAmounts';
import { ExpectedDate } from './ExpectedDate';
import { requestEpochWords } from '../../../shared/portfolio/request-epoch';
import { useNavigationStore } from '../navigation/navigation-store';
import { useSigningStore } from '../signing';

const col = createColumnHelper<RequestRow>();
/** Every request of the batch: filter, sort, search, and select for a batch cancel or claim. */
export function RequestsScreen() {
  const data = usePortfolioStore((s) => s.data);
  const { selected, picked, set: pick, clear, drop } = useRequestSelection();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [vaultId, setVaultId] = useState('');
  const [actionable, setActionable] = useState(false);
  const index = useMemo(() => portfolioIndex(data), [data]);

  const all = useMemo(() => data?.requests ?? [], [data]);
  // One classification on every screen: the phase the contracts show, not the service's status word.
  const phases = useMemo(() => (Object.keys(PHASE_WORDS) as RequestPhase[]).filter((p) => all.some((r) => r.phase === p)), [all]);
  // Types beyond the three the console acts on (write-offs, or one added later) are offered as the service wrote them.
  const otherTypes = useMemo(
    () => [...new Set(all.map((r) => r.type))].filter((t) => t !== 'DEPOSIT' && t !== 'WITHDRAW' && t !== 'REDEEM').sort(),
    [all],
  );
  const filtered = Boolean(type || status || vaultId || actionable);
  const accept = useCallback(
    (r: RequestRow) =>
      (!type || r.type === type) &&
      (!status || r.phase === status) &&
      (!vaultId || r.vaultId === vaultId) &&
      (!actionable || r.action !== null),
    [type, status, vaultId, actionable],
  );
  const rows = useMemo(() => (filtered ? all.filter(accept) : all), [all, accept, filtered]);
  // Not a pass over every request on each render: with nothing selected (the usual case) there is none at all.
  const selectedRows = useMemo(() => (Object.values(selected).some(Boolean) ? all.filter((r) => selected[r.id]) : []), [all, selected]);
  // What the filters and the search hide of the selection is said, never acted on unseen.
  const { hidden } = useMemo(() => {
    const v = (r: RequestRow) => {
      const vault = index.vault(r.vaultId);
      const texts = {
        label: index.label(r.wallet),
        vaultName: vault?.name ?? '',
        chainName: vault?.chain.name ?? '',
        action: r.action ? actionLabel(r.action.functionName, r.action.contract) : '',
      };
      return (!filtered || accept(r)) && matchesSearch(r, search, texts);
    };
    return splitSelection(selectedRows, v);
  }, [selectedRows, filtered, accept, search, index]);
  const changed = useMemo(() => changedSincePicked(selectedRows, picked), [selectedRows, picked]);
  const toSign = useMemo(() => (changed.length ? selectedRows.filter((r) => !changed.includes(r)) : selectedRows), [selectedRows, changed]);
  const counts = {
    claim: toSign.filter((r) => r.action?.kind === 'claim').length,
    cancel: toSign.filter((r) => r.action?.kind === 'cancel').length,
    none: toSign.filter((r) => !r.action).length,
  };

  const readAtMs = data?.generatedAtMs ?? 0;
  const columns = useMemo(
    () => [
      // The wallet's label is read whole from 1024 px up ("Demo lender 12"); the vault's name gives way first, then the action's wording wraps.
      ...walletAndVaultColumns<RequestRow>({
        width: 'minmax(144px, 1fr)',
        vaultWidth: 'minmax(92px, 1fr)',
        label: index.label,
        vaultName: (r) => index.vault(r.vaultId)?.name ?? '',
        chainName: (r) => index.vault(r.vaultId)?.chain.name,
        vaultFlag: (r) => <VaultStateFlag cycle={index.vault(r.vaultId)?.cycle} serviceStatus={index.vault(r.vaultId)?.status} />,
      }),
      col.accessor((r) => `${r.type}${r.isInstant ? ' instant' : ''}`, {
        id: 'type',
        header: 'Type · epoch',
        meta: { width: 'minmax(74px, 0.5fr)' } satisfies ColumnMeta,
        cell: (c) => (
          <div className="stack" title={requestEpochWords(c.row.original)?.long}>
            <KnownValue kind="requestType" value={c.row.original.type}>
              <span>{c.row.original.type.charAt(0) + c.row.original.type.slice(1).toLowerCase()}</span>
            </KnownValue>
            <span className="cell-sub" data-request-epoch={c.row.original.epochNumber ?? undefined} title={requestEpochWords(c.row.original)?.long}>
              {[c.row.original.isInstant ? 'instant' : null, requestEpochWords(c.row.original)?.short].filter(Boolean).join(' · ') || '—'}
            </span>
          </div>
        ),
      }),
      col.accessor('phase', {
        header: 'Status',
        meta: { width: 'minmax(84px, 0.7fr)' } satisfies ColumnMeta,
        cell: (c) => (
          <div className="stack stale-stack">
            <PhasePill
              phase={c.getValue()}
              status={c.row.original.status}
              note={c.row.original.source === 'chain' ? ' (not recorded by the service yet: read from the chain)' : ''}
            />
            {c.row.original.stale ? <RequestStaleMark row={c.row.original} /> : null}
          </div>
        ),
      }),
      // In tokens, not base units: a withdrawal counts in 18-decimal tranche units, a deposit in the underlying's.
      col.accessor(
        (r) => Number(r.amount) / 10 ** (r.amountToken === 'tranche' ? 18 : (index.vault(r.vaultId)?.underlying.decimals ?? 18)),
        {
          id: 'amount',
          header: 'Amount · pays',
          meta: { width: 'minmax(130px, 1fr)', align: 'right' } satisfies ColumnMeta,
          cell: (c) => {
            const v = index.vault(c.row.original.vaultId);
            return v ? <RequestAmounts row={c.row.original} vault={v} /> : null;
          },
        },
      ),
      col.accessor((r) => r.expectedAt ?? Number.MAX_SAFE_INTEGER, {
        id: 'expected',
        header: 'Expected',
        meta: { width: 'minmax(130px, 0.8fr)' } satisfies ColumnMeta,
        cell: (c) =>
          c.row.original.expectedAt ? (
            <ExpectedDate row={c.row.original} cycle={index.vault(c.row.original.vaultId)?.cycle} readAtMs={readAtMs} />
          ) : (
            <span className="cell-sub">—</span>
          ),
      }),
      col.accessor((r) => (r.action ? actionLabel(r.action.functionName, r.action.contract) : ''), {
        id: 'action',
        header: 'What can be done',
        meta: { width: 'minmax(100px, 1.3fr)', wrap: true } satisfies ColumnMeta,
        cell: (c) =>
          c.row.original.action ? (
            <span className={`action action-${c.row.original.action.kind}`}>{c.getValue()}</span>
          ) : (
            <span className="cell-sub reason-text" title={c.row.original.reason ?? ''}>
              {c.row.original.reason}
            </span>
          ),
      }),
    ],
    [index, readAtMs],
  );

  return (
    <section className="screen" aria-labelledby="requests-title">
      <PortfolioHeader title="Requests" subtitle={data ? `${rows.length} of ${all.length} requests` : undefined} />
      <div className="table-toolbar">
        <input
          className="search"
          type="search"
          placeholder="Search wallet, label, vault, status"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          aria-label="Search requests"
        />
        <select aria-label="Type" value={type} onChange={(e) => setType(e.target.value)}>
          <option value="">All types</option>
          <option value="DEPOSIT">Deposits</option>
          <option value="WITHDRAW">Withdrawals</option>
          <option value="REDEEM">Redeems</option>
          {otherTypes.map((t) => (
            <option key={t} value={t}>
              {t.charAt(0) + t.slice(1).toLowerCase().replace(/_/g, ' ')}
            </option>
          ))}
        </select>
        <select aria-label="Status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">All statuses</option>
          {phases.map((p) => (
            <option key={p} value={p}>
              {PHASE_WORDS[p].toLowerCase()}
            </option>
          ))}
        </select>
        <select aria-label="Vault" value={vaultId} onChange={(e) => setVaultId(e.target.value)}>
          <option value="">All vaults</option>
          {data?.vaults.map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
            </option>
          ))}
        </select>
        <label className="toggle">
          <input type="checkbox" checked={actionable} onChange={(e) => setActionable(e.target.checked)} /> only what can be done now
        </label>
        {selectedRows.length > 0 ? (
          <div className="selection-bar" role="toolbar" aria-label="Selected requests" data-testid="request-selection">
            <span>
              {selectedRows.length} selected: {counts.claim} to claim, {counts.cancel} to cancel
              {counts.none ? `, ${counts.none} with nothing to do now` : ''}
            </span>
            {hidden.length ? (
              <span className="warn-text" data-testid="selection-hidden">
                {hidden.length} of them {hidden.length === 1 ? 'is' : 'are'} hidden by the filters or the search, and included.{' '}
                <button type="button" className="link-button" onClick={() => drop(hidden.map((r) => r.id))}>
                  Unselect the {hidden.length} hidden
                </button>
              </span>
            ) : null}
            {changed.length ? (
              <span className="warn-text" data-testid="selection-changed">
                {changed.length} picked to {picked[changed[0]!.id]} no longer allow{changed.length === 1 ? 's' : ''} it (
                {changed[0]!.action
                  ? `now: ${actionLabel(changed[0]!.action.functionName, changed[0]!.action.contract).toLowerCase()}`
                  : 'nothing to do now'}
                ): left out.{' '}
                <button type="button" className="link-button" onClick={() => drop(changed.map((r) => r.id))}>
                  Unselect {changed.length === 1 ? 'it' : 'them'}
                </button>
              </span>
            ) : null}
            <SignSelectionButton rows={toSign} />
            <button type="button" className="button button-small" onClick={clear}>
              Clear
            </button>
          </div>
        ) : null}
      </div>
      {data ? (
        <VirtualTable
          // The whole list with a filter: the table re-filters its sorted rows instead of sorting them again.
          data={all}
          filter={filtered ? accept : undefined}
          columns={columns}
          getRowId={(r) => r.id}
          placeholder={(r) => `${index.label(r.wallet) || shortAddress(r.wallet)} · ${index.vault(r.vaultId)?.name ?? ''}`}
          ariaLabel="Requests"
          search={search}
          selection={{
            selected,
            onChange: (next) => pick(next, all),
            rowLabel: (r) =>
              `${index.label(r.wallet) || r.wallet}: ${r.type.toLowerCase()} in ${index.vault(r.vaultId)?.name ?? 'an unknown vault'}${r.epochNumber !== null ? `, epoch ${r.epochNumber}` : ''}`,
          }}
          rowHeight={56}
          maxHeight="calc(100vh - 330px)"
          minWidth={790}
          initialSorting={[{ id: 'expected', desc: false }]}
          empty={all.length ? 'No request matches these filters.' : 'This batch has no open requests.'}
        />
      ) : null}
    </section>
  );
}

/**
 * Starts a signing plan for the selection: one kind of action (claims, or cancels) at a time,
 * across as many vaults as selected, as one batch. When it cannot start, it says why as text.
 */
function SignSelectionButton({ rows }: { rows: RequestRow[] }) {
  const go = useNavigationStore((s) => s.go);
  const makePlan = useSigningStore((s) => s.makePlan);
  const planning = useSigningStore((s) => s.planning);
  const actionable = rows.filter((r) => r.action);
  const byVault = new Map<string, RequestRow[]>();
  for (const r of actionable) byVault.set(r.vaultId, [...(byVault.get(r.vaultId) ?? []), r]);
  const kinds = new Set(actionable.map((r) => r.action!.kind));
  const tooLarge =
    byVault.size > 1 &&
    (byVault.size > ACROSS_VAULTS.vaults ||
      [...byVault.values()].some(
        (list) => list.length > ACROSS_VAULTS.requests || new Set(list.map((r) => r.wallet)).size > ACROSS_VAULTS.wallets,
      ));
  const fits = actionable.length > 0 && kinds.size === 1 && !tooLarge;
  const kind = [...kinds][0];
  const why =
    actionable.length === 0
      ? 'Nothing selected can be claimed or cancelled now.'
      : kinds.size > 1
        ? 'Claims and cancels go in separate batches: unselect one kind.'
        : tooLarge
          ? `One review holds at most ${ACROSS_VAULTS.vaults} vaults of ${ACROSS_VAULTS.requests.toLocaleString('en-US')} requests each: select fewer, or sign vault by vault.`
          : null;
  const noun = kind === 'cancel' ? 'cancel' : 'claim';
  return (
    <>
      <button
        type="button"
        className="button button-small button-primary"
        disabled={!fits || planning}
        onClick={() => {
          const parts = [...byVault.entries()].map(([vaultId, list]) => ({
            vaultId,
            wallets: [...new Set(list.map((r) => r.wallet))],
            requestIds: list.map((r) => r.id),
          }));
          void makePlan({
            vaultId: parts[0]!.vaultId,
            action: noun,
            wallets: [...new Set(actionable.map((r) => r.wallet))],
            requestIds: actionable.map((r) => r.id),
            ...(parts.length > 1 ? { parts } : {}),
          });
          go('signing');
        }}
      >
        {planning
          ? 'Preparing…'
          : fits
            ? `Review and sign ${actionable.length} ${noun}${actionable.length === 1 ? '' : 's'}${byVault.size > 1 ? ` in ${byVault.size} vaults` : ''}`
            : 'Review and sign'}
      </button>
      {why ? (
        <span className="warn-text" data-testid="sign-selection-why">
          {why}
        </span>
      ) : null}
    </>
  );
}
