import { useEffect, useState } from 'react';
import { formatDate, formatDateTime, utcText } from './locale';

/** A clock that ticks every second, shared by countdowns. */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}

/** "3d 4h", "2h 05m", "4m 10s": how long until (or since) a moment. */
export function formatDuration(seconds: number): string {
  const s = Math.abs(Math.round(seconds));
  const d = Math.floor(s / 86_400);
  const h = Math.floor((s % 86_400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (d > 0) return `${d}d ${h}h`;
  if (h > 0) return `${h}h ${String(m).padStart(2, '0')}m`;
  return `${m}m ${String(s % 60).padStart(2, '0')}s`;
}


/** A unix-seconds date in the user's locale, with the UTC time on hover; a date that could not be read says so. */
export function DateTime({ seconds, withTime = true }: { seconds: number | null; withTime?: boolean }) {
  if (seconds === null || !Number.isFinite(seconds)) return <span className="cell-sub">date unknown</span>;
  const d = new Date(seconds * 1000);
  const local = withTime ? formatDateTime(d.getTime()) : formatDate(d.getTime());
  return (
    <time dateTime={d.toISOString()} title={utcText(d.getTime())}>
      {local}
    </time>
  );
}

/**
 * "in 2h 05m" or "4m 10s ago", updating every second. `offset` is how far the chain's clock is
 * ahead of this machine's (seconds): cycle dates are chain times, so the countdown runs on it.
 */
export function Countdown({ at, offset = 0 }: { at: number; offset?: number }) {
  const now = useNow() / 1000 + offset;
  const delta = at - now;
  return (
    <span className="countdown" title={utcText(at * 1000)}>
      {delta >= 0 ? `in ${formatDuration(delta)}` : `${formatDuration(delta)} ago`}
    </span>
  );
}
