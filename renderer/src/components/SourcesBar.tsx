import type { SourceStatus } from '../../../shared/portfolio/schemas';
import { timeLabels } from '../components/format';

/** Where the figures come from and how fresh they are; a failed source says what to do. */
export function SourcesBar({ sources }: { sources: SourceStatus[] }) {
  const failed = sources.filter((s) => !s.ok);
  return (
    <div className="sources" aria-label="Data sources">
      <ul className="source-list">
        {sources.map((s) => {
          const at = s.fetchedAtMs ? timeLabels(s.fetchedAtMs) : null;
          return (
            <li key={s.id} className={`source ${s.ok ? 'source-ok' : 'source-bad'}`} data-source={s.id} title={at ? `Last answer ${at.utc}` : 'No answer yet'}>
              <span className="dot" aria-hidden="true" />
              {s.label}
              {!s.ok ? <span className="source-state">{s.stale && at ? ` · showing ${at.local}` : ' · unavailable'}</span> : null}
            </li>
          );
        })}
      </ul>
      {failed.map((s) => (
        <div key={s.id} className="notice notice-error" role="alert" data-failed-source={s.id}>
          <strong className="notice-title">{s.label}: {s.stale ? 'not current' : 'no data'}</strong>
          <p>{s.error?.message}</p>
          {s.error?.action ? <p className="notice-action">{s.error.action}</p> : null}
        </div>
      ))}
    </div>
  );
}
