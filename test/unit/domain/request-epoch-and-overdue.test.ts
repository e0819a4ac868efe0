import { describe, expect, it } from 'vitest';
import { chainTimeNow, expectedRequestTime, isOverdue, overdueWaitsFor, type CycleTimes } from '../../../shared/domain/schedule';
import { requestEpochWords } from '../../../shared/portfolio/request-epoch';

const DAY = 86_400;
const times = (over: Partial<CycleTimes>): CycleTimes => ({
  state: 'RUNNING',
  epochEnd: 1_806_000_000,
  epochDuration: 30 * DAY,
  bufferPeriod: DAY,
  instantDelay: 3 * DAY,
  instantDeadline: null,
  allowInstantWithdraw: true,
  now: 1_805_000_000,
  ...over,
});

describe('a past expected date is overdue by the chain\u2019s clock', () => {
  it('says an epoch running past its end date is overdue, judged by the chain, not this machine', () => {
    // The chain at 1 May 2027, the epoch due to end on 4 Apr 2027, this machine in 2026.
    const end = Date.UTC(2027, 3, 4) / 1000;
    const chainAsOf = Date.UTC(2027, 4, 1) / 1000;
    const machine = Date.UTC(2026, 10, 28);
    const expected = expectedRequestTime({ type: 'DEPOSIT', status: 'PENDING', isInstant: false }, times({ state: 'RUNNING_PAST_END', epochEnd: end, now: chainAsOf }));
    expect(expected).toBe(end);
    const now = chainTimeNow(chainAsOf, machine, machine + 30_000);
    expect(now).toBe(chainAsOf + 30);
    expect(isOverdue(expected, now)).toBe(true);
    // By this machine's clock alone it would look upcoming: that is what the chain's time prevents.
    expect(isOverdue(expected, Math.floor(machine / 1000))).toBe(false);
    expect(overdueWaitsFor('pending')).toBe('waiting for the manager to process it');
    expect(overdueWaitsFor('processed')).toBe('waiting for the manager to make it claimable');
  });

  it('keeps a date still ahead as expected, and falls back on this machine\u2019s clock without a cycle', () => {
    expect(isOverdue(1_806_000_000, 1_805_000_000)).toBe(false);
    expect(isOverdue(null, 1_805_000_000)).toBe(false);
    expect(chainTimeNow(null, 0, 1_700_000_000_000)).toBe(1_700_000_000);
  });
});

describe('a request\u2019s epoch as the contracts count it, the number of the epoch table\u2019s row', () => {
  // Requests are keyed strategy.epochNumber() + 1: the count of the epoch running when they were made.
  it('says a queue request made during epoch N is processed at the end of epoch N', () => {
    expect(requestEpochWords({ type: 'DEPOSIT', phase: 'pending', isInstant: false, epochNumber: 4 })).toEqual({
      short: 'epoch 4',
      long: 'made during epoch 4: processed at its end',
      dueIn: 4,
    });
  });

  it('says a processed standard withdrawal of epoch N is paid at the end of epoch N + 1, the epoch its date belongs to', () => {
    const words = requestEpochWords({ type: 'WITHDRAW', phase: 'processed', isInstant: false, epochNumber: 3 })!;
    expect(words).toEqual({ short: 'epoch 3 → 4', long: 'processed at the end of epoch 3: claimable at the end of epoch 4', dueIn: 4 });
    // Its expected date is the running epoch's end (epoch 4's), as the schedule computes it.
    expect(expectedRequestTime({ type: 'WITHDRAW', status: 'PROCESSED', isInstant: false }, times({}))).toBe(1_806_000_000);
    expect(requestEpochWords({ type: 'WITHDRAW', phase: 'processed', isInstant: true, epochNumber: 3 })!.long).toBe(
      'processed at the end of epoch 3: claimable after the instant delay into epoch 4',
    );
  });

  it('says a redeem, made between epochs and keyed the next one, is claimable at that epoch\u2019s end', () => {
    expect(requestEpochWords({ type: 'REDEEM', phase: 'pending', isInstant: false, epochNumber: 2 })).toMatchObject({ long: 'claimable at the end of epoch 2', dueIn: 2 });
    expect(requestEpochWords({ type: 'DEPOSIT', phase: 'claimable', isInstant: false, epochNumber: 1 })).toMatchObject({ short: 'epoch 1', long: 'made during epoch 1' });
    expect(requestEpochWords({ type: 'REDEEM', phase: 'pending', isInstant: false, epochNumber: null })).toBeNull();
  });
});
