import { DEFAULT_VAULT as FIXTURE_VAULT } from '../../support/bundle-fixture';
import { buildDraft, type Draft } from '../../../electron/services/signing/drafts';
import type { CalldataDescriptorSource } from '../../../electron/services/device/clear-signing';
import { newBatchItem } from '../../../shared/signing/item';
import { JOURNAL_SCHEMA_VERSION, type Batch, type BatchItem, type PlanVault } from '../../../shared/signing/schemas';

/** The unit tests' vault: the bundle fixture's, under a short id. */
export const VAULT: PlanVault = { ...FIXTURE_VAULT, id: 'v1' };

/** A journaled batch of these items (a deposit of 1 by their first wallet), paused, as of 1970. */
export function batchOf(items: BatchItem[], origin?: Batch['origin']): Batch {
  const now = new Date(0).toISOString();
  return {
    schemaVersion: JOURNAL_SCHEMA_VERSION,
    id: 'batch-1',
    createdAt: now,
    updatedAt: now,
    status: 'paused',
    pause: null,
    blindSigningAcknowledgedAt: now,
    selection: {
      vaultId: 'v1',
      wallets: [{ address: items[0]!.wallet, label: 'W0', path: items[0]!.path }],
      action: 'deposit',
      amount: '1',
    },
    vault: VAULT,
    wallets: [],
    items,
    ...(origin ? { origin } : {}),
  };
}

/** The unit tests' wallet (the emulated Ledger's account at index 10). */
export const WALLET = '0xdD2FD4581271e230360230F9337D5c0430Bf44C0';

/** A drafted EIP-1559 transaction of that wallet on the local chain. */
export const TX = {
  type: 'eip1559' as const,
  chainId: 31337,
  nonce: 4,
  to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  value: '0',
  data: '0x',
  gas: '60000',
  maxFeePerGas: '2000000000',
  maxPriorityFeePerGas: '1000000',
};

/** An item of the wallet's deposit in the unit tests' vault, carrying TX unless `patch` says otherwise. */
export function batchItem(id: string, patch: Partial<BatchItem> = {}): BatchItem {
  const where = { chainId: 31337, vaultId: 'v1', vaultName: 'Alpha' };
  return newBatchItem({ id, wallet: WALLET, label: 'W0', path: "44'/60'/0'/0/10", ...where, action: 'deposit' }, { tx: TX, ...patch });
}

/** The fees the unit tests draft with: 2 gwei at most a gas, 1 gwei of it to the validator. */
export const FEES = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };

/**
 * The approval of 250.5 USDC to the unit tests' vault, drafted at `nonce` with 60,000 gas estimated:
 * in clear when `calldataDescriptors` list the token (and describe its chain where the app lacks it).
 */
export function draftApproval(nonce: number, calldataDescriptors?: CalldataDescriptorSource): Draft {
  return buildDraft({
    vault: VAULT,
    step: {
      kind: 'transaction',
      step: 'approve',
      contract: 'underlying',
      functionName: 'approve',
      args: ['epochVault', 250_500_000n],
      amount: { token: 'underlying', value: 250_500_000n },
      spender: 'epochVault',
      requestId: null,
    },
    nonce,
    fees: FEES,
    gas: APPROVAL_GAS,
    ...(calldataDescriptors ? { calldataDescriptors } : {}),
  });
}

/** The gas an approval is drafted with in the unit tests. */
export const APPROVAL_GAS = { gas: 60_000n, estimated: true };

/**
 * The claim of epoch 3's deposit (7 USDC) on the unit tests' vault's queue, drafted at nonce 2 with
 * 90,000 gas estimated: in clear when `calldataDescriptors` cover the call, blind otherwise.
 */
export function draftDepositClaim(calldataDescriptors?: CalldataDescriptorSource): Draft {
  return buildDraft({
    vault: VAULT,
    step: {
      kind: 'transaction',
      step: 'claimDepositRequest',
      contract: 'queue',
      functionName: 'claimDepositRequest',
      args: [3n],
      amount: { token: 'underlying', value: 7_000_000n },
      spender: null,
      requestId: 'r',
    },
    nonce: 2,
    fees: FEES,
    gas: { gas: 90_000n, estimated: true },
    ...(calldataDescriptors ? { calldataDescriptors } : {}),
  });
}
