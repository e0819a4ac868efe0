import { useState, type FormEvent } from 'react';
import { checkAddress } from '../../../shared/domain/address';
import { call, getBridge } from '../bridge';
import { useWalletsStore } from '../batch';
import './wallets.css';

/** Adds a watch-only wallet; the address is checked (EIP-55) as it is typed. */
export function AddWalletForm() {
  const { group, busy, run } = useWalletsStore();
  const [address, setAddress] = useState('');
  const [label, setLabel] = useState('');
  const [notes, setNotes] = useState('');
  const checked = address.trim() ? checkAddress(address) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!checked?.ok) return;
    const ok = await run(
      () => call(getBridge().wallets.add({ address: checked.address, label, notes, ...(group ? { groupIds: [group] } : {}) })),
      `${label.trim() || checked.address} added.`,
    );
    // What the user typed stays in the form unless it was saved.
    if (ok) {
      setAddress('');
      setLabel('');
      setNotes('');
    }
  };

  return (
    <form className="add-wallet" onSubmit={(e) => void submit(e)} aria-label="Add a watch-only wallet">
      <label className="field grow">
        <span>Address</span>
        <input
          name="address"
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          placeholder="0x…"
          spellCheck={false}
          aria-invalid={checked !== null && !checked.ok}
        />
      </label>
      <label className="field">
        <span>Label</span>
        <input name="label" value={label} maxLength={80} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. Fund II · desk 3" />
      </label>
      <label className="field">
        <span>Notes</span>
        <input name="notes" value={notes} maxLength={1000} onChange={(e) => setNotes(e.target.value)} />
      </label>
      <button type="submit" className="button button-primary" disabled={busy || !checked?.ok}>
        Add wallet
      </button>
      {checked && !checked.ok ? (
        <p className="field-error" role="alert">
          {checked.reason}
        </p>
      ) : null}
    </form>
  );
}
