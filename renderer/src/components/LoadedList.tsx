import type { ReactNode } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { ErrorNotice } from './ErrorNotice';

/**
 * What a screen shows of a list it loads from the service: the failure of the last load (what is
 * shown stays, from the last load that worked), that the list is empty, then its table (when given
 * here), marked as not current after a failure.
 */
export function LoadedList({
  error,
  loaded,
  count,
  what,
  none,
  stale = 'the list below is',
  children,
}: {
  error: AppErrorData | null;
  loaded: boolean;
  count: number;
  /** What failed to load the first time, e.g. "the campaigns". */
  what: string;
  /** What an empty list says. */
  none: string;
  /** What a failed refresh leaves on screen, e.g. "the figures below are". */
  stale?: string;
  /** The table, drawn only when there is something to list. */
  children?: () => ReactNode;
}) {
  return (
    <>
      {error ? <ErrorNotice error={error} title={loaded ? `Could not refresh: ${stale} from the last successful load.` : `Could not load ${what}.`} /> : null}
      {loaded && count === 0 ? <p className="empty">{none}</p> : null}
      {loaded && count > 0 && children ? <div className={`table-wrap${error ? ' stale' : ''}`}>{children()}</div> : null}
    </>
  );
}
