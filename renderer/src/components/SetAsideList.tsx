import { useId, useRef } from 'react';
import type { SetAside } from '../../../shared/portfolio/schemas';
import { useFocusOnChange } from './focus/useFocusOnChange';
import { SimpleTable } from './SimpleTable';

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
        <SimpleTable
          compact
          label="Records set aside"
          // The same record may be set aside twice (two reads of one page): its place in the list keeps the keys apart.
          rows={setAside.records.map((r, i) => ({ ...r, at: i }))}
          rowKey={(r) => `${r.endpoint}|${r.index}|${r.id ?? ''}|${r.at}`}
          rowProps={(r) => ({ 'data-set-aside-endpoint': r.endpoint })}
          columns={[
            { key: 'endpoint', header: 'Endpoint', cell: (r) => <code>{r.endpoint}</code> },
            {
              key: 'record',
              header: 'Record',
              cell: (r) => (r.id ? <code title={`position ${r.index} in its page`}>{r.id}</code> : `position ${r.index} in its page`),
            },
            { key: 'field', header: 'Field', cell: (r) => (r.path ? <code>{r.path}</code> : 'the record itself') },
            { key: 'reason', header: 'Reason', cell: (r) => r.reason },
          ]}
        />
      </div>
    </div>
  );
}
