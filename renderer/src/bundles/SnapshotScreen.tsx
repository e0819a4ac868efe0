import './bundles.css';
import type { BundleSnapshot } from '../../../shared/bundles/schemas';
import type { EpochRow } from '../../../shared/ipc/schemas';
import type { PlanVault } from '../../../shared/signing/schemas';
import { isoToSeconds } from '../../../shared/domain/time';
import { formatAmount } from '../../../shared/domain/units';
import { useNavigationStore } from '../navigation/navigation-store';
import { Amount } from '../components/Amount';
import { Screen } from '../components/ScreenHeader';
import { DateTime, formatDuration } from '../components/time';
import { PhasePill } from '../components/PhasePill';
import { isOverdue, overdueWaitsFor } from '../../../shared/domain/schedule';
import { pct } from '../components/figures';
import { EpochTable } from '../components/EpochTable';
import { SimpleTable, type SimpleColumn } from '../components/SimpleTable';
import { useState } from 'react';
import { bundleTitle, sourceLabel, vaultsLabel } from './bundle-labels';
import { useBundlesStore } from './bundles-store';

const STATE_LABEL: Record<string, string> = {
  WAITING: 'Waiting (buffer)',
  RUNNING: 'Epoch running',
  RUNNING_PAST_END: 'Running past its end date',
  DEFAULTED: 'Defaulted',
};

/**
 * The state a bundle was planned from, as of its time: the vault, its epochs, the wallets and their
 * requests. Every figure here is from then, never current; the banner says so on top.
 */
export function SnapshotScreen() {
  const view = useBundlesStore((s) => s.snapshot);
  const close = useBundlesStore((s) => s.closeSnapshot);
  const go = useNavigationStore((s) => s.go);
  // Across vaults a bundle holds one snapshot per vault: one is shown at a time, chosen here.
  const [shown, setShown] = useState(0);
  const back = () => {
    close();
    go('bundles');
  };
  if (!view) {
    return (
      <section className="screen">
        <p className="empty">No snapshot is open: open a bundle on the Bundles screen and choose View snapshot.</p>
        <button type="button" className="button" onClick={() => go('bundles')}>
          ← Bundles
        </button>
      </section>
    );
  }
  const several = view.vaults && view.snapshots ? view.vaults.map((v, k) => ({ vault: v, snapshot: view.snapshots![k]! })) : null;
  const { snapshot: s, vault } = several?.[shown] ?? view;
  return (
    <Screen
      name="snapshot"
      title={`Snapshot: ${s.vault.name}`}
      subtitle={
        <>
          {bundleTitle(view.bundle.action, vaultsLabel(view.bundle))} · <code>{view.from}</code>
        </>
      }
      back={{ label: 'Bundles', onClick: back }}
      tools={
        several ? (
          <label className="toggle">
            Vault{' '}
            <select aria-label="Vault of the snapshot" value={shown} onChange={(e) => setShown(Number(e.target.value))}>
              {several.map(({ vault: v }, k) => (
                <option key={v.id} value={k}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
        ) : null
      }
    >
      <div className="snapshot-banner" role="status" data-testid="snapshot-time">
        <div>
          <strong>As of</strong> <DateTime seconds={isoToSeconds(s.takenAt)} />
        </div>
        <div>
          Block {s.block.number} on {s.vault.chainName.includes(String(s.block.chainId)) ? s.vault.chainName : `${s.vault.chainName} (chain ${s.block.chainId})`},
          block time <DateTime seconds={s.block.timestamp} />, read from {sourceLabel(s.source)}. These are the figures the plan was made from, not
          current ones.
        </div>
      </div>
      <VaultFacts snapshot={s} vault={vault} />
      <EpochsCard epochs={s.epochs} vault={vault} />
      <WalletsCard snapshot={s} vault={vault} />
      <RequestsCard snapshot={s} vault={vault} />
    </Screen>
  );
}

function VaultFacts({ snapshot: s, vault }: { snapshot: BundleSnapshot; vault: PlanVault }) {
  const v = s.vault;
  const q = v.queues;
  return (
    <div className="facts-grid" aria-label="Vault as of the snapshot">
      <div className="fact">
        <span className="fact-label">Cycle</span>
        <strong>{STATE_LABEL[v.state] ?? v.state}</strong>
        <span className="fact-sub">
          {/* The epoch vault is paused while an epoch runs, by design: only a pause between epochs is news. */}
          {v.paused && v.state === 'WAITING' ? 'paused · ' : ''}
          {v.epochNumber} epochs completed
        </span>
      </div>
      <div className="fact">
        <span className="fact-label">Epoch</span>
        <strong>{v.epochStart ? <DateTime seconds={v.epochStart} withTime={false} /> : '—'}</strong>
        <span className="fact-sub">ends {v.epochEnd ? <DateTime seconds={v.epochEnd} /> : '—'}</span>
      </div>
      <div className="fact">
        <span className="fact-label">Durations</span>
        <strong>{v.epochDuration ? formatDuration(v.epochDuration) : '—'}</strong>
        <span className="fact-sub">buffer {v.bufferPeriod ? formatDuration(v.bufferPeriod) : '—'}</span>
      </div>
      <div className="fact">
        <span className="fact-label">APR</span>
        <strong>{pct(v.apr.current)} gross</strong>
        <span className="fact-sub">last epoch {pct(v.apr.last)} gross</span>
      </div>
      <div className="fact">
        <span className="fact-label">Share price</span>
        {/* A price, not a balance: its six decimals, as on the vault page (two would read 1.01 for 1.015345). */}
        <strong>{v.price ? `${formatAmount(v.price, vault.underlying.decimals)} ${vault.underlying.symbol}` : '—'}</strong>
        <span className="fact-sub">per {vault.tranche.symbol}</span>
      </div>
      <div className="fact">
        <span className="fact-label">TVL</span>
        <strong>
          <Amount value={v.tvl} token={vault.underlying} />
        </strong>
        <span className="fact-sub">{v.status ?? ''}</span>
      </div>
      <div className="fact">
        <span className="fact-label">Deposit queue</span>
        <strong>{q ? <Amount value={q.depositCurrent} token={vault.underlying} /> : '—'}</strong>
        <span className="fact-sub">last epoch {q ? <Amount value={q.depositLast} token={vault.underlying} /> : '—'}</span>
      </div>
      <div className="fact">
        <span className="fact-label">Withdraw queue</span>
        <strong>{q ? <Amount value={q.withdrawCurrent} token={vault.tranche} /> : '—'}</strong>
        <span className="fact-sub">last epoch {q ? <Amount value={q.withdrawLast} token={vault.tranche} /> : '—'}</span>
      </div>
      <div className="fact">
        <span className="fact-label">Instant withdrawals</span>
        <strong>{v.instantRule?.disabled ? 'disabled' : v.allowInstantWithdraw ? 'open now' : 'not open'}</strong>
        <span className="fact-sub">{v.kyc.required ? 'KYC required' : 'no KYC'}</span>
      </div>
    </div>
  );
}

function EpochsCard({ epochs, vault }: { epochs: BundleSnapshot['epochs']; vault: PlanVault }) {
  if (!epochs) {
    return (
      <div className="card wide">
        <h2>Epochs</h2>
        <p className="cell-sub">The epoch records could not be read when the bundle was made.</p>
      </div>
    );
  }
  const rows: EpochRow[] = epochs.rows.map((r) => ({ ...r, net: null, apyGross: null, apyNet: null, depositQueue: null, withdrawQueue: null }));
  return (
    <div className="card wide">
      <h2>
        Epochs <span className="cell-sub">read <DateTime seconds={isoToSeconds(epochs.readAt)} /></span>
      </h2>
      <EpochTable epochs={rows} tokens={vault} ariaLabel="Epochs as of the snapshot" />
    </div>
  );
}

type SnapshotWallet = BundleSnapshot['wallets'][number];
type SnapshotRequest = BundleSnapshot['requests'][number];

function walletColumns(vault: PlanVault): SimpleColumn<SnapshotWallet>[] {
  return [
    {
      key: 'wallet',
      header: 'Wallet',
      cell: (w) => (
        <div className="stack">
          <span>{w.label || '—'}</span>
          <code className="cell-sub snapshot-address">{w.address}</code>
        </div>
      ),
    },
    {
      key: 'access',
      header: 'Access',
      cell: (w) => (
        <div className="stack">
          <span className={`pill ${w.allowed ? 'pill-ok' : 'pill-warn'}`}>{w.allowed ? 'allowed' : 'needs KYC'}</span>
          <span className="cell-sub">
            next nonce {w.nonce ?? '—'}
            {w.unsignedAgreements?.length ? ` · ${w.unsignedAgreements.length} agreement(s) to sign` : ''}
          </span>
        </div>
      ),
    },
    {
      key: 'balances',
      header: 'Balances',
      numeric: true,
      cell: (w) => (
        <div className="stack">
          <Amount value={w.underlyingBalance} token={vault.underlying} />
          <Amount value={w.trancheBalance} token={vault.tranche} />
        </div>
      ),
    },
    { key: 'max', header: 'Max withdrawable', numeric: true, cell: (w) => <Amount value={w.maxWithdrawable} token={vault.underlying} /> },
    { key: 'pending', header: 'Pending', cell: (w) => <PendingOf wallet={w} vault={vault} /> },
  ];
}

function WalletsCard({ snapshot: s, vault }: { snapshot: BundleSnapshot; vault: PlanVault }) {
  return (
    <div className="card wide">
      <h2>Wallets ({s.wallets.length})</h2>
      <div className="table-wrap">
        <SimpleTable
          compact
          className="snapshot-wallets"
          label="Wallets as of the snapshot"
          columns={walletColumns(vault)}
          rows={s.wallets}
          rowKey={(w) => w.address}
        />
      </div>
    </div>
  );
}

/** A wallet's redeems and queue entries as of the snapshot, one line each. */
function PendingOf({ wallet: w, vault }: { wallet: SnapshotWallet; vault: PlanVault }) {
  const lines = [
    w.redeem.standard !== '0' ? (
      <span key="standard">
        redeem <Amount value={w.redeem.standard} token={vault.underlying} />
      </span>
    ) : null,
    w.redeem.instant !== '0' ? (
      <span key="instant">
        instant redeem <Amount value={w.redeem.instant} token={vault.underlying} />
      </span>
    ) : null,
    ...w.queue.flatMap((e) => [
      e.deposit !== '0' ? (
        <span key={`d${e.epoch}`}>
          deposit, epoch {e.epoch}: <Amount value={e.deposit} token={vault.underlying} />
        </span>
      ) : null,
      e.withdraw !== '0' ? (
        <span key={`w${e.epoch}`}>
          withdrawal, epoch {e.epoch}: <Amount value={e.withdraw} token={vault.tranche} />
        </span>
      ) : null,
    ]),
  ].filter(Boolean);
  return lines.length ? <div className="stack cell-sub">{lines}</div> : <span className="cell-sub">—</span>;
}

function requestColumns(snapshot: BundleSnapshot, vault: PlanVault): SimpleColumn<SnapshotRequest>[] {
  const labels = new Map(snapshot.wallets.map((w) => [w.address.toLowerCase(), w.label]));
  return [
    { key: 'wallet', header: 'Wallet', cell: (r) => labels.get(r.wallet.toLowerCase()) || <code>{r.wallet}</code> },
    { key: 'type', header: 'Type', cell: (r) => `${r.type.toLowerCase()}${r.isInstant ? ' · instant' : ''}` },
    {
      key: 'status',
      header: 'Status',
      cell: (r) => (r.phase ? <PhasePill phase={r.phase} status={r.status} /> : r.status.replace(/_/g, ' ').toLowerCase()),
    },
    { key: 'epoch', header: 'Epoch', numeric: true, cell: (r) => r.epochNumber ?? '—' },
    {
      key: 'amount',
      header: 'Amount',
      numeric: true,
      cell: (r) => <Amount value={r.amount} token={r.amountToken === 'tranche' ? vault.tranche : vault.underlying} />,
    },
    { key: 'expected', header: 'Expected', cell: (r) => <SnapshotExpected request={r} at={snapshot.block.timestamp} /> },
  ];
}

function RequestsCard({ snapshot: s, vault }: { snapshot: BundleSnapshot; vault: PlanVault }) {
  return (
    <div className="card wide">
      <h2>Open requests ({s.requests.length})</h2>
      <div className="table-wrap">
        <SimpleTable
          compact
          label="Requests as of the snapshot"
          columns={requestColumns(s, vault)}
          rows={s.requests}
          rowKey={(r) => r.id}
          empty="The selected wallets had no open request in this vault."
        />
      </div>
    </div>
  );
}

/**
 * A request's expected date as of the snapshot: a date already past on the chain's clock at its
 * block is said overdue then (what the contracts waited for), never shown as upcoming.
 */
function SnapshotExpected({ request: r, at }: { request: SnapshotRequest; at: number }) {
  if (r.expectedAt === null) return <>—</>;
  const waiting = r.phase === undefined || r.phase === 'pending' || r.phase === 'processed';
  if (!waiting || !isOverdue(r.expectedAt, at)) return <DateTime seconds={r.expectedAt} withTime={false} />;
  return (
    <span className="warn-text" data-overdue={r.expectedAt} title={`Already past at the snapshot, by the chain’s clock: ${overdueWaitsFor(r.phase ?? 'pending')}.`}>
      <DateTime seconds={r.expectedAt} withTime={false} />, overdue at the snapshot
    </span>
  );
}
