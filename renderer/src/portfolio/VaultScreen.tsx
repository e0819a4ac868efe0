import { useEffect, useState } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import type { EpochHistory } from '../../../shared/ipc/schemas';
import { formatAmount, formatUsd } from '../../../shared/domain/units';
import { useAppStore } from '../app/app-store';
import { call, errorData, getBridge } from '../bridge';
import { Amount } from '../components/Amount';
import { ErrorNotice } from '../components/ErrorNotice';
import { Countdown, DateTime, formatDuration } from '../components/time';
import { chainClockOffset, CycleBadge } from './CycleBadge';
import { EpochChart } from './EpochChart';
import { actionLabel, portfolioIndex } from './labels';
import { PortfolioHeader } from './PortfolioHeader';
import { usePortfolioStore } from './portfolio-store';
import { useSigningStore } from '../signing/signing-store';
import { VaultInsights, VaultOperatorsLine } from '../vaults/VaultInsights';
import { useVaultInsightsStore } from '../vaults/vault-insights-store';

const pct = (v: number | null) => (v === null ? '—' : `${v.toLocaleString(undefined, { maximumFractionDigits: 2 })} %`);

/** One vault: its cycle and countdown, rates, price, TVL, queues, instant-withdrawal settings, epoch history, and the batch's wallets in it. */
export function VaultScreen() {
  const vaultId = useAppStore((s) => s.vaultId);
  const go = useAppStore((s) => s.go);
  const data = usePortfolioStore((s) => s.data);
  const makePlan = useSigningStore((s) => s.makePlan);
  const [history, setHistory] = useState<EpochHistory | null>(null);
  const [historyError, setHistoryError] = useState<AppErrorData | null>(null);
  const vault = data?.vaults.find((v) => v.id === vaultId) ?? null;
  // A public vault outside the portfolio (not an epoch vault, or on another chain) is named by its profile.
  const profileName = useVaultInsightsStore((s) => (s.profile?.vault.id === vaultId ? s.profile.vault.name : null));
  const index = portfolioIndex(data);

  useEffect(() => {
    if (!vaultId) return;
    let live = true;
    call(getBridge().vaults.epochs({ vaultId }))
      .then((h) => live && (setHistory(h), setHistoryError(null)))
      .catch((err: unknown) => live && setHistoryError(errorData(err)));
    return () => {
      live = false;
    };
  }, [vaultId]);

  const positions = (data?.positions ?? []).filter((p) => p.vaultId === vaultId && (p.trancheBalance !== '0' || p.claimable.length > 0 || p.pendingDeposit !== '0' || p.pendingWithdraw !== '0'));
  const chainSource = data?.sources.find((s) => s.id === `chain:${vault?.chain.chainId}`);

  return (
    <section className="screen" aria-labelledby="vault-title">
      <PortfolioHeader
        title={vault?.name ?? profileName ?? 'Vault'}
        subtitle={
          vault ? (
            <>
              {vault.chain.name} · {vault.underlying.symbol} · <code title={vault.epochVault}>{vault.epochVault}</code>
              <VaultOperatorsLine vaultId={vault.id} />
            </>
          ) : undefined
        }
      >
        <button type="button" className="button" onClick={() => go('overview')}>
          ← Overview
        </button>
      </PortfolioHeader>
      {data && !vault ? (
        <p className="empty">
          The cycle, queues and the batch's positions are read for the public epoch vaults of the chains the console reads; this vault is not
          one of them, so what follows is what the service says about it.
        </p>
      ) : null}
      {vault ? (
        <>
          <div className="facts-grid">
            <div className="fact">
              <span className="fact-label">Cycle</span>
              <CycleBadge cycle={vault.cycle} withNext={false} />
              {vault.cycle?.nextEvent ? (
                <span className="fact-sub">
                  {vault.cycle.nextEvent.label} <Countdown at={vault.cycle.nextEvent.at} offset={chainClockOffset(vault.cycle, data!.generatedAtMs)} /> (
                  <DateTime seconds={vault.cycle.nextEvent.at} />)
                </span>
              ) : null}
            </div>
            <div className="fact">
              <span className="fact-label">Epoch</span>
              <strong>{vault.cycle ? (vault.cycle.state === 'WAITING' ? `${vault.cycle.epochNumber} completed` : `#${vault.cycle.epochNumber + 1} running`) : '—'}</strong>
              {vault.cycle?.epochStart && vault.cycle.epochEnd ? (
                <span className="fact-sub">
                  <DateTime seconds={vault.cycle.epochStart} /> → <DateTime seconds={vault.cycle.epochEnd} />
                </span>
              ) : null}
              {vault.cycle?.epochDuration ? (
                <span className="fact-sub">
                  {formatDuration(vault.cycle.epochDuration)} epochs, {formatDuration(vault.cycle.bufferPeriod ?? 0)} buffer
                </span>
              ) : null}
            </div>
            <div className="fact">
              <span className="fact-label">APR</span>
              <strong>{pct(vault.apr.current)}</strong>
              <span className="fact-sub">last epoch {pct(vault.apr.last)}</span>
            </div>
            <div className="fact">
              <span className="fact-label">Share price</span>
              <strong>{vault.price ? `${formatAmount(vault.price, vault.underlying.decimals)} ${vault.underlying.symbol}` : '—'}</strong>
              <span className="fact-sub">per {vault.tranche.symbol}</span>
            </div>
            <div className="fact">
              <span className="fact-label">TVL</span>
              <strong>{vault.tvl ? <Amount value={vault.tvl.token} token={vault.underlying} /> : '—'}</strong>
              {vault.tvl?.usd ? <span className="fact-sub">{formatUsd(vault.tvl.usd)}</span> : null}
            </div>
            <QueueFact label="Deposit queue" current={vault.queues?.depositCurrent} last={vault.queues?.depositLast} token={vault.underlying} />
            <QueueFact label="Withdraw queue" current={vault.queues?.withdrawCurrent} last={vault.queues?.withdrawLast} token={vault.tranche} />
            <div className="fact">
              <span className="fact-label">Instant withdrawals</span>
              {vault.instant ? (
                <>
                  <strong>{vault.instant.disabled ? 'Disabled' : vault.instant.allowed ? 'Claimable now' : 'Enabled'}</strong>
                  <span className="fact-sub">
                    {formatDuration(vault.instant.delaySeconds)} delay · when last APR exceeds the current by {pct(vault.instant.aprDelta)}
                  </span>
                  {vault.instant.deadline ? (
                    <span className="fact-sub">
                      deadline <DateTime seconds={vault.instant.deadline} />
                    </span>
                  ) : null}
                </>
              ) : (
                '—'
              )}
            </div>
            <div className="fact">
              <span className="fact-label">Data</span>
              <strong>{vault.cycleSource === 'chain' ? 'Read from the chain' : vault.cycleSource === 'service' ? 'From the service' : 'Unknown'}</strong>
              {vault.cycle ? (
                <span className="fact-sub">
                  as of <DateTime seconds={vault.cycle.asOf} />
                  {chainSource && !chainSource.ok ? ' · chain not answering' : ''}
                </span>
              ) : null}
            </div>
          </div>

          <div className="card wide">
            <h2>Epochs</h2>
            {historyError ? <ErrorNotice error={historyError} title="Could not load the epoch history." /> : null}
            {history ? (
              <>
                <EpochChart epochs={history.epochs} />
                <div className="table-wrap scroll-y">
                  <table className="table compact" aria-label="Epoch history">
                    <thead>
                      <tr>
                        <th scope="col" className="num">
                          Epoch
                        </th>
                        <th scope="col">Status</th>
                        <th scope="col">Start</th>
                        <th scope="col">End</th>
                        <th scope="col" className="num">
                          APR
                        </th>
                        <th scope="col">Withdrawals</th>
                        <th scope="col" className="num">
                          Deposit queue
                        </th>
                        <th scope="col" className="num">
                          Withdraw queue
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {[...history.epochs].reverse().map((e) => (
                        <tr key={e.count}>
                          <td className="num">{e.count}</td>
                          <td>{e.status.toLowerCase()}</td>
                          <td>{e.startDate ? <DateTime seconds={e.startDate} withTime={false} /> : '—'}</td>
                          <td>{e.endDate ? <DateTime seconds={e.endDate} withTime={false} /> : '—'}</td>
                          <td className="num">{pct(e.apr)}</td>
                          <td>{e.withdrawType?.toLowerCase() ?? '—'}</td>
                          <td className="num">{e.depositQueue ? <Amount value={e.depositQueue} token={vault.underlying} /> : '—'}</td>
                          <td className="num">{e.withdrawQueue ? <Amount value={e.withdrawQueue} token={vault.tranche} /> : '—'}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            ) : historyError ? null : (
              <p className="cell-sub">Loading…</p>
            )}
          </div>

          <div className="card wide">
            <div className="notice-head">
              <h2>This batch in the vault</h2>
              {vault.lenderSignatureIds.length > 0 && data && data.wallets.length > 0 ? (
                <button
                  type="button"
                  className="button button-small"
                  onClick={() => {
                    void makePlan({ vaultId: vault.id, action: 'agreements', wallets: data.wallets.map((w) => w.address) });
                    go('signing');
                  }}
                >
                  Sign the lender agreements
                </button>
              ) : null}
            </div>
            {positions.length === 0 ? <p className="cell-sub">No wallet of this batch has a balance, request or claim here.</p> : null}
            {positions.length > 0 ? (
              <table className="table compact" aria-label="Batch positions in this vault">
                <thead>
                  <tr>
                    <th scope="col">Wallet</th>
                    <th scope="col">Access</th>
                    <th scope="col" className="num">
                      Balance
                    </th>
                    <th scope="col" className="num">
                      Value
                    </th>
                    <th scope="col">Claimable now</th>
                  </tr>
                </thead>
                <tbody>
                  {positions.map((p) => (
                    <tr key={p.wallet}>
                      <td>
                        {index.label(p.wallet) || <code>{p.wallet}</code>}
                        {p.stale ? <span className="cell-sub"> · not current</span> : null}
                      </td>
                      <td>{p.allowed === null ? '—' : p.allowed ? 'Allowed' : 'Needs KYC'}</td>
                      <td className="num">
                        <Amount value={p.trancheBalance} token={vault.tranche} />
                      </td>
                      <td className="num">
                        <Amount value={p.value} token={vault.underlying} />
                      </td>
                      <td>{p.claimable.map((k) => actionLabel(k.functionName, k.contract) + (k.epochNumber !== null ? ` (epoch ${k.epochNumber})` : '')).join(', ') || '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </div>
        </>
      ) : null}
      {vaultId ? <VaultInsights vaultId={vaultId} /> : null}
    </section>
  );
}

/** A queue's total for the current request epoch, and the last one's. */
function QueueFact({ label, current, last, token }: { label: string; current: string | undefined; last: string | undefined; token: { symbol: string; decimals: number } }) {
  return (
    <div className="fact">
      <span className="fact-label">{label}</span>
      {current !== undefined ? (
        <>
          <strong>
            <Amount value={current} token={token} />
          </strong>
          <span className="fact-sub">
            last epoch <Amount value={last ?? '0'} token={token} />
          </span>
        </>
      ) : (
        <span className="cell-sub">no queue</span>
      )}
    </div>
  );
}
