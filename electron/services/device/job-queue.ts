/**
 * One FIFO queue of device jobs, run one at a time: a Ledger answers one exchange at a time, and
 * overlapping ones fail with TransportRaceCondition / TransportLocked. Each job has a time limit;
 * a job that overruns it is failed and abandoned (its signal is aborted) and the queue moves on.
 */
import { AppError } from '../../../shared/errors';

interface JobSpec<T> {
  label: string;
  timeoutMs: number;
  run(signal: AbortSignal): Promise<T>;
}

interface Queued {
  spec: JobSpec<unknown>;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

interface JobQueueHooks {
  /** A job starts while the queue was idle. */
  onBusy?(): void;
  /** The last queued job has ended. */
  onIdle?(): void;
  /** A job overran its time limit and was abandoned (it was failed with `error`). */
  onTimeout?(label: string, error: AppError): void;
}

export class JobQueue {
  private readonly waiting: Queued[] = [];
  private running = false;

  constructor(private readonly hooks: JobQueueHooks = {}) {}

  get busy(): boolean {
    return this.running;
  }

  get length(): number {
    return this.waiting.length + (this.running ? 1 : 0);
  }

  enqueue<T>(spec: JobSpec<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push({ spec: spec as JobSpec<unknown>, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) void this.drain();
    });
  }

  /** Fails every job that has not started yet. */
  failWaiting(error: () => Error): void {
    for (const job of this.waiting.splice(0)) job.reject(error());
  }

  private async drain(): Promise<void> {
    this.running = true;
    this.hooks.onBusy?.();
    for (let job = this.waiting.shift(); job; job = this.waiting.shift()) {
      await this.runOne(job);
    }
    this.running = false;
    this.hooks.onIdle?.();
  }

  private runOne({ spec, resolve, reject }: Queued): Promise<void> {
    const controller = new AbortController();
    return new Promise<void>((done) => {
      const timer = setTimeout(() => {
        controller.abort();
        const error = new AppError({
          code: 'DEVICE_TIMEOUT',
          message: `The Ledger did not answer within ${Math.round(spec.timeoutMs / 1000)} s (${spec.label}).`,
          action: 'Look at the device: reject any request still on its screen, then try again.',
        });
        reject(error);
        this.hooks.onTimeout?.(spec.label, error);
        done();
      }, spec.timeoutMs);
      let result: Promise<unknown>;
      try {
        result = spec.run(controller.signal);
      } catch (err) {
        result = Promise.reject(err);
      }
      result.then(
        (value) => {
          if (controller.signal.aborted) return;
          clearTimeout(timer);
          resolve(value);
          done();
        },
        (err: unknown) => {
          if (controller.signal.aborted) return;
          clearTimeout(timer);
          reject(err);
          done();
        },
      );
    });
  }
}
