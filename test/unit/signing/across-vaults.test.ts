import { describe, expect, it } from 'vitest';
import type { BatchItem, Plan } from '../../../shared/signing/schemas';
import { mergeVaultPlans, nextNonces } from '../../../electron/services/signing/planning/across-vaults';

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
