import { Toolbar } from '../components/Toolbar';
import { SHOW, type Show } from './pair-filters';

/** Search the pairs, and choose which to show, each choice with how many pairs it keeps. */
export function PositionsToolbar({
  search,
  onSearch,
  show,
  onShow,
  counts,
}: {
  search: string;
  onSearch(value: string): void;
  show: Show;
  onShow(show: Show): void;
  counts: Record<Show, number>;
}) {
  return (
    <Toolbar search={{ value: search, onChange: onSearch, placeholder: 'Search wallet, label or vault', label: 'Search positions' }}>
      <label className="toggle">
        Show{' '}
        <select value={show} onChange={(e) => onShow(e.target.value as Show)} aria-label="Show pairs">
          {(Object.keys(SHOW) as Show[]).map((key) => (
            <option key={key} value={key}>
              {SHOW[key].label} ({counts[key].toLocaleString()})
            </option>
          ))}
        </select>
      </label>
    </Toolbar>
  );
}
