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
export function CycleBadge({ cycle, withNext = true }: { cycle: VaultCycle | null; withNext?: boolean }) {
  if (!cycle) return <span className="pill pill-muted">Unknown</span>;
  return (
    <span className="cycle">
      <span className={`pill ${CLASS[cycle.state]}`} data-cycle-state={cycle.state}>
        {LABEL[cycle.state]}
        {cycle.paused ? ' · paused' : ''}
      </span>
      <span className="cell-sub"> epoch {cycle.state === 'WAITING' ? `${cycle.epochNumber} done` : cycle.epochNumber + 1}</span>
      {withNext && cycle.nextEvent ? (
        <span className="next-event">
          {cycle.nextEvent.label} <Countdown at={cycle.nextEvent.at} />
        </span>
      ) : null}
    </span>
  );
}
