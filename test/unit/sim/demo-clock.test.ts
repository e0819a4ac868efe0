import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDemoClock } from '../../../electron/demo/chain/demo-clock';
import { EPOCH_WALL_MS, stepWallMs, type CycleDriver } from '../../../electron/demo/chain/driver';

/** A chain's driver that only counts its steps: the clock decides when they happen. */
function countingDriver(): CycleDriver & { steps: number } {
  const d = {
    chainId: 1,
    vaults: [],
    steps: 0,
    vault: () => {
      throw new Error('no vaults');
    },
    async step() {
      d.steps += 1;
    },
    halted: false,
    start() {
      d.halted = false;
    },
    async stop() {
      d.halted = true;
    },
    isHalted: () => d.halted,
  };
  return d;
}

describe('the demo clock', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('leaves minutes between the demo vaults\' phase changes, and the fast pace its second', () => {
    // A 20-item batch approved every 5 s takes more than 100 s: the demo must not move under it.
    expect(stepWallMs('demo')).toBeGreaterThanOrEqual(5 * 60_000);
    expect(stepWallMs('fast')).toBe(1000);
    expect(stepWallMs('fast', 300)).toBe(100);
    expect(EPOCH_WALL_MS.fast).toBe(3000);
  });

  it('steps every chain together at its interval and says when the next step comes', async () => {
    const [a, b] = [countingDriver(), countingDriver()];
    const clock = createDemoClock([a, b], { stepMs: 600_000, now: () => Date.now() });
    const start = Date.now();
    expect(clock.status()).toMatchObject({ paused: false, stepSeconds: 600, nextStepAtMs: start + 600_000, steps: 0 });
    await vi.advanceTimersByTimeAsync(599_000);
    expect([a.steps, b.steps]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect([a.steps, b.steps]).toEqual([1, 1]);
    expect(clock.status()).toMatchObject({ steps: 1, nextStepAtMs: start + 1_200_000 });
    await clock.close();
  });

  it('stops moving the vaults while paused, steps by hand, and runs again from a full interval when resumed', async () => {
    const driver = countingDriver();
    const clock = createDemoClock([driver], { stepMs: 1000 });
    const seen: boolean[] = [];
    clock.onChange((c) => seen.push(c.paused));
    clock.pause();
    expect(clock.status()).toMatchObject({ paused: true, nextStepAtMs: null });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(driver.steps).toBe(0);
    // Step: exactly one phase change, and still paused.
    expect(await clock.step()).toMatchObject({ paused: true, steps: 1, nextStepAtMs: null });
    expect(driver.steps).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(driver.steps).toBe(1);
    clock.resume();
    expect(clock.status().nextStepAtMs).toBe(Date.now() + 1000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(driver.steps).toBe(2);
    expect(seen).toContain(true);
    expect(seen.at(-1)).toBe(false);
    await clock.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(driver.steps).toBe(2);
  });

  it('leaves a driver alone once it was stopped (a test holding its chain still)', async () => {
    const [held, moving] = [countingDriver(), countingDriver()];
    const clock = createDemoClock([held, moving], { stepMs: 1000 });
    await held.stop();
    await vi.advanceTimersByTimeAsync(3000);
    await clock.step();
    expect([held.steps, moving.steps]).toEqual([0, 4]);
    await clock.close();
  });

  it('starts paused for a still world and never overlaps two steps', async () => {
    let release: () => void = () => undefined;
    let running = 0;
    let most = 0;
    const slow: CycleDriver = {
      ...countingDriver(),
      step: () =>
        new Promise<void>((resolve) => {
          running += 1;
          most = Math.max(most, running);
          release = () => {
            running -= 1;
            resolve();
          };
        }),
    };
    const clock = createDemoClock([slow], { stepMs: 1000, paused: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(clock.status().steps).toBe(0);
    const first = clock.step();
    const second = clock.step();
    await vi.advanceTimersByTimeAsync(0);
    expect(clock.status().stepping).toBe(true);
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    await Promise.all([first, second]);
    expect(most).toBe(1);
    expect(clock.status()).toMatchObject({ steps: 2, stepping: false, paused: true });
  });
});
