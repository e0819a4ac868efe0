import { usePortfolioStore } from '../batch';
import { useAlertsStore } from './alerts-store';

/** How often the watch refreshes the batch's portfolio when no screen is doing it (auto-refresh on). */
const WATCH_MS = 60_000;

/**
 * Feeds every portfolio refresh to the alerts (the one before it when it is the same batch), and
 * keeps the batch refreshed once a minute while the operator is on a screen that does not refresh
 * it (Signing, Settings…), so that an epoch window is noticed wherever the operator is. Returns the stop.
 */
export function startAlertWatch(): () => void {
  const unsubscribe = usePortfolioStore.subscribe((state, before) => {
    if (!state.data || state.data === before.data) return;
    const sameBatch = state.groupId === before.groupId && before.data !== null;
    useAlertsStore.getState().observe(sameBatch ? before.data : null, state.data);
  });
  const timer = setInterval(() => {
    const { data, autoRefresh, loading, refresh } = usePortfolioStore.getState();
    if (!autoRefresh || loading) return;
    if (data && Date.now() - data.generatedAtMs < WATCH_MS) return;
    void refresh();
  }, WATCH_MS / 4);
  return () => {
    unsubscribe();
    clearInterval(timer);
  };
}
