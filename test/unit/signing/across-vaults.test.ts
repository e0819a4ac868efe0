import { describe, expect, it } from 'vitest';
import type { BatchItem, Plan } from '../../../shared/signing/schemas';
import { mergeVaultPlans, nextNonces, spentUnderlying, underlyingKey } from '../../../electron/services/signing/planning/across-vaults';
import { eligibilityAfter } from '../../../electron/services/signing/planning/eligibility';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

const item = (id: string, wallet: string, vaultId: string, nonce: number, dependsOn: string | null = null): BatchItem =>
  ({ id, wallet, vaultId, chainId: 31337, state: 'waiting', dependsOn, tx: { nonce } }) as unknown as BatchItem;

const planOf = (vaultId: string, items: BatchItem[], skipped: string[] = []): Plan =>
  ({
    id: `plan-${vaultId}`,
    selection: {
      vaultId,
      action: 'claim',
      wallets: [...new Set(items.map((i) => i.wallet))].map((address) => ({ address, label: '', path: '' })),
      requestIds: items.map((i) => `r-${i.id}`),
    },
    vault: { id: vaultId, name: `Vault ${vaultId}` },
    wallets: [
      ...[...new Set(items.map((i) => i.wallet))].map((address) => ({ address, label: '', ok: true, reason: null, kycLink: null })),
      ...skipped.map((address) => ({ address, label: '', ok: false, reason: 'Needs KYC.', kycLink: null })),
    ],
    items,
    needsBlindSigningAck: true,
    warnings: [],
  }) as unknown as Plan;

describe('one plan over several vaults', () => {
  it('keeps all of a wallet’s items together in device order, with ids unique across vaults and dependencies kept', () => {
    const merged = mergeVaultPlans([
      planOf('v1', [item('001-a', A, 'v1', 5), item('002-b', B, 'v1', 9)]),
      planOf('v2', [item('001-a', A, 'v2', 6, null), item('002-a', A, 'v2', 7, '001-a')], [B]),
    ]);
    expect(merged.items.map((i) => [i.wallet, i.vaultId, i.tx!.nonce])).toEqual([
      [A, 'v1', 5],
      [A, 'v2', 6],
      [A, 'v2', 7],
      [B, 'v1', 9],
    ]);
    expect(new Set(merged.items.map((i) => i.id)).size).toBe(4);
    expect(merged.items[2]!.dependsOn).toBe(merged.items[1]!.id);
    expect(merged.vaults!.map((v) => v.id)).toEqual(['v1', 'v2']);
    expect(merged.selection.requestIds).toHaveLength(4);
    // B goes ahead in v1 and is skipped in v2, said with the vault.
    expect(merged.wallets.filter((w) => !w.ok)).toEqual([expect.objectContaining({ address: B, reason: 'Vault v2: Needs KYC.' })]);
  });

  it('gives the nonces that follow each wallet’s transactions, per chain', () => {
    const floor = nextNonces(planOf('v1', [item('001-a', A, 'v1', 5), item('002-a', A, 'v1', 6)]), new Map());
    expect(floor.get(`31337:${A}`)).toBe(7);
  });
});

// ---- a deposit the operator chose in two vaults ------------------------------------------------

const USDC = '0x00000000000000000000000000000000000000c0';

/** An approve → deposit pair (or a skip) of one wallet in one vault, as the planner drafts it. */
const deposit = (vaultId: string, wallet: string, nonce: number, amount: bigint): BatchItem[] =>
  [
    {
      id: `00${nonce}-a`,
      wallet,
      vaultId,
      chainId: 31337,
      step: 'approve',
      state: 'waiting',
      dependsOn: null,
      tx: { nonce },
      review: { kind: 'transaction', amount: { baseUnits: String(amount) } },
    },
    {
      id: `00${nonce}-d`,
      wallet,
      vaultId,
      chainId: 31337,
      step: 'depositAA',
      state: 'waiting',
      dependsOn: `00${nonce}-a`,
      tx: { nonce: nonce + 1 },
      review: { kind: 'transaction', amount: { baseUnits: String(amount) } },
    },
  ] as unknown as BatchItem[];
const skippedIn = (vaultId: string, wallet: string): BatchItem =>
  ({
    id: `009-${wallet.slice(2, 6)}`,
    wallet,
    vaultId,
    chainId: 31337,
    step: 'none',
    state: 'skipped',
    dependsOn: null,
    tx: null,
    review: null,
  }) as unknown as BatchItem;

const depositPlan = (vaultId: string, items: BatchItem[], skipped: { address: string; reason: string }[] = []): Plan =>
  ({
    id: `plan-${vaultId}`,
    selection: { vaultId, action: 'deposit', amount: '100', wallets: [A, B].map((address) => ({ address, label: '', path: '' })) },
    vault: { id: vaultId, name: `Vault ${vaultId}`, chainId: 31337, underlying: { address: USDC, symbol: 'USDC', decimals: 6 } },
    wallets: [
      ...[...new Set(items.filter((i) => i.state !== 'skipped').map((i) => i.wallet))].map((address) => ({
        address,
        label: '',
        ok: true,
        reason: null,
        kycLink: null,
      })),
      ...skipped.map(({ address, reason }) => ({ address, label: '', ok: false, reason, kycLink: null })),
    ],
    items,
    needsBlindSigningAck: true,
    warnings: [],
  }) as unknown as Plan;

describe('a deposit in two vaults as one plan', () => {
  it('keeps each approve with its deposit, nonces following on per wallet, and a wallet skipped in one vault only there', () => {
    // v2 was drafted after v1 with v1's next nonces as its floor: A goes on at 7; B needs KYC in v2 only.
    const v1 = depositPlan('v1', [...deposit('v1', A, 5, 100_000_000n), ...deposit('v1', B, 9, 100_000_000n)]);
    const floor = nextNonces(v1, new Map());
    expect(floor.get(`31337:${A}`)).toBe(7);
    expect(floor.get(`31337:${B}`)).toBe(11);
    const v2 = depositPlan(
      'v2',
      [...deposit('v2', A, floor.get(`31337:${A}`)!, 50_000_000n), skippedIn('v2', B)],
      [{ address: B, reason: 'The vault does not allow this wallet (KYC not completed).' }],
    );
    const merged = mergeVaultPlans([v1, v2]);

    expect(merged.items.map((i) => [i.wallet, i.vaultId, i.step, i.tx?.nonce ?? null])).toEqual([
      [A, 'v1', 'approve', 5],
      [A, 'v1', 'depositAA', 6],
      [A, 'v2', 'approve', 7],
      [A, 'v2', 'depositAA', 8],
      [B, 'v1', 'approve', 9],
      [B, 'v1', 'depositAA', 10],
      [B, 'v2', 'none', null],
    ]);
    // Every deposit depends on the approval just before it in its own vault, never on another vault's.
    for (const d of merged.items.filter((i) => i.step === 'depositAA')) {
      const approval = merged.items.find((i) => i.id === d.dependsOn)!;
      expect([approval.step, approval.vaultId, approval.wallet]).toEqual(['approve', d.vaultId, d.wallet]);
    }
    // B goes ahead in v1 and is skipped in v2, said with the vault; A is skipped nowhere.
    expect(merged.wallets.filter((w) => !w.ok)).toEqual([
      expect.objectContaining({ address: B, reason: 'Vault v2: The vault does not allow this wallet (KYC not completed).' }),
    ]);
    expect(merged.wallets.filter((w) => w.ok).map((w) => w.address)).toEqual([A, B]);
  });

  it('says each vault’s notes on a wallet that goes ahead with the vault they are about', () => {
    const v1 = depositPlan('v1', deposit('v1', A, 5, 1n));
    const v2 = depositPlan('v2', deposit('v2', A, 7, 1n));
    v1.wallets[0]!.reason = 'Standard redeem: paid after the next epoch.';
    v2.wallets[0]!.reason = 'Instant redeem.';
    expect(mergeVaultPlans([v1, v2]).wallets).toEqual([
      expect.objectContaining({
        address: A,
        ok: true,
        reason: 'Vault v1: Standard redeem: paid after the next epoch. Vault v2: Instant redeem.',
      }),
    ]);
  });

  it('counts what each wallet’s deposits take of a token, per chain and token, skipped wallets taking nothing', () => {
    const spent = spentUnderlying(depositPlan('v1', [...deposit('v1', A, 5, 100_000_000n), skippedIn('v1', B)]), new Map());
    spentUnderlying(depositPlan('v2', deposit('v2', A, 7, 50_000_000n)), spent);
    expect(spent.get(underlyingKey(31337, USDC, A))).toBe(150_000_000n);
    expect(spent.has(underlyingKey(31337, USDC, B))).toBe(false);
  });

  it('plans the next vault on what the vaults before it leave of the balance, and says so when a wallet is left short', () => {
    const wallet = (underlyingBalance: bigint) => ({
      allowed: true,
      gasBalance: 10n ** 18n,
      underlyingBalance,
      trancheBalance: 0n,
      allowance: { underlyingToVault: 0n, underlyingToQueue: 0n, trancheToQueue: 0n },
      maxWithdrawable: 0n,
      redeem: { standard: 0n, instant: 0n, lastRequestEpoch: 0 },
      queue: new Map(),
    });
    const facts = {
      vault: {
        chainId: 31337,
        underlying: { address: USDC, symbol: 'USDC', decimals: 6 },
        tranche: { address: USDC, symbol: 'AA', decimals: 18 },
      },
      chain: {
        vault: { state: 'WAITING', paused: false, hasQueue: true, epochNumber: 1, allowInstantWithdraw: false, epochs: new Map() },
        generations: { epochVault: 'CDO_EPOCH_MAIN_V4', queue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1', withdrawQueue: 'CDO_EPOCH_DEPOSIT_QUEUE_V1', strategy: 'CDO_EPOCH_STRATEGY_MAIN_V2' },
        wallets: new Map([
          [A, wallet(150_000_000n)],
          [B, wallet(150_000_000n)],
        ]),
      },
      requests: [],
      agreements: new Map([
        [A, { unsigned: [] }],
        [B, { unsigned: [] }],
      ]),
      catalog: { lenderSignatureIds: [] },
    } as never;
    const selection = {
      vaultId: 'v2',
      action: 'deposit' as const,
      amount: '100',
      wallets: [A, B].map((address) => ({ address, label: '', path: "44'/60'/0'/0/0" })),
    };
    // A's 150 USDC already carries a 100 USDC deposit in the vault before; B's carries none.
    const verdicts = eligibilityAfter(selection, facts, new Map([[underlyingKey(31337, USDC, A), 100_000_000n]]));
    expect(verdicts[0]).toEqual({
      ok: false,
      reason:
        'The underlying balance is lower than the amount to deposit: the vaults before this one in the operation already take 100 USDC of it.',
    });
    expect(verdicts[1]!.ok).toBe(true);
  });
});
