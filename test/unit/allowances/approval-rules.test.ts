import { describe, expect, it } from 'vitest';
import { approvesFromZeroOnly } from '../../../shared/domain/token-facts';
import { MAX_UINT256, planDeposit, planWithdraw, type PlanOptions, type VaultFacts, type WalletFacts, type WalletPlan } from '../../../shared/signing/rules';
import { approvalFacts } from '../../../electron/services/signing/planning/approval-facts';
import { planRevokes } from '../../../shared/signing/revoke-rules';

/** The planner's allowance decisions: a leftover allowance used and said, and approve(0) first where the token needs it. */

const USDT = 1_000_000n;
const TRANCHE = 10n ** 18n;
const MAINNET_USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

const vault = (state: VaultFacts['state']): VaultFacts => ({ state, paused: false, hasQueue: true, epochNumber: 2, allowInstantWithdraw: false, epochs: new Map() });

function wallet(allowance: Partial<WalletFacts['allowance']>): WalletFacts {
  return {
    allowed: true,
    gasBalance: 10n ** 18n,
    underlyingBalance: 1_000n * USDT,
    trancheBalance: 50n * TRANCHE,
    allowance: { underlyingToVault: 0n, underlyingToQueue: 0n, trancheToQueue: 0n, ...allowance },
    maxWithdrawable: 50n * USDT,
    redeem: { standard: 0n, instant: 0n, lastRequestEpoch: 0 },
    queue: new Map(),
    unsignedAgreements: [],
  };
}

const planVault = {
  chainId: 1,
  underlying: { address: MAINNET_USDT, symbol: 'USDT', decimals: 6 },
  tranche: { address: '0x00000000000000000000000000000000000000aa', symbol: 'AA_USDT', decimals: 18 },
};
const usdtOptions: PlanOptions = { approval: 'exact', ...approvalFacts(planVault) };
const usdcOptions: PlanOptions = { approval: 'exact', ...approvalFacts({ ...planVault, underlying: { address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', symbol: 'USDC', decimals: 6 } }) };

const calls = (p: WalletPlan) => (p.ok ? p.steps.map((s) => (s.kind === 'transaction' ? `${s.contract}.${s.functionName}(${s.args.join(',')})` : s.step)) : p.reason);
const notes = (p: WalletPlan) => (p.ok ? p.notes : []);

describe('a leftover allowance', () => {
  it('is used, with no approval planned, and the review says so', () => {
    const plan = planDeposit(vault('RUNNING'), wallet({ underlyingToQueue: 500n * USDT }), 500n * USDT, usdcOptions);
    expect(calls(plan)).toEqual(['queue.requestDeposit(500000000)']);
    expect(notes(plan)).toEqual(['Uses the existing allowance of 500 USDC to the deposit queue: no approval is needed.']);
  });

  it('covers a smaller amount too, and an unlimited one is named so', () => {
    const plan = planDeposit(vault('WAITING'), wallet({ underlyingToVault: MAX_UINT256 }), 20n * USDT, usdcOptions);
    expect(calls(plan)).toEqual(['epochVault.depositAA(20000000)']);
    expect(notes(plan)[0]).toMatch(/^Uses the existing unlimited allowance to the epoch vault/);
  });

  it('of tranche tokens to the withdraw queue is used the same way', () => {
    const plan = planWithdraw(vault('RUNNING'), wallet({ trancheToQueue: 50n * TRANCHE }), 'all', usdcOptions);
    expect(calls(plan)).toEqual([`withdrawQueue.requestWithdraw(${50n * TRANCHE})`]);
    expect(notes(plan)).toEqual(['Uses the existing allowance of 50 AA_USDT to the withdraw queue: no approval is needed.']);
  });

  it('says nothing when there is none: one approval of the whole amount', () => {
    const plan = planDeposit(vault('RUNNING'), wallet({}), 500n * USDT, usdtOptions);
    expect(calls(plan)).toEqual(['underlying.approve(queue,500000000)', 'queue.requestDeposit(500000000)']);
    expect(notes(plan)).toEqual([]);
  });
});

describe('a leftover allowance to the contract the step does not go to', () => {
  it('is named in the review with where to revoke it (the vault moved on, the deposit now goes to the queue)', () => {
    const plan = planDeposit(vault('RUNNING'), wallet({ underlyingToVault: 50n * USDT }), 50n * USDT, usdcOptions);
    expect(calls(plan)).toEqual(['underlying.approve(queue,50000000)', 'queue.requestDeposit(50000000)']);
    expect(notes(plan)).toEqual([
      'An allowance of 50 USDC to the epoch vault is left, and this plan does not use it (the step goes to the deposit queue): revoke it on the Allowances screen.',
    ]);
  });
});

describe('a token that changes an allowance only from 0', () => {
  it('is mainnet USDT (and the demo USDT), not USDC', () => {
    expect(approvesFromZeroOnly(1, MAINNET_USDT)).toBe(true);
    expect(approvesFromZeroOnly(1, '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48')).toBe(false);
    expect(approvesFromZeroOnly(10, MAINNET_USDT)).toBe(false);
  });

  it('with a non-zero allowance below the amount: approve(spender, 0), then approve(spender, amount), then the step', () => {
    const plan = planDeposit(vault('RUNNING'), wallet({ underlyingToQueue: 200n * USDT }), 500n * USDT, usdtOptions);
    expect(calls(plan)).toEqual(['underlying.approve(queue,0)', 'underlying.approve(queue,500000000)', 'queue.requestDeposit(500000000)']);
    expect(notes(plan)[0]).toContain('The allowance of 200 USDT to the deposit queue is short, and this token changes an allowance only from 0');
  });

  it('with no allowance left: a single approval (0 → amount is allowed)', () => {
    expect(calls(planDeposit(vault('WAITING'), wallet({}), 500n * USDT, usdtOptions))).toEqual(['underlying.approve(epochVault,500000000)', 'epochVault.depositAA(500000000)']);
  });

  it('with enough allowance: no approval at all', () => {
    expect(calls(planDeposit(vault('WAITING'), wallet({ underlyingToVault: 600n * USDT }), 500n * USDT, usdtOptions))).toEqual(['epochVault.depositAA(500000000)']);
  });

  it('a plain token with a short allowance gets one approval of the whole amount', () => {
    expect(calls(planDeposit(vault('RUNNING'), wallet({ underlyingToQueue: 200n * USDT }), 500n * USDT, usdcOptions))).toEqual([
      'underlying.approve(queue,500000000)',
      'queue.requestDeposit(500000000)',
    ]);
  });
});

describe('a revoke', () => {
  const noQueue = { hasQueue: false, hasWithdrawQueue: false };
  const queues = { hasQueue: true, hasWithdrawQueue: true };
  const left = wallet({ underlyingToVault: 5n, underlyingToQueue: MAX_UINT256, trancheToQueue: 0n });

  it('with nothing picked: approve(spender, 0) for every non-zero allowance to the vault’s contracts', () => {
    expect(calls(planRevokes(left, null, queues))).toEqual(['underlying.approve(epochVault,0)', 'underlying.approve(queue,0)']);
  });

  it('only what was picked, and nothing to a queue the vault does not have', () => {
    expect(calls(planRevokes(left, [{ token: 'underlying', spender: 'queue' }], queues))).toEqual(['underlying.approve(queue,0)']);
    expect(calls(planRevokes(left, null, noQueue))).toEqual(['underlying.approve(epochVault,0)']);
  });

  it('skips a wallet whose picked allowance is already 0', () => {
    expect(calls(planRevokes(left, [{ token: 'tranche', spender: 'withdrawQueue' }], queues))).toBe('Nothing to revoke: the allowance is already 0.');
  });
});
