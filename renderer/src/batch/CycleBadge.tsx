import type { VaultCycle } from '../../../shared/portfolio/schemas';
import { Countdown } from '../components/time';

const LABEL: Record<VaultCycle['state'], string> = {
  WAITING: 'Waiting (buffer)',
  RUNNING: 'Running',
  RUNNING_PAST_END: 'Running past end',
  DEFAULTED: 'Defaulted',
};
const CLASS: Record<VaultCycle['state'], string> = {
  WAITING: 'pill-info',
  RUNNING: 'pill-ok',
  RUNNING_PAST_END: 'pill-warn',
  DEFAULTED: 'pill-bad',
};

/** The cycle state as a pill, with the epoch and (optionally) the next event's countdown. */
export function CycleBadge({ cycle, withNext = true, clockOffset = 0 }: { cycle: VaultCycle | null; withNext?: boolean; clockOffset?: number }) {
  if (!cycle) return <span className="pill pill-muted">Unknown</span>;
  // The epoch vault is paused during every running epoch by design; only a pause between epochs is news.
  const paused = cycle.paused && cycle.state === 'WAITING';
  return (
    <span className="cycle">
      <span className={`pill ${CLASS[cycle.state]}`} data-cycle-state={cycle.state}>
        {LABEL[cycle.state]}
        {paused ? ' · paused' : ''}
      </span>
      <span className="cell-sub"> epoch {cycle.state === 'WAITING' ? `${cycle.epochNumber} done` : cycle.epochNumber + 1}</span>
      {withNext && cycle.nextEvent ? (
        <span className="next-event">
          {cycle.nextEvent.label} <Countdown at={cycle.nextEvent.at} offset={clockOffset} />
        </span>
      ) : null}
    </span>
  );
}

/** Seconds the chain's clock was ahead of this machine's when the cycle was read. */
export function chainClockOffset(cycle: VaultCycle | null, generatedAtMs: number): number {
  return cycle ? Math.max(0, cycle.asOf - Math.floor(generatedAtMs / 1000)) : 0;
}
