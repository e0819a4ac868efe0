import { z } from 'zod';

/**
 * The demo's clock as the operator sees it: the embedded simulation moves every vault one phase on
 * (start, instant funding, stop) at each step; between steps nothing on its chains changes by
 * itself, so a batch can be reviewed and signed by hand. Paused, it steps only when asked.
 */
export const DemoClockSchema = z.object({
  paused: z.boolean(),
  /** Wall time between two steps while it runs, in seconds. */
  stepSeconds: z.number().int().nonnegative(),
  /** When the next step is due (unix ms); null while paused or stepping. */
  nextStepAtMs: z.number().nullable(),
  /** Steps taken since the demo started (each moves every vault one phase on). */
  steps: z.number().int().nonnegative(),
  /** A step is under way (the vaults are moving). */
  stepping: z.boolean(),
});
export type DemoClock = z.infer<typeof DemoClockSchema>;

/** The demo clock's controls: the embedded simulation's, handed to the runtime through its port. */
export interface DemoClockControl {
  status(): DemoClock;
  /** Starts (or resumes) the timer: the next step is one interval from now. */
  resume(): void;
  /** Stops the timer; a step under way finishes. */
  pause(): void;
  /** Moves every vault one phase on now, paused or not (a running timer starts its interval again). */
  step(): Promise<DemoClock>;
  /** Called after every change (a step begun or done, a pause, a resume). */
  onChange(listener: (clock: DemoClock) => void): () => void;
  /** Pauses and waits for a step under way. */
  close(): Promise<void>;
}

export const SetDemoClockPausedInput = z.object({ paused: z.boolean() }).strict();
