import { useSourceLoad } from '../navigation/use-source-load';
import { useWalletsStore } from './wallets-store';
import { usePortfolioStore } from './portfolio-store';

/** Which batch of wallets the portfolio screens show. */
export function GroupPicker() {
  const { book, load } = useWalletsStore();
  const { groupId, setGroup } = usePortfolioStore();
  // The book changes with the mode (the demo has its own), so reload it when the source changes.
  useSourceLoad(load);
  return (
    <label className="select-field">
      <span>Batch</span>
      <select value={groupId ?? ''} onChange={(e) => setGroup(e.target.value || null)} aria-label="Batch of wallets">
        <option value="">All wallets ({book?.wallets.length ?? 0})</option>
        {book?.groups.map((g) => (
          <option key={g.id} value={g.id}>
            {g.name} ({book.wallets.filter((w) => w.groupIds.includes(g.id)).length})
          </option>
        ))}
      </select>
    </label>
  );
}
