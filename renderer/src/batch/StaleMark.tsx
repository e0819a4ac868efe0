import type { RequestRow, SourceStatus } from '../../../shared/portfolio/schemas';
import { failedSources, notCurrentText, staleRequestSource } from '../../../shared/portfolio/freshness';
import { timeLabels } from '../components/format';
import { usePortfolioStore } from './portfolio-store';
import './freshness.css';

const localTime = (ms: number) => timeLabels(ms).local;

/**
 * "not current", with the source that failed and the time of its last answer on hover (or a
 * `title` of its own). `row`: the whole table row is from that source, and is dimmed as one.
 */
export function StaleMark({
  source,
  title,
  text = 'not current',
  row = false,
}: {
  source?: SourceStatus | null;
  title?: string;
  text?: string;
  row?: boolean;
}) {
  return (
    <span
      className="stale-mark"
      data-stale={row ? 'row' : 'figure'}
      title={title ?? (source ? notCurrentText(source, localTime) : 'Not current: its source did not answer on the last refresh.')}
    >
      {text}
    </span>
  );
}

/** The mark of a request row kept from a source that failed; rendered only for stale rows. */
export function RequestStaleMark({ row }: { row: RequestRow }) {
  const data = usePortfolioStore((s) => s.data);
  const vault = data?.vaults.find((v) => v.id === row.vaultId);
  const source = data ? staleRequestSource(failedSources(data), vault, row) : null;
  return <StaleMark row source={source} />;
}
