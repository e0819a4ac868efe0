import { create } from 'zustand';
import type { ServiceState } from '../../../shared/ipc/schemas';
import { call, getBridge } from '../bridge';

interface ServiceStateStore {
  /** What the main side last said of the service: records set aside, rate-limit pause. */
  state: ServiceState | null;
  /** Reads the state now and follows its events; returns the unsubscribe. */
  init(): () => void;
}

/**
 * How the service is being read right now, kept current by the main side's `serviceState` events,
 * for the source bar of every screen (its count of records set aside and its rate-limit countdown).
 */
export const useServiceStateStore = create<ServiceStateStore>((set) => ({
  state: null,
  init() {
    const bridge = getBridge();
    // An event that arrives while the first read is on its way is newer than the read's answer.
    let pushed = false;
    const off = bridge.events.serviceState((state) => {
      pushed = true;
      set({ state });
    });
    void call(bridge.app.serviceState({}))
      .then((state) => {
        if (!pushed) set({ state });
      })
      // Without an answer the bar simply says nothing more than the screen's own sources.
      .catch(() => undefined);
    return off;
  },
}));
