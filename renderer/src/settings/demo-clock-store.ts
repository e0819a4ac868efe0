import { create } from 'zustand';
import type { DemoClock } from '../../../shared/demo/clock';
import type { AppErrorData } from '../../../shared/errors';
import { call, errorData, getBridge } from '../bridge';

interface DemoClockState {
  clock: DemoClock | null;
  busy: null | 'pause' | 'resume' | 'step';
  error: AppErrorData | null;
  load(): Promise<void>;
  /** Follows the clock's own changes (its timer's steps) until the returned function is called. */
  follow(): () => void;
  setPaused(paused: boolean): Promise<void>;
  step(): Promise<void>;
}

/** One store for the banner's controls and Settings' card, so both always say the same. */
export const useDemoClockStore = create<DemoClockState>((set) => {
  const act = async (busy: 'pause' | 'resume' | 'step', run: () => Promise<DemoClock>) => {
    set({ busy, error: null });
    try {
      set({ clock: await run() });
    } catch (err) {
      set({ error: errorData(err) });
    } finally {
      set({ busy: null });
    }
  };
  return {
    clock: null,
    busy: null,
    error: null,
    async load() {
      try {
        set({ clock: await call(getBridge().demo.clock({})), error: null });
      } catch (err) {
        set({ clock: null, error: errorData(err) });
      }
    },
    follow() {
      return getBridge().events.demoClock((clock) => set({ clock }));
    },
    setPaused: (paused) => act(paused ? 'pause' : 'resume', () => call(getBridge().demo.setClockPaused({ paused }))),
    step: () => act('step', () => call(getBridge().demo.stepClock({}))),
  };
});
