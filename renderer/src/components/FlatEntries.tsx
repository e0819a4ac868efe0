import type { FlatEntryView } from '../../../shared/insights/schemas';
import { openLink } from './links';
import { pickText } from './text';

/**
 * Key/values flattened from a free-form service object. A link the console's opener accepts is a
 * button that opens it in the user's browser; any other link is shown as text, with the reason on hover.
 */
export function FlatEntries({ entries, label }: { entries: FlatEntryView[]; label: string }) {
  return (
    <dl className="kv" aria-label={label}>
      {entries.map((e) => (
        <div key={e.key} className="kv-row" data-key={e.key}>
          <dt>{e.label}</dt>
          <dd className={`kv-${e.kind}`}>
            {e.kind === 'link' && e.url ? (
              e.openable ? (
                <button type="button" className="link-button external-link" onClick={() => void openLink(e.url!)} title={`Open ${e.url} in your browser`}>
                  {e.value} <span aria-hidden="true">↗</span>
                </button>
              ) : (
                <span className="link-text" title="Not opened from the console: its host is not one of the explorers and providers the console knows.">
                  {e.value}
                </span>
              )
            ) : e.texts ? (
              pickText(e.texts, e.value)
            ) : (
              e.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
