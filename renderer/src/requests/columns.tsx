import { createColumnHelper } from '@tanstack/react-table';
import type { RequestRow } from '../../../shared/portfolio/schemas';
import { requestEpochWords } from '../../../shared/portfolio/request-epoch';
import type { ColumnMeta } from '../components/VirtualTable';
import { KnownValue } from '../components/KnownValue';
import { PhasePill } from '../components/PhasePill';
import { walletAndVaultColumns } from '../components/wallet-vault-columns';
import { VaultStateFlag } from '../components/VaultStateFlag';
import { actionLabel, ExpectedDate, RequestStaleMark, type portfolioIndex } from '../batch';
import { RequestAmounts } from './RequestAmounts';
import './requests.css';

const col = createColumnHelper<RequestRow>();

/** The Requests table's columns: wallet, vault, type and epoch, status, amount, expected date, what can be done. */
export function requestColumns(index: ReturnType<typeof portfolioIndex>, readAtMs: number) {
  return [
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
          <span
            className="cell-sub"
            data-request-epoch={c.row.original.epochNumber ?? undefined}
            title={requestEpochWords(c.row.original)?.long}
          >
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
    col.accessor((r) => Number(r.amount) / 10 ** (r.amountToken === 'tranche' ? 18 : (index.vault(r.vaultId)?.underlying.decimals ?? 18)), {
      id: 'amount',
      header: 'Amount · pays',
      meta: { width: 'minmax(130px, 1fr)', align: 'right' } satisfies ColumnMeta,
      cell: (c) => {
        const v = index.vault(c.row.original.vaultId);
        return v ? <RequestAmounts row={c.row.original} vault={v} /> : null;
      },
    }),
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
  ];
}
