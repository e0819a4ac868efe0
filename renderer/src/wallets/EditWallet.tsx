import { useState, type FormEvent } from 'react';
import type { Wallet } from '../../../shared/wallets/schemas';
import { call, getBridge } from '../bridge';
import { useWalletsStore } from '../batch';
import './wallets.css';

/** Edits one wallet's label and notes; what was typed stays if saving fails. */
export function EditWallet({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const { busy, run } = useWalletsStore();
  const [label, setLabel] = useState(wallet.label);
  const [notes, setNotes] = useState(wallet.notes);
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (await run(() => call(getBridge().wallets.update({ address: wallet.address, label, notes })), `${label.trim() || wallet.address} saved.`)) onDone();
  };
  return (
    <form className="add-wallet" onSubmit={(e) => void save(e)} aria-label="Edit wallet">
      <div className="field grow">
        <span>Editing</span>
        <code>{wallet.address}</code>
      </div>
      <label className="field">
        <span>Label</span>
        <input name="editLabel" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} aria-label="Wallet label" />
      </label>
      <label className="field">
        <span>Notes</span>
        <input name="editNotes" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} aria-label="Wallet notes" />
      </label>
      <button type="submit" className="button button-primary" disabled={busy}>
        Save
      </button>
      <button type="button" className="button" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}
