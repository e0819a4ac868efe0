/**
 * The periodic check of the device while no job runs, and how it steps back when another
 * application (Ledger Live, a browser wallet) is using the Ledger: after a check that met another
 * application (the device could not be opened, or answers on another HID channel came in), the next
 * check waits twice as long each time, up to `maxBackoffMs`; a check that goes through, or the
 * user asking ("Check again"), brings the pace back.
 */
import { isAppError } from '../../../shared/errors';

/** Failures that mean another application has the device: checking again soon would disturb it. */
const ANOTHER_APPLICATION = new Set(['DEVICE_IN_USE', 'DEVICE_CANNOT_OPEN']);

const WATCH_MAX_BACKOFF_MS = 60_000;

export class DeviceWatch {
  private timer: ReturnType<typeof setInterval> | null = null;
  private failures = 0;
  private notBefore = 0;
  /** When a check last met another application. */
  private lastMet = 0;

  constructor(
    private readonly intervalMs: number,
    /** Runs one check, or returns null when there is nothing to check now. */
    private readonly check: () => Promise<unknown> | null,
    private readonly maxBackoffMs = WATCH_MAX_BACKOFF_MS,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** How long the watch now waits between checks (for the state it shows). */
  get currentIntervalMs(): number {
    return Math.min(this.intervalMs * 2 ** this.failures, this.maxBackoffMs);
  }

  /**
   * The outcome of any probe (the watch's own, or one the user asked for). A check that goes
   * through does not prove the other application has gone (it may just be idle): the slower pace
   * holds until checks have gone through for twice the current wait.
   */
  settled(err: unknown, asked = false): void {
    const code = isAppError(err) ? err.code : undefined;
    const now = Date.now();
    if (code && ANOTHER_APPLICATION.has(code)) {
      this.failures += 1;
      this.lastMet = now;
      this.notBefore = now + this.currentIntervalMs;
    } else if (asked || now - this.lastMet >= 2 * this.currentIntervalMs) {
      this.failures = 0;
      this.notBefore = 0;
    } else {
      this.notBefore = now + this.currentIntervalMs;
    }
  }

  private tick(): void {
    if (Date.now() < this.notBefore) return;
    const running = this.check();
    running?.then(
      () => this.settled(null),
      (err: unknown) => this.settled(err),
    );
  }
}
