import type { Batch } from '../../../shared/signing/schemas';

/**
 * The items a batch held because the chain moved since its plan: none reached the device, and
 * Retry would meet the same chain, so the way on is a fresh plan for them (and for the items not
 * sent yet), reviewed like any other.
 */
export function HeldItems({ batch, planning, onReplan }: { batch: Batch; planning: boolean; onReplan: () => void }) {
  const held = batch.items.filter((i) => i.state === 'held');
  if (held.length === 0) return null;
  const carried = batch.items.filter((i) => i.step !== 'none' && (i.state === 'held' || (i.state === 'waiting' && !i.signed))).length;
  const wallets = new Set(held.map((i) => i.wallet.toLowerCase())).size;
  const label =
    carried === held.length
      ? `Re-plan the ${held.length} held item${held.length === 1 ? '' : 's'}`
      : `Re-plan the ${carried} items not sent (${held.length} held)`;
  return (
    <div className="notice notice-warn" role="status" data-testid="held-items">
      <p>
        <strong>
          {held.length} item{held.length === 1 ? '' : 's'} of {wallets} wallet{wallets === 1 ? '' : 's'} held: nothing of{' '}
          {held.length === 1 ? 'it' : 'them'} reached the Ledger.
        </strong>{' '}
        The chain is no longer what this plan was made from (each item says what changed). A new plan reads it again, for the same wallets,
        vaults, action and amounts, and is reviewed before anything is signed.
      </p>
      <button type="button" className="button button-primary" disabled={planning} onClick={onReplan}>
        {planning ? 'Planning…' : label}
      </button>
    </div>
  );
}
