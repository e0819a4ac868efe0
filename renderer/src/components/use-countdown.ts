import { useEffect, useState } from 'react';

/** Whole seconds left until `untilMs` (0 once it has passed, or with null), ticking every second. */
export function useSecondsLeft(untilMs: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (untilMs === null) return;
    // The clock as of this pause at once (the last tick may be long ago), then every second.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [untilMs]);
  return untilMs === null ? 0 : Math.max(0, Math.ceil((untilMs - now) / 1000));
}
