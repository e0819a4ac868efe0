import { useEffect, type ReactNode } from 'react';
import type { SourceStatus } from '../../../shared/portfolio/schemas';
import { useNavigationStore } from '../navigation/navigation-store';
import { useSourceLoad } from '../navigation/use-source-load';
import { ErrorNotice } from '../components/ErrorNotice';
import { timeLabels } from '../components/format';
import { ScreenHeader } from '../components/ScreenHeader';
import { GroupPicker } from './GroupPicker';
import { AUTO_REFRESH_MS, usePortfolioStore } from './portfolio-store';

/**
 * The header every portfolio screen shares: title, batch, refresh (on demand and every 30 s, with
 * progress), and the state of each source. Loads on first show and whenever the data source changes.
 */
export function PortfolioHeader({
  title,
  subtitle,
  back,
  extraSources = [],
}: {
  title: string;
  subtitle?: ReactNode;
  /** The list this page was opened from. */
  back?: { label: string; onClick(): void };
  /** Sources of steps that follow the refresh (e.g. the service's position records). */
  extraSources?: SourceStatus[];
}) {
  const { data, loading, error, autoRefresh, refresh, setAutoRefresh } = usePortfolioStore();
  const simulation = useNavigationStore((s) => s.info?.simulation ?? null);
  const offline = useNavigationStore((s) => s.info?.mode === 'offline');

  useSourceLoad(refresh);
  useEffect(() => {
    if (!autoRefresh || offline) return;
    const id = setInterval(() => void refresh(), AUTO_REFRESH_MS);
    return () => clearInterval(id);
  }, [autoRefresh, offline, refresh]);

  if (offline) return <OfflineHeader title={title} subtitle={subtitle} back={back} />;

  const updated = data ? timeLabels(data.generatedAtMs) : null;
  return (
    <ScreenHeader
      title={title}
      subtitle={subtitle}
      back={back}
      batch={<GroupPicker />}
      tools={
        <label className="toggle">
          <input type="checkbox" checked={autoRefresh} onChange={(e) => setAutoRefresh(e.target.checked)} /> every 30 s
        </label>
      }
      updated={updated && { label: `Updated ${updated.local}`, title: `${updated.utc} · ${data!.cost.http} service requests, ${data!.cost.rpc} RPC requests, ${data!.cost.ms} ms` }}
      refresh={{ run: () => void refresh({ force: true }), busy: loading }}
      progress={{ busy: loading, label: 'Refreshing' }}
      sources={data ? [...data.sources, ...extraSources] : null}
    >
      {simulation === 'starting' && !data ? <p className="notice notice-info">Starting the embedded simulation: local chains, contracts and service (a few seconds)…</p> : null}
      {error ? <ErrorNotice error={error} title={data ? 'The last refresh failed: the figures below are from before.' : 'Could not load the portfolio.'} /> : null}
    </ScreenHeader>
  );
}

/**
 * An offline-review install has no portfolio: it reads no chain and no service. Its screens say
 * so, with where its data is (a bundle's snapshot), rather than a failed refresh and RPC advice;
 * nothing refreshes on a timer.
 */
function OfflineHeader({ title, subtitle, back }: { title: string; subtitle?: ReactNode; back?: { label: string; onClick(): void } }) {
  const go = useNavigationStore((s) => s.go);
  return (
    <ScreenHeader
      title={title}
      subtitle={subtitle}
      back={back}
      tools={
        <label className="toggle" title="Not available offline: this install opens no network connection">
          <input type="checkbox" checked={false} disabled /> every 30 s (not available offline)
        </label>
      }
    >
      <div className="notice notice-info" role="status" data-testid="not-available-offline">
        <strong className="notice-title">Not available offline</strong>
        <p>
          This offline-review install opens no network connection: it reads no chain and no service, so it has no portfolio figures to show or
          refresh. What a plan was made from travels in its bundle: open the bundle on the Bundles screen and view its snapshot.
        </p>
        <p className="notice-action">
          <button type="button" className="link-button" onClick={() => go('bundles')}>
            Go to Bundles
          </button>
        </p>
      </div>
    </ScreenHeader>
  );
}
