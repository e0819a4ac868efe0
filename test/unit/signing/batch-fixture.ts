import { VAULT as FIXTURE_VAULT } from '../../support/bundle-fixture';
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
