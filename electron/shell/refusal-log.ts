import type { Logger } from '../services/log/logger';

/**
 * Refused connections, logged at a limited rate: the first refusal of each kind is written at once,
 * later ones of that kind are counted and summed up in one line at most every `intervalMs`. A page
 * or process knocking thousands of times cannot fill the disk or hide the rest of the log.
 */
export class RefusalLog {
  private readonly kinds = new Map<string, { lastWritten: number; suppressed: number }>();

  constructor(
    private readonly log: Logger,
    private readonly intervalMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  refused(kind: string, message: string, fields: Record<string, unknown>): void {
    const t = this.now();
    const seen = this.kinds.get(kind);
    if (seen && t - seen.lastWritten < this.intervalMs) {
      seen.suppressed++;
      return;
    }
    const suppressed = seen?.suppressed ?? 0;
    this.kinds.set(kind, { lastWritten: t, suppressed: 0 });
    this.log.warn(message, suppressed > 0 ? { ...fields, alsoRefusedSinceLastLine: suppressed } : fields);
  }
}
