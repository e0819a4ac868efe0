import { describe, expect, it } from 'vitest';
import type { Batch, BatchItem, Plan } from '../../../shared/signing/schemas';
import { mergeVaultPlans } from '../../../electron/services/signing/planning/across-vaults';
import { replanParts, replanTargets } from '../../../electron/services/signing/replan';

const A = '0x1111111111111111111111111111111111111111';
const B = '0x2222222222222222222222222222222222222222';

const item = (id: string, wallet: string, vaultId: string, nonce: number, state: BatchItem['state'] = 'waiting'): BatchItem =>
  ({ id, wallet, vaultId, chainId: 31337, state, step: 'depositAA', dependsOn: null, tx: { nonce }, signed: null }) as unknown as BatchItem;

const depositPlan = (vaultId: string, amount: string, items: BatchItem[]): Plan =>
  ({
    id: `plan-${vaultId}`,
    selection: { vaultId, action: 'deposit', amount, wallets: [A, B].map((address) => ({ address, label: '', path: '' })) },
    vault: { id: vaultId, name: `Vault ${vaultId}` },
    wallets: [A, B].map((address) => ({ address, label: '', ok: true, reason: null, kycLink: null })),
    items,
    needsBlindSigningAck: true,
    warnings: [],
  }) as unknown as Plan;

describe('re-planning a batch that spans vaults', () => {
  it('asks each vault again for the amount the operator chose there, not the first vault’s', () => {
    const merged = mergeVaultPlans([
      depositPlan('v1', '250', [item('001-a', A, 'v1', 1)]),
      depositPlan('v2', '40.5', [item('001-b', B, 'v2', 3)]),
    ]);
    const batch = { ...merged, items: merged.items.map((i) => ({ ...i, state: 'held' as const })) } as unknown as Batch;
    const parts = replanParts(batch, replanTargets(batch));
    expect(parts.map((p) => [p.vaultId, p.amount, p.wallets.map((w) => w.address)])).toEqual([
      ['v1', '250', [A]],
      ['v2', '40.5', [B]],
    ]);
    expect(parts.every((p) => p.vaultAmounts === undefined)).toBe(true);
  });

  it('keeps the one amount of a plan in a single vault', () => {
    const plan = depositPlan('v1', '75', [item('001-a', A, 'v1', 1, 'held'), item('002-b', B, 'v1', 2)]);
    const batch = plan as unknown as Batch;
    expect(replanParts(batch, replanTargets(batch))).toEqual([expect.objectContaining({ vaultId: 'v1', amount: '75' })]);
  });
});
