import { describe, expect, it } from 'vitest';
import { depositRoute, requestAction, withdrawRoute, type RequestFacts } from '../../../shared/domain/actions';
import { checkAddress } from '../../../shared/domain/address';
import { cycleState, cycleStateFromService, type CycleState } from '../../../shared/domain/cycle';
import { expectedRequestTime, nextCycleEvent } from '../../../shared/domain/schedule';
import { formatAmount, formatUsd, parseAmount } from '../../../shared/domain/units';

describe('cycle state', () => {
  it.each([
    [{ defaulted: true, isEpochRunning: true, epochEndDate: 100, now: 50 }, 'DEFAULTED'],
    [{ defaulted: false, isEpochRunning: false, epochEndDate: 100, now: 50 }, 'WAITING'],
    [{ defaulted: false, isEpochRunning: true, epochEndDate: 100, now: 50 }, 'RUNNING'],
    [{ defaulted: false, isEpochRunning: true, epochEndDate: 100, now: 100 }, 'RUNNING_PAST_END'],
  ] as const)('%o → %s', (facts, state) => expect(cycleState(facts)).toBe(state));

  it.each([
    ['NETTING', null, 'WAITING'],
    ['WAITING', 10, 'WAITING'],
    ['RUNNING', 200, 'RUNNING'],
    ['RUNNING', 50, 'RUNNING_PAST_END'],
    ['DEFAULTED', null, 'DEFAULTED'],
    ['SOMETHING', null, null],
  ] as const)('service %s (end %s) → %s', (status, end, state) => expect(cycleStateFromService(status, end, 100)).toBe(state));
});

describe('deposit and withdraw routes', () => {
  const facts = (state: CycleState, extra: Partial<{ hasQueue: boolean; paused: boolean }> = {}) => ({ state, hasQueue: true, paused: false, ...extra });

  it.each([
    ['WAITING', { approve: { token: 'underlying', spender: 'epochVault' }, call: { contract: 'epochVault', functionName: 'depositAA' }, creates: 'NONE' }],
    ['RUNNING', { approve: { token: 'underlying', spender: 'queue' }, call: { contract: 'queue', functionName: 'requestDeposit' }, creates: 'DEPOSIT' }],
    ['RUNNING_PAST_END', { approve: { token: 'underlying', spender: 'queue' }, call: { contract: 'queue', functionName: 'requestDeposit' }, creates: 'DEPOSIT' }],
  ] as const)('deposit in %s', (state, route) => expect(depositRoute(facts(state))).toEqual({ ok: true, route }));

  it.each([
    ['WAITING', { approve: null, call: { contract: 'epochVault', functionName: 'requestWithdraw' }, creates: 'REDEEM' }],
    ['RUNNING', { approve: { token: 'tranche', spender: 'withdrawQueue' }, call: { contract: 'withdrawQueue', functionName: 'requestWithdraw' }, creates: 'WITHDRAW' }],
    // Past its end date the epoch still runs until the manager stops it: the queue takes requests.
    ['RUNNING_PAST_END', { approve: { token: 'tranche', spender: 'withdrawQueue' }, call: { contract: 'withdrawQueue', functionName: 'requestWithdraw' }, creates: 'WITHDRAW' }],
  ] as const)('withdraw in %s', (state, route) => expect(withdrawRoute(facts(state))).toEqual({ ok: true, route }));

  it('refuses with a reason: default, pause, running without a queue', () => {
    expect(depositRoute(facts('DEFAULTED'))).toMatchObject({ ok: false, reason: expect.stringContaining('default') });
    expect(withdrawRoute(facts('DEFAULTED'))).toMatchObject({ ok: false, reason: expect.stringContaining('default') });
    expect(depositRoute(facts('WAITING', { paused: true }))).toMatchObject({ ok: false, reason: expect.stringContaining('paused') });
    // Running vaults are always paused on chain; the queue still takes requests.
    expect(depositRoute(facts('RUNNING', { paused: true }))).toMatchObject({ ok: true, route: { call: { functionName: 'requestDeposit' } } });
    expect(withdrawRoute(facts('RUNNING', { paused: true }))).toMatchObject({ ok: true, route: { call: { functionName: 'requestWithdraw' } } });
    expect(depositRoute(facts('RUNNING', { hasQueue: false }))).toMatchObject({ ok: false, reason: expect.stringContaining('no deposit queue') });
    expect(withdrawRoute(facts('RUNNING', { hasQueue: false }))).toMatchObject({ ok: false, reason: expect.stringContaining('no withdraw queue') });
    // A deposit-only queue (CDO_EPOCH_DEPOSIT_QUEUE_V2) takes no withdrawal.
    expect(withdrawRoute({ ...facts('RUNNING'), hasWithdrawQueue: false })).toMatchObject({ ok: false, reason: expect.stringContaining('deposits only') });
  });

  it('a direct deposit while the epoch runs, where the vault takes one (2026 depositDuringEpoch)', () => {
    expect(depositRoute({ ...facts('RUNNING'), depositDuringEpoch: true }, { direct: true })).toEqual({
      ok: true,
      route: { approve: { token: 'underlying', spender: 'epochVault' }, call: { contract: 'epochVault', functionName: 'depositDuringEpoch' }, creates: 'NONE' },
    });
    expect(depositRoute(facts('RUNNING'), { direct: true })).toMatchObject({ ok: false, reason: expect.stringContaining('no direct deposits') });
    // The contract refuses once block.timestamp >= epochEndDate.
    expect(depositRoute({ ...facts('RUNNING_PAST_END'), depositDuringEpoch: true }, { direct: true })).toMatchObject({ ok: false, reason: expect.stringContaining('past its end date') });
    // Between epochs every deposit is depositAA.
    expect(depositRoute({ ...facts('WAITING'), depositDuringEpoch: true }, { direct: true })).toMatchObject({ ok: true, route: { call: { functionName: 'depositAA' } } });
  });

  it('a prefunded queue refuses deposits inside its window before the epoch end, saying when they reopen', () => {
    const end = Date.UTC(2026, 2, 14, 10, 0, 0) / 1000;
    const prefunded = (now: number, nextEpochPrefunded = false) => ({ ...facts('RUNNING'), prefunded: { window: 5 * 86_400, epochEndDate: end, now, nextEpochPrefunded } });
    expect(depositRoute(prefunded(end - 6 * 86_400))).toMatchObject({ ok: true, route: { call: { functionName: 'requestDeposit' } } });
    // The queue refuses once block.timestamp + window >= epochEndDate.
    const inside = depositRoute(prefunded(end - 5 * 86_400));
    expect(inside).toMatchObject({ ok: false });
    expect('reason' in inside && inside.reason).toContain('window closed at Mon, 09 Mar 2026 10:00 UTC');
    expect('reason' in inside && inside.reason).toContain('reopen when this epoch ends (Sat, 14 Mar 2026 10:00 UTC)');
    expect(depositRoute(prefunded(end - 6 * 86_400, true))).toMatchObject({ ok: false, reason: expect.stringContaining('already forwarded') });
  });
});

describe('request actions', () => {
  const r = (type: RequestFacts['type'], status: string, extra: Partial<RequestFacts> = {}): RequestFacts => ({ type, status, epochNumber: 7, ...extra });

  it.each([
    [r('DEPOSIT', 'PENDING'), 'WAITING', 'cancel', 'queue', 'deleteRequest', 7],
    [r('DEPOSIT', 'CLAIMABLE'), 'RUNNING', 'claim', 'queue', 'claimDepositRequest', 7],
    [r('WITHDRAW', 'PENDING'), 'RUNNING', 'cancel', 'withdrawQueue', 'deleteWithdrawRequest', 7],
    [r('WITHDRAW', 'PENDING'), 'WAITING', 'cancel', 'withdrawQueue', 'deleteWithdrawRequest', 7],
    [r('WITHDRAW', 'CLAIMABLE'), 'WAITING', 'claim', 'withdrawQueue', 'claimWithdrawRequest', 7],
    [r('WITHDRAW', 'INSTANT_CLAIMABLE', { isInstant: true }), 'RUNNING', 'claim', 'withdrawQueue', 'claimWithdrawRequest', 7],
    [r('REDEEM', 'CLAIMABLE'), 'WAITING', 'claim', 'epochVault', 'claimWithdrawRequest', null],
    // A standard redeem is paid once an epoch completed after it, also while the next one runs.
    [r('REDEEM', 'CLAIMABLE'), 'RUNNING', 'claim', 'epochVault', 'claimWithdrawRequest', null],
    [r('REDEEM', 'CLAIMABLE'), 'RUNNING_PAST_END', 'claim', 'epochVault', 'claimWithdrawRequest', null],
    [r('REDEEM', 'INSTANT_CLAIMABLE', { isInstant: true }), 'RUNNING', 'claim', 'epochVault', 'claimInstantWithdrawRequest', null],
    [r('REDEEM', 'CLAIMABLE', { isInstant: true }), 'RUNNING', 'claim', 'epochVault', 'claimInstantWithdrawRequest', null],
    [r('WITHDRAW', 'PENDING'), 'RUNNING_PAST_END', 'cancel', 'withdrawQueue', 'deleteWithdrawRequest', 7],
    [r('DEPOSIT', 'PROCESSED'), 'WAITING', 'claim', 'queue', 'claimDepositRequest', 7],
    // In default only what is already funded can be claimed: those claims stay open.
    [r('DEPOSIT', 'CLAIMABLE'), 'DEFAULTED', 'claim', 'queue', 'claimDepositRequest', 7],
    [r('WITHDRAW', 'CLAIMABLE'), 'DEFAULTED', 'claim', 'withdrawQueue', 'claimWithdrawRequest', 7],
    [r('REDEEM', 'CLAIMABLE'), 'DEFAULTED', 'claim', 'epochVault', 'claimWithdrawRequest', null],
    [r('REDEEM', 'INSTANT_CLAIMABLE', { isInstant: true }), 'DEFAULTED', 'claim', 'epochVault', 'claimInstantWithdrawRequest', null],
  ] as const)('%o in %s → %s %s.%s(%s)', (req, state, kind, contract, functionName, epochNumber) => {
    expect(requestAction(req, state)).toEqual({ action: { kind, contract, functionName, epochNumber } });
  });

  it.each([
    [r('DEPOSIT', 'PENDING'), 'RUNNING', 'between epochs'],
    [r('DEPOSIT', 'PENDING'), 'DEFAULTED', 'default'],
    [r('WITHDRAW', 'PENDING'), 'DEFAULTED', 'default'],
    [r('WITHDRAW', 'PROCESSED'), 'RUNNING', 'after the current epoch ends'],
    [r('WITHDRAW', 'PROCESSED', { isInstant: true }), 'RUNNING', 'instant withdrawal delay'],
    [r('REDEEM', 'PENDING'), 'WAITING', 'cannot be cancelled'],
    [r('REDEEM', 'PENDING', { isInstant: true }), 'RUNNING', 'allows instant withdrawals'],
    [r('DEPOSIT', 'CLAIMED'), 'WAITING', 'Already claimed'],
    [r('DEPOSIT', 'CLAIMABLE', { epochNumber: undefined }), 'WAITING', 'which epoch'],
    [r('WITHDRAW', 'PENDING', { epochNumber: undefined }), 'RUNNING', 'which epoch'],
    [r('DEPOSIT', 'PENDING'), 'RUNNING_PAST_END', 'between epochs'],
    [r('REDEEM', 'PENDING'), 'DEFAULTED', 'cannot be cancelled'],
    [r('WITHDRAW', 'CLAIMED'), 'RUNNING', 'Already claimed'],
    [r('WITHDRAW', 'FULFILLED'), 'WAITING', 'Already claimed'],
    [r('REDEEM', 'COMPLETED'), 'WAITING', 'Already claimed'],
    [r('DEPOSIT', 'SOMETHING_NEW'), 'WAITING', 'status SOMETHING_NEW'],
  ] as const)('%o in %s → no action (%s)', (req, state, why) => {
    const verdict = requestAction(req, state);
    expect(verdict.action).toBeNull();
    expect('reason' in verdict && verdict.reason).toContain(why);
  });

  it('the 2026 queue cancels a deposit while the epoch runs, unless the queue forwarded that epoch to the borrower', () => {
    const q2026 = { cancelDepositWhileRunning: true, queueTakesWithdrawals: true };
    expect(requestAction(r('DEPOSIT', 'PENDING'), 'RUNNING', q2026)).toEqual({
      action: { kind: 'cancel', contract: 'queue', functionName: 'deleteRequest', epochNumber: 7 },
    });
    const prefunded = requestAction(r('DEPOSIT', 'PENDING'), 'RUNNING', q2026, true);
    expect(prefunded.action).toBeNull();
    expect('reason' in prefunded && prefunded.reason).toContain('prefunded');
  });
});

describe('amounts', () => {
  it.each([
    ['1250.5', 6, '1250500000'],
    ['1,250.50', 6, '1250500000'],
    ['0.000001', 6, '1'],
    ['1', 18, '1000000000000000000'],
    ['.5', 6, '500000'],
  ])('parses %s with %d decimals', (text, decimals, base) => expect(parseAmount(text, decimals)).toEqual({ ok: true, baseUnits: base }));

  it.each([
    ['', 'Enter an amount'],
    ['1.0000001', '6 decimals'],
    ['-5', 'digits'],
    ['1e6', 'digits'],
    ['1.2.3', 'digits'],
  ])('refuses %j', (text, why) => expect(parseAmount(text, 6)).toMatchObject({ ok: false, reason: expect.stringContaining(why) }));

  it.each([
    ['1250500000', 6, '1,250.5'],
    ['1', 6, '0.000001'],
    ['1000000000000000000', 18, '1'],
    ['1234567', 18, '<0.000001'],
    ['123456789012345678901234', 18, '123,456.789012…'],
  ])('formats %s with %d decimals as %s', (base, decimals, text) => expect(formatAmount(base, decimals, { locale: 'en-US' })).toBe(text));
});

describe('USD amounts', () => {
  it.each([
    ['119279325235', '$119,279.33'],
    ['4999', '$0.00'],
    ['5000', '$0.01'],
    ['0', '$0.00'],
  ])('%s → %s', (base, text) => expect(formatUsd(base, 'en-US')).toBe(text));
});

describe('addresses', () => {
  it('accepts a correct checksum and lower-case, and returns the checksummed form', () => {
    expect(checkAddress('0xCbA98362e199c41E1864D0923AF9646d3A648451')).toEqual({ ok: true, address: '0xCbA98362e199c41E1864D0923AF9646d3A648451' });
    expect(checkAddress('0xcba98362e199c41e1864d0923af9646d3a648451')).toEqual({ ok: true, address: '0xCbA98362e199c41E1864D0923AF9646d3A648451' });
  });
  it('refuses a mistyped checksum and malformed input', () => {
    expect(checkAddress('0xCbA98362e199c41E1864D0923AF9646d3A648452')).toMatchObject({ ok: false, reason: expect.stringContaining('checksum') });
    expect(checkAddress('0xCBa98362e199c41E1864D0923AF9646d3A648451')).toMatchObject({ ok: false });
    expect(checkAddress('0x1234')).toMatchObject({ ok: false, reason: expect.stringContaining('40 hexadecimal') });
  });
});

describe('next cycle event and expected dates', () => {
  const base = { epochDuration: 30 * 86_400, bufferPeriod: 86_400, instantDelay: 3 * 86_400, instantDeadline: null, allowInstantWithdraw: false };
  it('running: the epoch end; past the end: waiting for the stop', () => {
    expect(nextCycleEvent({ ...base, state: 'RUNNING', epochEnd: 1000, now: 500 })).toMatchObject({ kind: 'epochEnd', at: 1000 });
    expect(nextCycleEvent({ ...base, state: 'RUNNING_PAST_END', epochEnd: 1000, now: 1500 })).toMatchObject({ kind: 'awaitingStop', at: 1000 });
  });
  it('running with instant withdrawals pending: their deadline comes first', () => {
    expect(nextCycleEvent({ ...base, state: 'RUNNING', epochEnd: 10_000, now: 500, instantDeadline: 2000 })).toMatchObject({ kind: 'instantWithdrawals', at: 2000 });
  });
  it('waiting: the start after the buffer, or the manager is late', () => {
    expect(nextCycleEvent({ ...base, state: 'WAITING', epochEnd: 1000, now: 1500 })).toMatchObject({ kind: 'epochStart', at: 1000 + 86_400, label: 'Next epoch starts' });
    expect(nextCycleEvent({ ...base, state: 'WAITING', epochEnd: 1000, now: 200_000 })?.label).toContain('waiting for the manager');
    expect(nextCycleEvent({ ...base, state: 'DEFAULTED', epochEnd: 1000, now: 200_000 })).toBeNull();
  });
  it('expected processing and claim dates per request type', () => {
    const running = { ...base, state: 'RUNNING' as const, epochEnd: 100_000, now: 50_000 };
    expect(expectedRequestTime({ type: 'DEPOSIT', status: 'PENDING', isInstant: false }, running)).toBe(100_000);
    expect(expectedRequestTime({ type: 'WITHDRAW', status: 'PENDING', isInstant: false }, running)).toBe(100_000);
    expect(expectedRequestTime({ type: 'REDEEM', status: 'PENDING', isInstant: false }, running)).toBe(100_000);
    expect(expectedRequestTime({ type: 'REDEEM', status: 'PENDING', isInstant: true }, { ...running, instantDeadline: 60_000 })).toBe(60_000);
    const waiting = { ...base, state: 'WAITING' as const, epochEnd: 100_000, now: 120_000 };
    // A standard redeem made in the buffer is paid at the end of the next epoch.
    expect(expectedRequestTime({ type: 'REDEEM', status: 'PENDING', isInstant: false }, waiting)).toBe(100_000 + 86_400 + 30 * 86_400);
    expect(expectedRequestTime({ type: 'DEPOSIT', status: 'CLAIMABLE', isInstant: false }, waiting)).toBeNull();
  });
});
