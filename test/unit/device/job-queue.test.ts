import { describe, expect, it } from 'vitest';
import { JobQueue } from '../../../electron/services/device/job-queue';

const later = <T>(ms: number, value: T) => new Promise<T>((r) => setTimeout(() => r(value), ms));

describe('device job queue', () => {
  it('runs jobs one at a time, first in first out', async () => {
    const queue = new JobQueue();
    const log: string[] = [];
    const job = (name: string, ms: number) =>
      queue.enqueue({
        label: name,
        timeoutMs: 1_000,
        run: async () => {
          log.push(`start ${name}`);
          await later(ms, null);
          log.push(`end ${name}`);
          return name;
        },
      });
    expect(await Promise.all([job('a', 30), job('b', 1), job('c', 10)])).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('fails a job that overruns its limit, aborts its signal and moves on', async () => {
    const timeouts: string[] = [];
    const queue = new JobQueue({ onTimeout: (label) => timeouts.push(label) });
    let aborted = false;
    const slow = queue.enqueue({
      label: 'sign a transaction',
      timeoutMs: 30,
      run: (signal) => {
        signal.addEventListener('abort', () => (aborted = true));
        return later(200, 'late');
      },
    });
    const next = queue.enqueue({ label: 'next', timeoutMs: 1_000, run: async () => 'next' });
    await expect(slow).rejects.toMatchObject({ code: 'DEVICE_TIMEOUT', message: expect.stringMatching(/sign a transaction/) });
    expect(await next).toBe('next');
    expect(aborted).toBe(true);
    expect(timeouts).toEqual(['sign a transaction']);
  });

  it('tells when it becomes busy and idle', async () => {
    const events: string[] = [];
    const queue = new JobQueue({ onBusy: () => events.push('busy'), onIdle: () => events.push('idle') });
    await Promise.all([
      queue.enqueue({ label: 'a', timeoutMs: 100, run: async () => 1 }),
      queue.enqueue({ label: 'b', timeoutMs: 100, run: async () => 2 }),
    ]);
    await later(0, null);
    expect(events).toEqual(['busy', 'idle']);
    expect(queue.length).toBe(0);
  });

  it('fails the jobs that have not started when asked to', async () => {
    const queue = new JobQueue();
    const running = queue.enqueue({ label: 'a', timeoutMs: 1_000, run: () => later(20, 'a') });
    const waiting = queue.enqueue({ label: 'b', timeoutMs: 1_000, run: async () => 'b' });
    queue.failWaiting(() => new Error('stopped'));
    await expect(waiting).rejects.toThrow('stopped');
    expect(await running).toBe('a');
  });
});
