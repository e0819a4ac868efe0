import type { AppErrorData } from '../../../shared/errors';

/** A failure as the user sees it: what happened, then what to do. */
export function ErrorNotice({ error, title }: { error: AppErrorData; title?: string }) {
  return (
    <div className="notice notice-error" role="alert" data-error-code={error.code}>
      {title ? <strong className="notice-title">{title}</strong> : null}
      <p>{error.message}</p>
      {error.action ? <p className="notice-action">{error.action}</p> : null}
    </div>
  );
}
