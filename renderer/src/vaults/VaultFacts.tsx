import { GenerationLabel } from '../components/GenerationLabel';
import { describeGenerations } from '../../../shared/abi/generations/detect';
import type { ReactNode } from 'react';
import { formatAmount, formatUsd } from '../../../shared/domain/units';
import { sourceIdOf, staleFigures, type VaultFigure } from '../../../shared/portfolio/freshness';
import type { Portfolio, PortfolioVault, SourceStatus, VaultCycle } from '../../../shared/portfolio/schemas';
import { Amount } from '../components/Amount';
import { timeLabels } from '../components/format';
import { Countdown, DateTime, formatDuration } from '../components/time';
import { chainClockOffset, CycleBadge, StaleMark } from '../batch';
import { pct } from '../components/figures';


function epochLabel(cycle: VaultCycle): string {
  switch (cycle.state) {
    case 'WAITING':
      return `${cycle.epochNumber} completed`;
    case 'RUNNING':
      return `#${cycle.epochNumber + 1} running`;
    case 'RUNNING_PAST_END':
      return `#${cycle.epochNumber + 1} past its end date`;
    case 'DEFAULTED':
      return `#${cycle.epochNumber + 1} defaulted`;
  }
}

/** One figure; when its source did not answer on the last refresh, dimmed and marked with that source. */
function Fact({ label, stale, children }: { label: string; stale?: SourceStatus | undefined; children: ReactNode }) {
  return (
    <div className="fact" data-fact={label} data-fact-state={stale ? 'stale' : 'current'}>
      <span className="fact-label">{label}</span>
      <div className={`fact-body${stale ? ' stale-figure' : ''}`}>{children}</div>
      {stale ? (
        <span className="fact-sub">
          <StaleMark source={stale} />
        </span>
      ) : null}
    </div>
  );
}

/** The vault's two queues: what each holds is counted in its own token (deposits in the underlying, withdrawals in tranches). */
const QUEUES = {
  deposit: { label: 'Deposit queue', token: 'underlying' },
  withdraw: { label: 'Withdraw queue', token: 'tranche' },
} as const;

/** A queue's total for the current request epoch, and the last one's. */
function QueueFact({ vault, queue, stale }: { vault: PortfolioVault; queue: keyof typeof QUEUES; stale: SourceStatus | undefined }) {
  const { label } = QUEUES[queue];
  const token = vault[QUEUES[queue].token];
  const current = vault.queues?.[`${queue}Current`];
  const last = vault.queues?.[`${queue}Last`];
  return (
    <Fact label={label} stale={stale}>
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
    </Fact>
  );
}

/** Where this vault's figures come from, and how fresh each source is. */
function SourcesFact({ vault, portfolio }: { vault: PortfolioVault; portfolio: Portfolio }) {
  const line = (id: string, name: string) => {
    const source = portfolio.sources.find((s) => s.id === id);
    if (!source) return null;
    const at = source.fetchedAtMs ? timeLabels(source.fetchedAtMs) : null;
    return (
      <span className="fact-sub" data-fact-source={id} title={at ? `Last answer ${at.utc}` : 'No answer yet'}>
        {name}:{' '}
        {source.ok ? (
          `as of ${at?.local ?? '—'}`
        ) : at ? (
          <StaleMark source={source} text={`not answering, last answer ${at.local}`} />
        ) : (
          <StaleMark source={source} text="not answering" />
        )}
      </span>
    );
  };
  return (
    <div className="fact" data-fact="Data">
      <span className="fact-label">Data</span>
      <strong>
        {vault.cycleSource === 'chain' ? 'Read from the chain' : vault.cycleSource === 'service' ? 'From the service' : 'Unknown'}
      </strong>
      {line(sourceIdOf(vault, 'chain'), vault.chain.name)}
      {line('service', 'Service')}
    </div>
  );
}

/**
 * The vault's figures as cards: cycle and countdown, epoch, rates, price, TVL, queues, instant
 * withdrawals, and their sources. A figure kept from a source that failed says so.
 */
export function VaultFacts({ vault, portfolio }: { vault: PortfolioVault; portfolio: Portfolio }) {
  const stale = staleFigures(portfolio, vault);
  const of = (...figures: VaultFigure[]) => figures.map((f) => stale.get(f)).find(Boolean);
  const cycle = vault.cycle;
  return (
    <div className="facts-grid">
      <Fact label="Cycle" stale={of('cycle')}>
        <CycleBadge cycle={cycle} withNext={false} />
        {cycle?.nextEvent ? (
          <span className="fact-sub" data-next-event={cycle.nextEvent.kind}>
            {cycle.nextEvent.label} <Countdown at={cycle.nextEvent.at} offset={chainClockOffset(cycle, portfolio.generatedAtMs)} /> (
            <DateTime seconds={cycle.nextEvent.at} />)
          </span>
        ) : null}
      </Fact>
      <Fact label="Epoch" stale={of('cycle')}>
        <strong>{cycle ? epochLabel(cycle) : '—'}</strong>
        {cycle?.epochStart && cycle.epochEnd ? (
          <span className="fact-sub">
            <DateTime seconds={cycle.epochStart} /> → <DateTime seconds={cycle.epochEnd} />
          </span>
        ) : null}
        {cycle?.epochDuration ? (
          <span className="fact-sub">
            {formatDuration(cycle.epochDuration)} epochs, {formatDuration(cycle.bufferPeriod ?? 0)} buffer
          </span>
        ) : null}
      </Fact>
      <Fact label="APR" stale={of('apr', 'lastApr')}>
        {/* One scale everywhere: the rate over a whole cycle (epoch and buffer), gross of fees. */}
        <strong data-figure="apr">{vault.apr.setAtStop ? 'Set at the stop' : `${pct(vault.apr.current)} gross`}</strong>
        {vault.apr.net !== null && vault.apr.net !== undefined && !vault.apr.setAtStop ? <span className="fact-sub">{pct(vault.apr.net)} net of fees</span> : null}
        <span className="fact-sub">last epoch {pct(vault.apr.last)} gross</span>
      </Fact>
      <Fact label="Contracts">
        <GenerationLabel generations={vault.generations} abiCode={vault.abiCodes.epochVault} />
        {vault.generations ? <span className="fact-sub">{describeGenerations(vault.generations)}</span> : null}
      </Fact>
      <Fact label="Share price" stale={of('price')}>
        <strong>{vault.price ? `${formatAmount(vault.price, vault.underlying.decimals)} ${vault.underlying.symbol}` : '—'}</strong>
        <span className="fact-sub">per {vault.tranche.symbol}</span>
      </Fact>
      <Fact label="TVL" stale={of('tvl')}>
        <strong>{vault.tvl ? <Amount value={vault.tvl.token} token={vault.underlying} /> : '—'}</strong>
        {vault.tvl?.usd ? (
          // Priced at one service snapshot's own price (its TVL in USD over its TVL in tokens), whose age is said.
          <span className="fact-sub" data-figure="tvlUsd" data-figure-state={stale.has('tvlUsd') ? 'stale' : 'current'}>
            <span className={stale.has('tvlUsd') && !stale.has('tvl') ? 'stale-figure' : undefined}>{formatUsd(vault.tvl.usd)}</span>
            {vault.usdPrice ? (
              <span data-usd-price-block={vault.usdPrice.block} title={`The underlying's price in the service's snapshot at block ${vault.usdPrice.block}`}>
                {' '}
                at the price of <DateTime seconds={vault.usdPrice.at} />
              </span>
            ) : null}
            {stale.has('tvlUsd') && !stale.has('tvl') ? (
              <>
                {' · '}
                <StaleMark source={stale.get('tvlUsd')} />
              </>
            ) : null}
          </span>
        ) : null}
      </Fact>
      <QueueFact vault={vault} queue="deposit" stale={of('queues')} />
      <QueueFact vault={vault} queue="withdraw" stale={of('queues')} />
      <Fact label="Instant withdrawals" stale={of('instant')}>
        {vault.instant ? (
          <>
            {/* A defaulted vault pays nothing out as usual: "claimable now" there would mislead. */}
            <strong>
              {cycle?.state === 'DEFAULTED' ? 'Not while defaulted' : vault.instant.disabled ? 'Disabled' : vault.instant.allowed ? 'Claimable now' : 'Enabled'}
            </strong>
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
      </Fact>
      <SourcesFact vault={vault} portfolio={portfolio} />
    </div>
  );
}
