import { useId, useRef } from 'react';
import type { SetAside } from '../../../shared/portfolio/schemas';
import { useFocusOnChange } from './focus/useFocusOnChange';

/**
 * The records the service's latest reads set aside, opened from the source bar: where each was
 * (endpoint, record id or its position in the page), the field that did not fit and why. A
 * non-modal panel: it takes the focus when it opens, Escape or Close shut it and give the focus
 * back to what opened it.
 */
export function SetAsideList({ setAside, onClose, id }: { setAside: SetAside; onClose(): void; id: string }) {
  const titleId = useId();
  const closeRef = useRef<HTMLButtonElement>(null);
  useFocusOnChange(closeRef, 'opened', { onMount: true });
  const listed = setAside.records.length;
  return (
    <div
      id={id}
      className="set-aside-panel"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="set-aside-head">
        <h2 id={titleId}>
          {setAside.count} {setAside.count === 1 ? 'record' : 'records'} set aside by the service's latest reads
        </h2>
        <button ref={closeRef} type="button" className="button" onClick={onClose}>
          Close
        </button>
      </header>
      <p className="set-aside-note">
        {setAside.count === 1 ? 'This record does' : 'These records do'} not fit what the console reads, so{' '}
        {setAside.count === 1 ? 'it is' : 'they are'} not shown; the rest of each list is. The log file names them too. If a figure you
        expect is missing, report it with the log.
        {listed < setAside.count ? ` The first ${listed} are listed.` : ''}
      </p>
      <div className="set-aside-scroll">
        <table className="table compact" aria-label="Records set aside">
          <thead>
            <tr>
              <th scope="col">Endpoint</th>
              <th scope="col">Record</th>
              <th scope="col">Field</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {setAside.records.map((r, i) => (
              <tr key={`${r.endpoint}|${r.index}|${r.id ?? ''}|${i}`} data-set-aside-endpoint={r.endpoint}>
                <td>
                  <code>{r.endpoint}</code>
                </td>
                <td>{r.id ? <code title={`position ${r.index} in its page`}>{r.id}</code> : `position ${r.index} in its page`}</td>
                <td>{r.path ? <code>{r.path}</code> : 'the record itself'}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
