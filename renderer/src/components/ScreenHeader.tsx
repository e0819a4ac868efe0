import type { ComponentProps, ReactNode } from 'react';
import type { SourceStatus } from '../../../shared/portfolio/schemas';
import { timeLabels } from './format';
import { ServiceSourcesBar } from './ServiceSourcesBar';
import { SourcesBar } from './SourcesBar';
import './screen-action-bar.css';
import './screen-header.css';

/**
 * The head of every screen: its title and subtitle, then its actions in one order everywhere (back
 * to the list, the batch picker, the screen's tools, how fresh the figures are, its actions, Refresh,
 * its primary action); below it the progress line of screens that load, their notices, and where
 * the figures come from.
 */
export function ScreenHeader({
  titleId,
  title,
  subtitle,
  back,
  batch,
  tools,
  updated,
  updatedAtMs,
  actions,
  refresh,
  primary,
  progress,
  sources,
  serviceSource,
  children,
}: {
  /** The heading's id, which labels the screen's section. */
  titleId?: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** The list this page was opened from. */
  back?: { label: string; onClick(): void };
  /** The batch picker of screens that show one batch. */
  batch?: ReactNode;
  tools?: ReactNode;
  /** When the figures shown were read, and more on hover. */
  updated?: { label: ReactNode; title: string } | null;
  /** Or just when the figures were read: "Updated <local time>", the UTC time on hover. */
  updatedAtMs?: number | null;
  actions?: ReactNode;
  refresh?: { run(): void; busy: boolean };
  primary?: ReactNode;
  /** A screen that loads shows a progress line (or its placeholder, so nothing moves). */
  progress?: { busy: boolean; label: string };
  sources?: SourceStatus[] | null;
  /** A screen read from the service without sources of its own: what the service's state adds (records set aside, a rate-limit wait). */
  serviceSource?: boolean;
  /** Notices between the progress line and the sources. */
  children?: ReactNode;
}) {
  const at = updatedAtMs != null ? timeLabels(updatedAtMs) : null;
  const freshness = updated ?? (at ? { label: `Updated ${at.local}`, title: at.utc } : null);
  const hasActions = Boolean(back || batch || tools || freshness || actions || refresh || primary);
  return (
    <>
      <header className="screen-header">
        <div>
          {/* Focusable by script only: where the keyboard lands after opening the screen. */}
          <h1 id={titleId} tabIndex={-1}>
            {title}
          </h1>
          {subtitle ? <p className="screen-sub">{subtitle}</p> : null}
        </div>
        {hasActions ? (
          <div className="screen-actions">
            {back ? (
              <button type="button" className="button" onClick={back.onClick}>
                ← {back.label}
              </button>
            ) : null}
            {batch}
            {tools}
            {freshness ? (
              <span className="freshness" title={freshness.title}>
                {freshness.label}
              </span>
            ) : null}
            {actions}
            {refresh ? (
              <button type="button" className="button" onClick={refresh.run} disabled={refresh.busy} aria-busy={refresh.busy}>
                {refresh.busy ? 'Refreshing…' : 'Refresh'}
              </button>
            ) : null}
            {primary}
          </div>
        ) : null}
      </header>
      {progress ? (
        progress.busy ? (
          <div className="progress" role="progressbar" aria-label={progress.label} />
        ) : (
          <div className="progress-placeholder" />
        )
      ) : null}
      {children}
      {sources ? <SourcesBar sources={sources} /> : serviceSource ? <ServiceSourcesBar /> : null}
    </>
  );
}

/**
 * A screen: its section, named by its heading (`<name>-title`), the header, then what it shows, then
 * `bar`: the actions on what it shows (export what is listed, revoke what is selected). They come
 * after the content in reading and tab order (WCAG 2.4.3: the rows are read and picked before they
 * are acted on), in a bar that stays in view at the foot of the screen. The header keeps what
 * chooses what is shown (the batch, Refresh), which is read first, as it is seen first.
 */
export function Screen({
  name,
  children,
  bar,
  ...header
}: { name: string; children?: ReactNode; bar?: ReactNode } & Omit<ComponentProps<typeof ScreenHeader>, 'titleId' | 'children'>) {
  return (
    <section className="screen" aria-labelledby={`${name}-title`}>
      <ScreenHeader titleId={`${name}-title`} {...header} />
      {children}
      {bar ? (
        <div className="screen-action-bar" data-testid="screen-action-bar">
          {bar}
        </div>
      ) : null}
    </section>
  );
}
