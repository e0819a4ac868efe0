import { PHASE_PILL, PHASE_WORDS, type RequestPhase } from '../../../shared/portfolio/request-phase';
import { KnownValue } from './KnownValue';

const PHASE_CLASS: Record<RequestPhase, string> = {
  pending: 'pill-info',
  processed: 'pill-muted',
  claimable: 'pill-ok',
  claimed: 'pill-muted',
  cancelled: 'pill-muted',
  other: 'pill-muted',
};

/**
 * Where a request stands, in the one classification every screen uses: the short words in the pill,
 * the long ones and the service's own status word in its title. A request of a type the console does
 * not act on shows the service's status as it is.
 */
export function PhasePill({ phase, status, note = '' }: { phase: RequestPhase; status: string; note?: string }) {
  return (
    <span className={`pill ${PHASE_CLASS[phase]}`} data-phase={phase} title={`${PHASE_WORDS[phase]}. The service's record says ${status}${note}`}>
      {phase === 'other' ? (
        <KnownValue kind="requestStatus" value={status}>
          <span>{status.replace(/_/g, ' ').toLowerCase()}</span>
        </KnownValue>
      ) : (
        PHASE_PILL[phase]
      )}
    </span>
  );
}
