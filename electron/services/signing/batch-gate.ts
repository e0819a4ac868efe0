import { AppError, toAppErrorData, type AppErrorData } from '../../../shared/errors';
import type { Batch, BatchItem, Plan } from '../../../shared/signing/schemas';
import { gateItems } from '../registry';
import { proposedFromPlanVault } from '../registry/contract-set';
import type { SigningServiceOptions } from './service-options';

/**
 * The registry's gate (registry/gate.ts) as the pipeline applies it: to a plan before it is kept,
 * to a batch before it is journaled (whatever made it: this install's planner, an unsigned bundle
 * on the offline install, a signed bundle to send), and again to each item just before the device
 * and just before it is sent, decoded afresh from the bytes the journal holds then.
 */

type GateDeps = Pick<SigningServiceOptions, 'registry' | 'firstSeen' | 'chain'>;

/** Throws the refusal of the first item that does not go where the registry says it may. */
export async function gatePlan(deps: GateDeps, plan: Pick<Plan, 'vault' | 'selection' | 'items' | 'origin' | 'vaults'>): Promise<void> {
  // Over several vaults, each vault's items pass the gate of that vault's pinned contracts.
  if (plan.vaults && plan.vaults.length > 1) {
    for (const vault of plan.vaults) {
      const items = plan.items.filter((i) => i.vaultId === vault.id);
      // A withdrawal across vaults may be a redeem in one vault and a queue request in another: each vault's own action.
      const selection = { ...plan.selection, action: items[0]?.action ?? plan.selection.action };
      await gatePlan(deps, { ...plan, vault, vaults: undefined, selection, items });
    }
    return;
  }
  let pinned = await deps.registry.entry(plan.vault.id);
  if (!pinned && plan.origin) {
    if (plan.origin.kind === 'bundle-broadcast' && deps.firstSeen.kind === 'pin-after-checks') {
      const identity = { vaultId: plan.vault.id, name: plan.vault.name, chainId: plan.vault.chainId, proposed: proposedFromPlanVault(plan.vault) };
      pinned = await deps.registry.pin(identity, await deps.chain(plan.vault.chainId), deps.firstSeen.by);
    }
  }
  if (!pinned) throw notPinned(plan.vault.id, plan.vault.name, deps.firstSeen.kind === 'refuse' ? deps.firstSeen.action : 'Pin the vault first.');
  gateItems({ vault: pinned, action: plan.selection.action, approval: plan.selection.approval ?? 'exact' }, plan.items);
}

function notPinned(vaultId: string, name: string, action: string): AppError {
  return new AppError({
    code: 'REGISTRY_VAULT_NOT_PINNED',
    message: `${name} is not in this install's vault registry: nothing may be signed or sent on it.`,
    action,
    details: { vaultId },
  });
}

/** What a refusal at a step asks of the operator: nothing of the item left this install. */
const STEP_REFUSED_ACTION =
  'Nothing of this item reached the device or the chain. The batch no longer matches the vault registry (its journal, or the registry, changed since it was planned): check Settings → Vault registry and the wallets on a block explorer, then plan the operation again.';

/**
 * The item with every item linked to it by `dependsOn`, either way: an approval with the step it
 * serves, and, for a token that changes an allowance only from 0, the approval of 0 before them.
 */
function linkedSteps(items: readonly BatchItem[], item: BatchItem): BatchItem[] {
  const linked = new Set<BatchItem>([item]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const i of items) {
      if (linked.has(i)) continue;
      if ([...linked].some((l) => l.dependsOn === i.id || i.dependsOn === l.id)) {
        linked.add(i);
        grew = true;
      }
    }
  }
  return items.filter((i) => linked.has(i));
}

/**
 * One item just before the device or before it is sent: its transaction, with the approval and
 * the step it pairs with, gated again against the registry as it is pinned now (never pinning
 * anything). Null when it passes, else the refusal.
 */
export async function gateStep(deps: Pick<GateDeps, 'registry'>, batch: Batch, item: BatchItem): Promise<AppErrorData | null> {
  if (!item.tx) return null;
  try {
    const pinned = await deps.registry.entry(item.vaultId);
    if (!pinned) throw notPinned(item.vaultId, item.vaultName, STEP_REFUSED_ACTION);
    // An approval is gated with the step it serves (its amount is that step's), and a step with its approval.
    const paired = linkedSteps(batch.items, item);
    gateItems({ vault: pinned, action: item.action, approval: batch.selection.approval ?? 'exact' }, paired);
    return null;
  } catch (err) {
    const error = toAppErrorData(err);
    return { ...error, action: STEP_REFUSED_ACTION };
  }
}
