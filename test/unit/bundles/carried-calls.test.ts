import { describe, expect, it } from 'vitest';
import { encodeFunctionData, parseAbiItem, toHex } from 'viem';
import { acceptedCall } from '../../../electron/services/bundles/carried-calls';
import { calldataStructures, describedCalls, withSignature } from '../../../electron/services/device/calldata-descriptors';
import { deploymentDescriptor } from '../../../electron/services/device/vault-descriptors';
import type { BundleTransactionItem } from '../../../shared/bundles/schemas';
import type { PlanVault } from '../../../shared/signing/schemas';
import { DEFAULT_VAULT } from '../../support/bundle-fixture';

// A deposit into a 2026 epoch vault, carried with the structures Ledger certified for the vault the planner pinned.
const depositAA = parseAbiItem('function depositAA(uint256 amount)');
const data = encodeFunctionData({ abi: [depositAA], args: [250_500_000n] });

function carriedFor(planned: PlanVault): BundleTransactionItem {
  const descriptor = deploymentDescriptor('CDO_EPOCH_MAIN_2026', { chainId: planned.chainId, address: planned.epochVault, underlyingToken: planned.underlying.address, trancheToken: planned.tranche.address })!;
  const call = describedCalls(descriptor).find((c) => c.fn.name === 'depositAA')!;
  const { unsignedInfo, fields } = calldataStructures(descriptor, call, planned.chainId, planned.epochVault);
  return {
    action: { contract: { role: 'epochVault', address: planned.epochVault } },
    transaction: { chainId: planned.chainId, to: planned.epochVault, data },
    clearSigning: { info: toHex(withSignature(unsignedInfo, new Uint8Array(70).fill(1))), fields: fields.map((f) => toHex(f)), certificates: { nanoX: '0x01' } },
  } as unknown as BundleTransactionItem;
}

describe("the offline install's judgement of a carried call", () => {
  it('accepts structures its own descriptor, bound to its pinned vault, encodes byte for byte (trying each generation)', () => {
    expect(acceptedCall(carriedFor(DEFAULT_VAULT), DEFAULT_VAULT)?.descriptor.metadata.constants).toMatchObject({ underlyingToken: DEFAULT_VAULT.underlying.address });
  });

  it("refuses structures made for another underlying token than its own pinned vault's", () => {
    const elsewhere = { ...DEFAULT_VAULT, underlying: { ...DEFAULT_VAULT.underlying, address: '0x6666666666666666666666666666666666666666' } };
    expect(acceptedCall(carriedFor(elsewhere), DEFAULT_VAULT)).toBeNull();
  });

  it('refuses structures with a field left out, or without a certificate', () => {
    const item = carriedFor(DEFAULT_VAULT);
    expect(acceptedCall({ ...item, clearSigning: { ...item.clearSigning!, fields: item.clearSigning!.fields.slice(1) } }, DEFAULT_VAULT)).toBeNull();
    expect(acceptedCall({ ...item, clearSigning: { ...item.clearSigning!, certificates: {} } }, DEFAULT_VAULT)).toBeNull();
  });
});
