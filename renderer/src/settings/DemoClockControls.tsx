import './demo-clock.css';
import { useEffect } from 'react';
import type { DemoClock } from '../../../shared/demo/clock';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatShortTime } from '../components/locale';
import { useDemoClockStore } from './demo-clock-store';

const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;

const nextAt = (clock: DemoClock) =>
  clock.nextStepAtMs === null ? '' : ` at ${formatShortTime(clock.nextStepAtMs)}`;

/** What the demo clock is doing, in a sentence (Settings, and the banner's hover). */
function demoClockText(clock: DemoClock): string {
  if (clock.stepping) return 'Vaults moving to their next phase…';
  if (clock.paused) return 'Demo clock paused: the vaults stay in their phase until you step or resume it.';
  return `Vaults change phase every ${minutes(clock.stepSeconds)}; next${nextAt(clock)}.`;
}

/** The same in a few words, for the banner. */
function demoClockShort(clock: DemoClock): string {
  if (clock.stepping) return 'Vaults moving…';
  if (clock.paused) return 'Demo clock paused.';
  return `Next phase change${nextAt(clock)}.`;
}

/**
 * Pause, resume and step the demo clock. `compact` for the banner (the state and two buttons);
 * in Settings with what each does.
 */
export function DemoClockControls({ compact = false }: { compact?: boolean }) {
  const { clock, busy, error, load, follow, setPaused, step } = useDemoClockStore();
  useEffect(() => {
    void load();
    return follow();
  }, [load, follow]);
  if (!clock) return compact || !error ? null : <ErrorNotice error={error} />;
  const pauseLabel = clock.paused ? 'Resume demo clock' : 'Pause demo clock';
  const controls = (
    <span className="demo-clock-controls">
      <button
        type="button"
        className="button button-small"
        disabled={busy !== null}
        onClick={() => void setPaused(!clock.paused)}
      >
        {busy === 'pause' ? 'Pausing…' : busy === 'resume' ? 'Resuming…' : pauseLabel}
      </button>
      <button type="button" className="button button-small" disabled={busy !== null || clock.stepping} onClick={() => void step()}>
        {busy === 'step' || clock.stepping ? 'Stepping…' : 'Step to next phase'}
      </button>
    </span>
  );
  if (compact) {
    return (
      <span className="demo-clock" data-testid="demo-clock-controls" data-paused={clock.paused} data-steps={clock.steps}>
        <span data-testid="demo-clock-state" title={demoClockText(clock)}>
          {demoClockShort(clock)}
        </span>
        {controls}
      </span>
    );
  }
  return (
    <div className="card" data-testid="demo-clock-card" data-paused={clock.paused} data-steps={clock.steps}>
      <h2>Demo clock</h2>
      <p className="muted">
        The demo moves its vaults one phase on (epoch start, instant-withdrawal funding, epoch stop) every {minutes(clock.stepSeconds)}. An
        item planned in one phase is held if its vault has moved on before it reaches the Ledger: pause the clock while you sign by hand,
        and step it to see what the next phase does.
      </p>
      <p data-testid="demo-clock-card-state">
        {demoClockText(clock)} {clock.steps > 0 ? `${clock.steps} step${clock.steps === 1 ? '' : 's'} so far.` : ''}
      </p>
      {controls}
      {error ? <ErrorNotice error={error} focus /> : null}
    </div>
  );
}
