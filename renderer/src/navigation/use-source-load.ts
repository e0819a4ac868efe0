import { useEffect } from 'react';
import { useNavigationStore } from './navigation-store';

/**
 * Runs a store's load when its screen is first shown, when what the screen shows (`key`: a
 * campaign, an operator) changes, and whenever the data source changes (demo, live, offline).
 */
export function useSourceLoad(load: () => Promise<void>, key?: string | null): void {
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);
  useEffect(() => {
    void load();
  }, [load, key, sourceVersion]);
}
