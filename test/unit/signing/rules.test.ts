import { describe, expect, it } from 'vitest';
import type { CycleState } from '../../../shared/domain/cycle';
import {
  MAX_UINT256,
  depositClaimable,
  instantRedeemClaimable,
  planAgreements,
  planCancels,
  planClaims,
  planDeposit,
  planWithdraw,
  standardRedeemClaimable,
  withdrawClaimable,
  type QueueEpochFacts,
  type RequestRef,
  type VaultFacts,
  type WalletFacts,
  type WalletPlan,
} from '../../../shared/signing/rules';

const USDC = 1_000_000n;
const TRANCHE = 10n ** 18n;

function vault(state: CycleState, extra: Partial<VaultFacts> = {}): VaultFacts {
  return { state, paused: false, hasQueue: true, epochNumber: 2, allowInstantWithdraw: false, epochs: new Map(), ...extra };
}

function wallet(extra: Partial<WalletFacts> = {}): WalletFacts {
  return {
    allowed: true,
    gasBalance: 10n ** 18n,
    underlyingBalance: 1_000n * USDC,
    trancheBalance: 50n * TRANCHE,
    allowance: { underlyingToVault: 0n, underlyingToQueue: 0n, trancheToQueue: 0n },
    maxWithdrawable: 50n * USDC,
    redeem: { standard: 0n, instant: 0n, lastRequestEpoch: 0 },
    queue: new Map(),
    unsignedAgreements: [],
    ...extra,
  };
}

const steps = (p: WalletPlan) =>
  p.ok
    ? p.steps.map((s) =>
        s.kind === 'transaction' ? `${s.step}:${s.contract}.${s.functionName}(${s.args.join(',')})` : `agreement:${s.signatureId}`,
      )
    : p.reason;
const exact = { approval: 'exact' } as const;

describe('deposit rules', () => {
  it.each([
    [
      'WAITING',
      'depositAA on the epoch vault after an approval to it',
      ['approve:underlying.approve(epochVault,100000000)', 'depositAA:epochVault.depositAA(100000000)'],
    ],
    [
      'RUNNING',
      'requestDeposit on the queue after an approval to it',
      ['approve:underlying.approve(queue,100000000)', 'requestDeposit:queue.requestDeposit(100000000)'],
    ],
    [
      'RUNNING_PAST_END',
      'the queue while the epoch waits for its stop',
      ['approve:underlying.approve(queue,100000000)', 'requestDeposit:queue.requestDeposit(100000000)'],
    ],
  ] as const)('%s: %s', (state, _what, expected) => {
    expect(steps(planDeposit(vault(state), wallet(), 100n * USDC, exact))).toEqual(expected);
  });

  it('approves the whole amount when the allowance falls short (approve sets it, never adds), or nothing when it covers it', () => {
    const some = wallet({ allowance: { underlyingToVault: 40n * USDC, underlyingToQueue: 0n, trancheToQueue: 0n } });
    expect(steps(planDeposit(vault('WAITING'), some, 100n * USDC, exact))[0]).toBe('approve:underlying.approve(epochVault,100000000)');
    const enough = wallet({ allowance: { underlyingToVault: 500n * USDC, underlyingToQueue: 0n, trancheToQueue: 0n } });
    expect(steps(planDeposit(vault('WAITING'), enough, 100n * USDC, exact))).toEqual(['depositAA:epochVault.depositAA(100000000)']);
  });

  it('approves an unlimited allowance when the operator chooses it', () => {
    const plan = planDeposit(vault('RUNNING'), wallet(), 100n * USDC, { approval: 'unlimited' });
    expect(plan.ok && plan.steps[0]!.kind === 'transaction' && plan.steps[0]!.args[1]).toBe(MAX_UINT256);
  });

  it.each([
    ['a vault in default', vault('DEFAULTED'), wallet(), /default/],
    ['a paused vault', vault('WAITING', { paused: true }), wallet(), /paused/],
    ['a running vault without a queue', vault('RUNNING', { hasQueue: false }), wallet(), /no deposit queue/],
    ['a wallet without KYC', vault('WAITING'), wallet({ allowed: false }), /KYC/],
    ['a wallet without gas', vault('WAITING'), wallet({ gasBalance: 0n }), /gas/],
    [
      'unsigned agreements',
      vault('WAITING'),
      wallet({ unsignedAgreements: [{ id: 'a', title: 'Terms of service', text: 't' }] }),
      /Terms of service.*sign them first/,
    ],
    ['a balance below the amount', vault('WAITING'), wallet({ underlyingBalance: 99n * USDC }), /balance is lower/],
  ])('skips %s with the reason', (_what, v, w, reason) => {
    const plan = planDeposit(v, w, 100n * USDC, exact);
    expect(plan.ok).toBe(false);
    expect(steps(plan)).toMatch(reason);
  });

  it('flags a wallet without KYC so the KYC link can be shown', () => {
    expect(planDeposit(vault('WAITING'), wallet({ allowed: false }), USDC, exact)).toMatchObject({ ok: false, needsKyc: true });
  });

  it('refuses a zero amount', () => {
    expect(steps(planDeposit(vault('WAITING'), wallet(), 0n, exact))).toMatch(/zero/);
  });
});

describe('withdraw and redeem rules', () => {
  it('redeems between epochs on the epoch vault, burning tranche tokens without an approval', () => {
    expect(steps(planWithdraw(vault('WAITING'), wallet(), 'all', exact))).toEqual([
      `redeem:epochVault.requestWithdraw(${50n * TRANCHE},tranche)`,
    ]);
  });

  it('withdraws through the queue while the epoch runs, approving the tranche token to it', () => {
    expect(steps(planWithdraw(vault('RUNNING'), wallet(), 20n * TRANCHE, exact))).toEqual([
      `approve:tranche.approve(withdrawQueue,${20n * TRANCHE})`,
      `requestWithdraw:withdrawQueue.requestWithdraw(${20n * TRANCHE})`,
    ]);
  });

  it('"withdraw everything" takes the whole tranche balance', () => {
    const plan = planWithdraw(
      vault('RUNNING'),
      wallet({ allowance: { underlyingToVault: 0n, underlyingToQueue: 0n, trancheToQueue: MAX_UINT256 } }),
      'all',
      exact,
    );
    expect(steps(plan)).toEqual([`requestWithdraw:withdrawQueue.requestWithdraw(${50n * TRANCHE})`]);
  });

  it.each([
    ['a vault in default', vault('DEFAULTED'), wallet(), 'all', /default/],
    ['a running vault without a queue', vault('RUNNING', { hasQueue: false }), wallet(), 'all', /no withdraw queue/],
    ['no tranche tokens', vault('WAITING'), wallet({ trancheBalance: 0n }), 'all', /no tranche tokens/],
    ['more than the balance', vault('RUNNING'), wallet(), 51n * TRANCHE, /lower than the amount/],
    ['nothing withdrawable', vault('WAITING'), wallet({ maxWithdrawable: 0n }), 'all', /nothing withdrawable/],
    ['a wallet without KYC', vault('RUNNING'), wallet({ allowed: false }), 'all', /KYC/],
  ] as const)('skips %s', (_what, v, w, amount, reason) => {
    expect(steps(planWithdraw(v, w, amount, exact))).toMatch(reason);
  });

  it('takes queue withdrawals in a running vault that paused itself for the epoch', () => {
    expect(planWithdraw(vault('RUNNING', { paused: true }), wallet(), 'all', exact).ok).toBe(true);
  });

  it.each([
    [{ disabled: false, lastEpochApr: 12n, unscaledApr: 8n, aprDelta: 2n }, /^Instant redeem/],
    [{ disabled: false, lastEpochApr: 10n, unscaledApr: 8n, aprDelta: 2n }, /^Standard redeem/],
    [{ disabled: true, lastEpochApr: 12n, unscaledApr: 8n, aprDelta: 2n }, /^Standard redeem/],
  ])('says whether a redeem made now is instant or standard (%o)', (instantRule, note) => {
    const plan = planWithdraw(vault('WAITING', { instantRule }), wallet(), 'all', exact);
    expect(plan.ok && plan.notes[0]).toMatch(note);
  });

  it('an explicit redeem is only made between epochs', () => {
    expect(steps(planWithdraw(vault('RUNNING'), wallet(), 'all', { ...exact, redeemOnly: true }))).toMatch(/between epochs/);
    expect(planWithdraw(vault('WAITING'), wallet(), 'all', { ...exact, redeemOnly: true }).ok).toBe(true);
  });
});

describe('claimability', () => {
  const epoch = (price: bigint, withdrawPrice: bigint, pendingClaims: bigint): QueueEpochFacts => ({ price, withdrawPrice, pendingClaims });

  it.each([
    [epoch(1_000_000n, 0n, 0n), 5n, true],
    [epoch(0n, 0n, 0n), 5n, false],
    [epoch(1_000_000n, 0n, 0n), 0n, false],
    [undefined, 5n, false],
  ])('a queue deposit: price %o, held %s → %s', (e, held, expected) => {
    expect(depositClaimable(e, held)).toBe(expected);
  });

  it.each([
    [epoch(0n, 1_000_000n, 0n), 5n, true],
    [epoch(0n, 1_000_000n, 3n), 5n, false],
    [epoch(0n, 0n, 0n), 5n, false],
    [epoch(0n, 1_000_000n, 0n), 0n, false],
  ])('a queue withdrawal: %o, held %s → %s', (e, held, expected) => {
    expect(withdrawClaimable(e, held)).toBe(expected);
  });

  it.each([
    ['WAITING', 3, 2, 10n, true],
    ['WAITING', 2, 2, 10n, false],
    // Claimable while the next epoch runs, and after a default, once an epoch completed after it.
    ['RUNNING', 3, 2, 10n, true],
    ['RUNNING', 2, 2, 10n, false],
    ['DEFAULTED', 3, 2, 10n, true],
    ['WAITING', 3, 2, 0n, false],
  ] as const)(
    'a standard redeem in %s with epoch %s after request epoch %s (receipt %s) → %s',
    (state, epochNumber, last, receipt, expected) => {
      expect(
        standardRedeemClaimable(
          vault(state, { epochNumber }),
          wallet({ redeem: { standard: receipt, instant: 0n, lastRequestEpoch: last } }),
        ),
      ).toBe(expected);
    },
  );

  it.each([
    [true, 10n, true],
    [false, 10n, false],
    [true, 0n, false],
  ])('an instant redeem with allowInstantWithdraw %s (receipt %s) → %s', (allowed, receipt, expected) => {
    expect(
      instantRedeemClaimable(
        vault('RUNNING', { allowInstantWithdraw: allowed }),
        wallet({ redeem: { standard: 0n, instant: receipt, lastRequestEpoch: 0 } }),
      ),
    ).toBe(expected);
  });
});

describe('claim and cancel plans', () => {
  const requests: RequestRef[] = [
    { id: 'd1', type: 'DEPOSIT', status: 'CLAIMABLE', isInstant: false, epochNumber: 1 },
    { id: 'w1', type: 'WITHDRAW', status: 'CLAIMABLE', isInstant: false, epochNumber: 1 },
    { id: 'd3', type: 'DEPOSIT', status: 'PENDING', isInstant: false, epochNumber: 3 },
    { id: 'w3', type: 'WITHDRAW', status: 'PENDING', isInstant: false, epochNumber: 3 },
    { id: 'r', type: 'REDEEM', status: 'CLAIMABLE', isInstant: false, epochNumber: 2 },
  ];
  const epochs = new Map<number, QueueEpochFacts>([
    [1, { price: 1_000_000n, withdrawPrice: 1_010_000n, pendingClaims: 0n }],
    [3, { price: 0n, withdrawPrice: 0n, pendingClaims: 0n }],
  ]);
  const held = new Map([
    [1, { deposit: 7n * USDC, withdraw: 3n * TRANCHE }],
    [3, { deposit: 4n * USDC, withdraw: 2n * TRANCHE }],
  ]);
  const w = wallet({ queue: held, redeem: { standard: 9n * USDC, instant: 2n * USDC, lastRequestEpoch: 1 } });

  it('claims each claimable request through its own contract and method', () => {
    expect(steps(planClaims(vault('WAITING', { epochs, allowInstantWithdraw: true }), w, requests, null))).toEqual([
      'claimDepositRequest:queue.claimDepositRequest(1)',
      'claimWithdrawRequest:withdrawQueue.claimWithdrawRequest(1)',
      'claimRedeem:epochVault.claimWithdrawRequest()',
      'claimInstantRedeem:epochVault.claimInstantWithdrawRequest()',
    ]);
  });

  it('claims only the selected requests', () => {
    expect(steps(planClaims(vault('WAITING', { epochs }), w, requests, new Set(['w1'])))).toEqual([
      'claimWithdrawRequest:withdrawQueue.claimWithdrawRequest(1)',
    ]);
  });

  it('claims a standard redeem while the next epoch runs, once an epoch completed after it (the real strategy’s rule)', () => {
    const plan = planClaims(vault('RUNNING', { epochs, epochNumber: 2 }), w, requests.filter((r) => r.id === 'r' || r.id === 'd3'), null);
    expect(steps(plan)).toEqual(['claimRedeem:epochVault.claimWithdrawRequest()']);
  });

  it('leaves a standard redeem made in this epoch for after it stops, and says why nothing else is claimable', () => {
    const plan = planClaims(
      vault('RUNNING', { epochs, epochNumber: 1 }),
      w,
      requests.filter((r) => r.id === 'r' || r.id === 'd3'),
      null,
    );
    expect(plan.ok).toBe(false);
    expect(steps(plan)).toMatch(/Deposit of epoch 3: not processed yet/);
    expect(steps(plan)).toMatch(/Standard redeem: claimable once the running epoch stops/);
  });

  it('claims a rate-at-stop redeem (2026 apr0Users) with the standard ones, with its epoch’s interest once that epoch stopped', () => {
    const apr0 = { principal: 100n * USDC, principalEpoch: 2, settledPrincipal: 0n, settledInterest: 0n, rate: 10n ** 16n };
    const held = wallet({ redeem: { standard: 0n, instant: 0n, lastRequestEpoch: 2, apr0 } });
    // Before the epoch it was made in stops: nothing to claim yet.
    expect(steps(planClaims(vault('RUNNING', { epochNumber: 2 }), held, [], null))).toMatch(/Standard redeem: claimable once the running epoch stops/);
    const plan = planClaims(vault('RUNNING', { epochNumber: 3 }), held, [], null);
    expect(steps(plan)).toEqual(['claimRedeem:epochVault.claimWithdrawRequest()']);
    // 100 USDC and 1 % of it for that epoch.
    expect(plan.ok && plan.steps[0]!.kind === 'transaction' && plan.steps[0]!.amount).toEqual({ token: 'underlying', value: 101n * USDC });
  });

  it('a closed vault pays redeems at once', () => {
    const fresh = wallet({ redeem: { standard: 5n * USDC, instant: 0n, lastRequestEpoch: 4 } });
    expect(steps(planClaims(vault('WAITING', { epochNumber: 4 }), fresh, [], null))).toMatch(/Nothing to claim/);
    expect(steps(planClaims(vault('WAITING', { epochNumber: 4, closed: true }), fresh, [], null))).toEqual(['claimRedeem:epochVault.claimWithdrawRequest()']);
  });

  it('waits until the queue has collected a processed withdrawal before claiming it, and says which kind it waits for', () => {
    const unfunded = new Map(epochs).set(1, { price: 1_000_000n, withdrawPrice: 1_010_000n, pendingClaims: 5n });
    const instant = requests.map((r) => (r.id === 'w1' ? { ...r, isInstant: true } : r));
    expect(steps(planClaims(vault('WAITING', { epochs: unfunded }), w, instant, new Set(['w1'])))).toMatch(
      /Withdrawal of epoch 1: the instant withdrawals of that epoch are not funded yet/,
    );
    // A standard withdrawal is paid by the vault after the next epoch, not by the instant funding.
    const standard = steps(planClaims(vault('WAITING', { epochs: unfunded }), w, requests, new Set(['w1'])));
    expect(standard).toMatch(/Withdrawal of epoch 1: processed as standard, claimable once the vault has paid it after the next epoch ends/);
    expect(standard).not.toMatch(/instant/);
  });

  it('cancels pending deposits between epochs and pending withdrawals at any time before processing', () => {
    expect(steps(planCancels(vault('WAITING', { epochs }), w, requests, null))).toEqual([
      'deleteRequest:queue.deleteRequest(3)',
      'deleteWithdrawRequest:withdrawQueue.deleteWithdrawRequest(3)',
    ]);
    // The November 2024 queue refuses deleteRequest while an epoch runs.
    expect(steps(planCancels(vault('RUNNING', { epochs }), w, requests, null))).toEqual([
      'deleteWithdrawRequest:withdrawQueue.deleteWithdrawRequest(3)',
    ]);
    // The 2026 queue takes it, unless that epoch's deposits were forwarded to the borrower.
    const rules = { cancelDepositWhileRunning: true, queueTakesWithdrawals: true };
    expect(steps(planCancels(vault('RUNNING', { epochs, rules }), w, requests, null))).toEqual([
      'deleteRequest:queue.deleteRequest(3)',
      'deleteWithdrawRequest:withdrawQueue.deleteWithdrawRequest(3)',
    ]);
    const prefunded = new Map(epochs).set(3, { price: 0n, withdrawPrice: 0n, pendingClaims: 0n, prefunded: 4n * USDC });
    expect(steps(planCancels(vault('RUNNING', { epochs: prefunded, rules }), w, requests, null))).toEqual([
      'deleteWithdrawRequest:withdrawQueue.deleteWithdrawRequest(3)',
    ]);
  });

  it('cancels nothing in a vault in default or a request the chain has processed', () => {
    expect(steps(planCancels(vault('DEFAULTED', { epochs }), w, requests, null))).toMatch(/default/);
    const processed = new Map(epochs).set(3, { price: 1_000_000n, withdrawPrice: 1_000_000n, pendingClaims: 0n });
    expect(
      steps(
        planCancels(
          vault('WAITING', { epochs: processed }),
          w,
          requests.filter((r) => r.epochNumber === 3),
          null,
        ),
      ),
    ).toMatch(/Nothing to cancel/);
  });
});

describe('agreements', () => {
  it('signs each unsigned LENDER agreement once', () => {
    const w = wallet({
      unsignedAgreements: [
        { id: 'tos', title: 'Terms', text: 'I accept' },
        { id: 'mla', title: 'MLA', text: 'I accept too' },
      ],
    });
    expect(steps(planAgreements(w, true))).toEqual(['agreement:tos', 'agreement:mla']);
  });

  it('skips a wallet that signed everything, or a vault without agreements', () => {
    expect(steps(planAgreements(wallet(), true))).toMatch(/already signed/);
    expect(steps(planAgreements(wallet(), false))).toMatch(/no lender agreement/);
  });
});
