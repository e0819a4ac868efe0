import { useState, type FormEvent } from 'react';
import { getBridge, call } from '../bridge';
import { useWalletsStore } from '../batch';
import './wallets.css';

/** The batches: every wallet, then each group with its size; create, rename and delete groups. */
export function GroupsPanel() {
  const { book, group, busy, selectGroup, run } = useWalletsStore();
  const [name, setName] = useState('');
  const [renaming, setRenaming] = useState<string | null>(null);
  const [newName, setNewName] = useState('');
  if (!book) return null;

  const sizeOf = (id: string) => book.wallets.filter((w) => w.groupIds.includes(id)).length;
  const create = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (await run(() => call(getBridge().wallets.createGroup({ name: trimmed })), `Group "${trimmed}" created.`)) setName('');
  };
  const rename = async (e: FormEvent, id: string) => {
    e.preventDefault();
    if (await run(() => call(getBridge().wallets.renameGroup({ id, name: newName.trim() })), 'Group renamed.')) setRenaming(null);
  };

  return (
    <aside className="groups" aria-label="Groups">
      <h2 className="groups-title">Groups</h2>
      <ul>
        <li>
          <button type="button" className={`group-item${group === null ? ' active' : ''}`} onClick={() => selectGroup(null)}>
            <span>All wallets</span>
            <span className="count">{book.wallets.length}</span>
          </button>
        </li>
        {book.groups.map((g) => (
          <li key={g.id}>
            {renaming === g.id ? (
              <form className="inline-form" onSubmit={(e) => void rename(e, g.id)}>
                <input aria-label="New group name" value={newName} maxLength={60} onChange={(e) => setNewName(e.target.value)} autoFocus />
                <button type="submit" className="button button-small" disabled={busy || !newName.trim()}>
                  Save
                </button>
                <button type="button" className="button button-small" onClick={() => setRenaming(null)}>
                  Cancel
                </button>
              </form>
            ) : (
              <button type="button" className={`group-item${group === g.id ? ' active' : ''}`} onClick={() => selectGroup(g.id)}>
                <span>{g.name}</span>
                <span className="count">{sizeOf(g.id)}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
      {group !== null && renaming === null ? (
        <div className="group-actions">
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setNewName(book.groups.find((g) => g.id === group)?.name ?? '');
              setRenaming(group);
            }}
          >
            Rename
          </button>
          <button
            type="button"
            className="link-button danger"
            onClick={() => {
              const g = book.groups.find((x) => x.id === group);
              if (g && window.confirm(`Delete the group "${g.name}"? Its wallets stay in the book.`)) {
                void run(() => call(getBridge().wallets.deleteGroup({ id: g.id })), `Group "${g.name}" deleted; its wallets are still in the book.`);
              }
            }}
          >
            Delete group
          </button>
        </div>
      ) : null}
      <form className="inline-form new-group" onSubmit={(e) => void create(e)}>
        <input aria-label="New group" placeholder="New group" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className="button button-small" disabled={busy || !name.trim()}>
          Add
        </button>
      </form>
    </aside>
  );
}
