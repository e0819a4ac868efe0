import { describe, expect, it } from 'vitest';
import { approvedValue, basisOf, describeCycle, staleReason, type ChainNow } from '../../../shared/signing/basis';
import { newBatchItem } from '../../../shared/signing/item';
import type { TxStep, VaultFacts, WalletFacts } from '../../../shared/signing/rules';
import type { BatchItem, ItemBasis, StepKind, TransactionReview } from '../../../shared/signing/schemas';
import { VAULT } from './batch-fixture';

// The comparison of an item's basis (what its plan saw) with the chain now: what holds it, and
// the reason the operator reads.

const WALLET = '0x1111111111111111111111111111111111111111';
const USDC = (n: number) => BigInt(n) * 1_000_000n;

const vaultFacts = (patch: Partial<VaultFacts> = {}): VaultFacts => ({
  state: 'WAITING',
  paused: false,
  hasQueue: true,
  epochNumber: 12,
  allowInstantWithdraw: false,
  epochs: new Map(),
  ...patch,
});

const walletFacts = (patch: Partial<Omit<WalletFacts, 'unsignedAgreements'>> = {}): Omit<WalletFacts, 'unsignedAgreements'> => ({
  allowed: true,
  gasBalance: 10n ** 18n,
  underlyingBalance: USDC(100),
  trancheBalance: 0n,
  allowance: { underlyingToVault: 0n, underlyingToQueue: 0n, trancheToQueue: 0n },
  maxWithdrawable: 0n,
  redeem: { standard: 0n, instant: 0n, lastRequestEpoch: 0 },
  queue: new Map(),
  ...patch,
});

const BASIS: ItemBasis = {
  takenAt: '2026-01-01T00:00:00Z',
  block: '100',
  vault: { state: 'WAITING', epochNumber: 12, paused: false },
  balance: '100000000',
  requestEpoch: null,
};

function item(
  step: StepKind,
  amount: bigint,
  args: { name: string; type: string; value: string }[] = [],
  basis: Partial<ItemBasis> = {},
): BatchItem {
  const review = {
    kind: 'transaction',
    amount: { symbol: 'USDC', decimals: 6, baseUnits: amount.toString(), display: '' },
    args,
  } as unknown as TransactionReview;
  return newBatchItem(
    { id: step, wallet: WALLET, label: 'W0', path: "44'/60'/0'/0/0", chainId: 1, vaultId: 'v1', vaultName: 'Alpha', action: 'deposit' },
    {
      step,
      tx: { chainId: 1, to: WALLET, data: '0x', nonce: 0, gas: '1', value: '0' } as BatchItem['tx'],
      review,
      basis: { ...BASIS, ...basis },
    },
  );
}

const now = (vault: Partial<VaultFacts> = {}, wallet: Partial<Omit<WalletFacts, 'unsignedAgreements'>> = {}): ChainNow => ({
  vault: vaultFacts(vault),
  wallet: walletFacts(wallet),
});

describe('the basis of a plan, compared with the chain just before the device', () => {
  it('records what the planner saw for a step: the cycle, the balance it spends, the request epoch', () => {
    const step: TxStep = {
      kind: 'transaction',
      step: 'claimDepositRequest',
      contract: 'queue',
      functionName: 'claimDepositRequest',
      args: [7n],
      amount: { token: 'underlying', value: 5n },
      spender: null,
      requestId: 'r1',
    };
    const basis = basisOf(step, {
      takenAt: 't',
      block: 99n,
      vault: vaultFacts({ state: 'RUNNING', epochNumber: 6, paused: true }),
      wallet: walletFacts(),
    });
    expect(basis).toEqual({
      takenAt: 't',
      block: '99',
      vault: { state: 'RUNNING', epochNumber: 6, paused: true },
      balance: null,
      requestEpoch: 7,
    });
    const deposit: TxStep = { ...step, step: 'depositAA', contract: 'epochVault', args: [5n], requestId: null };
    expect(basisOf(deposit, { takenAt: 't', block: 99n, vault: vaultFacts(), wallet: walletFacts() }).balance).toBe(USDC(100).toString());
  });

  it('names the vault’s move from one epoch and state to another', () => {
    const deposit = item('depositAA', USDC(50));
    expect(
      staleReason(
        deposit,
        VAULT,
        now({ state: 'RUNNING', paused: true }, { allowance: { underlyingToVault: USDC(50), underlyingToQueue: 0n, trancheToQueue: 0n } }),
      ),
    ).toBe('The vault moved from between epochs (epoch 12 done) to epoch 13 running since this plan: re-plan.');
    expect(staleReason(deposit, VAULT, now({ epochNumber: 13 }))).toBe(
      'The vault moved from between epochs (epoch 12 done) to between epochs (epoch 13 done) since this plan: re-plan.',
    );
    expect(staleReason(deposit, VAULT, now({ paused: true }))).toBe(
      'The vault was paused since this plan, between epochs (epoch 12 done): re-plan.',
    );
    expect(staleReason(item('depositAA', USDC(50), [], { vault: { ...BASIS.vault, paused: true } }), VAULT, now({}))).toBe(
      'The vault was resumed since this plan, between epochs (epoch 12 done): re-plan.',
    );
    expect(staleReason(deposit, VAULT, now({ state: 'DEFAULTED' }))).toMatch(/to in default since this plan: re-plan\.$/);
  });

  it('lets an epoch that passed its end date go on for a queue request (the queue still takes it)', () => {
    const request = item('requestDeposit', USDC(50), [], { vault: { state: 'RUNNING', epochNumber: 12, paused: true } });
    const queueAllowance = { underlyingToVault: 0n, underlyingToQueue: USDC(50), trancheToQueue: 0n };
    expect(staleReason(request, VAULT, now({ state: 'RUNNING_PAST_END', paused: true }, { allowance: queueAllowance }))).toBeNull();
  });

  it('holds a deposit whose balance or allowance fell short, with both figures', () => {
    const deposit = item('depositAA', USDC(50));
    expect(staleReason(deposit, VAULT, now({}, { underlyingBalance: USDC(40) }))).toBe(
      'Balance is 40 USDC, the plan deposits 50 USDC: re-plan.',
    );
    expect(staleReason(deposit, VAULT, now())).toBe('The allowance to the epoch vault is 0 USDC, the plan deposits 50 USDC: re-plan.');
    // Checked with its approval before the approval is sent: the allowance is what the approval sets.
    expect(staleReason(deposit, VAULT, now(), { allowance: USDC(50) })).toBeNull();
    expect(staleReason(deposit, VAULT, now(), { allowance: USDC(20) })).toBe(
      'The allowance to the epoch vault is 20 USDC, the plan deposits 50 USDC: re-plan.',
    );
  });

  it('holds a claim or cancel whose request can no longer be claimed or cancelled', () => {
    const claim = item('claimDepositRequest', 5n, [], { requestEpoch: 7 });
    const processed = new Map([[7, { price: 1_000_000n, withdrawPrice: 0n, pendingClaims: 0n }]]);
    expect(staleReason(claim, VAULT, now({ epochs: processed }, { queue: new Map([[7, { deposit: 5n, withdraw: 0n }]]) }))).toBeNull();
    expect(staleReason(claim, VAULT, now({ epochs: processed }))).toBe(
      'The deposit request of epoch 7 is no longer claimable: nothing is left to claim (claimed elsewhere?). Re-plan.',
    );
    // A claim does not care that the vault started another epoch.
    expect(
      staleReason(
        claim,
        VAULT,
        now({ state: 'RUNNING', epochNumber: 13, epochs: processed }, { queue: new Map([[7, { deposit: 5n, withdraw: 0n }]]) }),
      ),
    ).toBeNull();
    const cancel = item('deleteRequest', 5n, [], { requestEpoch: 7 });
    expect(staleReason(cancel, VAULT, now({ epochs: processed }, { queue: new Map([[7, { deposit: 5n, withdraw: 0n }]]) }))).toBe(
      'The deposit request of epoch 7 can no longer be cancelled: it was processed, it can only be claimed. Re-plan.',
    );
  });

  it('leaves alone an item planned before bases were recorded', () => {
    const old = { ...item('depositAA', USDC(50)), basis: undefined };
    expect(staleReason(old, VAULT, now({ state: 'RUNNING' }, { underlyingBalance: 0n }))).toBeNull();
  });

  it('reads what an approval sets, and says where a vault is in its cycle', () => {
    expect(
      approvedValue(
        item('approve', USDC(50), [
          { name: 'spender', type: 'address', value: WALLET },
          { name: 'amount', type: 'uint256', value: '50000000' },
        ]),
      ),
    ).toBe(USDC(50));
    expect(describeCycle({ state: 'RUNNING_PAST_END', epochNumber: 3, paused: true })).toBe('epoch 4 past its end date');
    expect(describeCycle({ state: 'WAITING', epochNumber: 0, paused: false })).toBe('before its first epoch');
  });
});
