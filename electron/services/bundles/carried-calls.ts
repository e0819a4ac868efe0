/**
 * The certified clear-signing structures a bundle carries, as the offline install judges them. It
 * never takes the bundle's word for the call's description: it binds each of its own descriptors
 * (one per contract generation of the stated role; its registry may not say which generation a
 * contract is) to its own pinned vault's address and tokens, and accepts the carried structures
 * only when one of them encodes them byte for byte. The device then checks Ledger's signature.
 */
import type { Hex } from 'viem';
import type { Generation } from '../../../shared/abi/generations';
import { roleAddress } from '../../../shared/bundles/calls';
import type { BundleTransactionItem } from '../../../shared/bundles/schemas';
import { toSerializable } from '../../../shared/bundles/transaction';
import type { DeviceScreen } from '../../../shared/device/state';
import type { PlanVault } from '../../../shared/signing/schemas';
import { DEFAULT_MODEL, type LedgerModel } from '../../../shared/device/models';
import type { CalldataDescriptorSource } from '../device/clear-signing';
import { carriedSource, certifiedFrom, type CarriedCall, type CarrySource } from '../device/ledger-service/carried-call';
import { expectedScreens } from '../device/transaction';
import { deploymentDescriptor, VAULT_DESCRIPTORS } from '../device/vault-descriptors';

/** Why an item that carried structures is signed blind (the review says it). */
export const CARRIED_CALL_REFUSED = "the bundle's clear-signing data does not match this install's description of the call; it is signed blind.";

const QUEUE_ROLES = new Set(['queue', 'withdrawQueue']);

/** The generations whose descriptors may describe a contract of this role. */
function candidateGenerations(role: string): Generation[] {
  const queue = QUEUE_ROLES.has(role);
  return (Object.keys(VAULT_DESCRIPTORS) as Generation[]).filter((g) => g.includes('QUEUE') === queue);
}

const selectorOf = (data: string) => data.slice(0, 10).toLowerCase() as Hex;

/** The item's carried call with this install's own descriptor, when that descriptor encodes it exactly; else null. */
export function acceptedCall(item: BundleTransactionItem, vault: PlanVault): CarriedCall | null {
  const carried = item.clearSigning;
  if (!carried || Object.keys(carried.certificates).length === 0) return null;
  const role = item.action.contract.role;
  // The pinned vault's address for the stated role, never the bundle's.
  const to = roleAddress(vault, role);
  if (!to || to.toLowerCase() !== item.transaction.to.toLowerCase() || item.transaction.chainId !== vault.chainId) return null;
  const selector = selectorOf(item.transaction.data);
  for (const generation of candidateGenerations(role)) {
    const descriptor = deploymentDescriptor(generation, { chainId: vault.chainId, address: to, underlyingToken: vault.underlying.address, trancheToken: vault.tranche.address });
    if (!descriptor) continue;
    const call: CarriedCall = { descriptor, info: carried.info, fields: [...carried.fields], certificates: { ...carried.certificates } };
    if (certifiedFrom(call, vault.chainId, to, selector)) return call;
  }
  return null;
}

/** The descriptor source that predicts an accepted call's review (the certificate does not change what is shown). */
export function acceptedSource(call: CarriedCall, item: BundleTransactionItem): CalldataDescriptorSource | null {
  const model = (DEFAULT_MODEL in call.certificates ? DEFAULT_MODEL : Object.keys(call.certificates)[0]) as LedgerModel;
  return carriedSource(call, item.transaction.chainId, item.transaction.to, selectorOf(item.transaction.data), model);
}

/** What the device will show for an item whose carried call this install accepts on `vault`; null: signed blind. */
export function clearReviewOf(item: BundleTransactionItem, vault: PlanVault): DeviceScreen[] | null {
  const call = acceptedCall(item, vault);
  const source = call ? acceptedSource(call, item) : null;
  return source ? expectedScreens(toSerializable(item.transaction), { calldataDescriptors: source }) : null;
}

/**
 * The calls accepted from the bundles this offline install reviewed, by chain, contract and
 * selector (the structures depend on nothing else): the device jobs of their batches carry them.
 */
export class BundleCalls implements CarrySource {
  private readonly calls = new Map<string, CarriedCall>();

  /** Keeps each call of a reviewed bundle that is accepted on its pinned vault. */
  accept(items: readonly { item: BundleTransactionItem; vault: PlanVault }[]): void {
    for (const { item, vault } of items) {
      const call = acceptedCall(item, vault);
      if (call) this.calls.set(key(item.transaction.chainId, item.transaction.to, selectorOf(item.transaction.data)), call);
    }
  }

  carried(chainId: number, to: string, selector: Hex): CarriedCall | null {
    return this.calls.get(key(chainId, to, selector)) ?? null;
  }
}

const key = (chainId: number, to: string, selector: string) => `${chainId}:${to.toLowerCase()}:${selector.toLowerCase()}`;
