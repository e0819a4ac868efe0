import { useEffect } from 'react';
import { SERVICE_SOURCE_ID, SourcesBar } from './SourcesBar';
import { useServiceStateStore } from './service-state-store';
import { useSecondsLeft } from './use-countdown';

/**
 * The source bar of a screen read from the service alone (the catalog, the transaction history),
 * which says how each load fared itself: it shows only what the service's state adds, the records
 * its latest reads set aside and a rate-limit wait, and nothing while there is nothing to say.
 */
export function ServiceSourcesBar() {
  const init = useServiceStateStore((s) => s.init);
  useEffect(() => init(), [init]);
  const state = useServiceStateStore((s) => s.state);
  const waiting = useSecondsLeft(state?.rateLimit.waitingUntilMs ?? null) > 0;
  if (!state || (state.setAside.count === 0 && !waiting)) return null;
  return (
    <SourcesBar
      sources={[
        {
          id: SERVICE_SOURCE_ID,
          label: 'Credit vault service',
          ok: true,
          fetchedAtMs: null,
          stale: false,
          error: null,
          setAside: state.setAside,
        },
      ]}
    />
  );
}
