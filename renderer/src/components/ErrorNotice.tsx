import { useRef } from 'react';
import type { AppErrorData } from '../../../shared/errors';
import { useFocusOnChange } from './focus/useFocusOnChange';

/**
 * A failure as the user sees it: what happened, then what to do. `focus`: the failure is the
 * result of what the operator just did (a refusal), so the keyboard lands on it; a failure that
 * arrives by itself (a refresh) never takes the focus.
 */
export function ErrorNotice({ error, title, focus = false }: { error: AppErrorData; title?: string; focus?: boolean }) {
  const notice = useRef<HTMLDivElement>(null);
  useFocusOnChange(notice, focus ? error : null, { onMount: true });
  return (
    <div className="notice notice-error" role="alert" data-error-code={error.code} ref={notice} tabIndex={focus ? -1 : undefined}>
      {title ? <strong className="notice-title">{title}</strong> : null}
      <p>{error.message}</p>
      {error.action ? <p className="notice-action">{error.action}</p> : null}
    </div>
  );
}
