import { useEffect } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { useSettingsStore } from './settings-store';

/**
 * Which sites the console's links may open in the browser. The service's records add hosts as
 * they are read (a vault's KYC page, an operator's site): the operator sees them here, so a host
 * nobody expected is noticed.
 */
export function LinkHostsCard() {
  const linkHosts = useSettingsStore((s) => s.linkHosts);
  const loadLinkHosts = useSettingsStore((s) => s.loadLinkHosts);
  useEffect(() => {
    void loadLinkHosts();
  }, [loadLinkHosts]);
  return (
    <div className="card" data-testid="link-hosts-card">
      <h2>Sites links may open</h2>
      <p className="muted">
        Links open in your browser only to these sites, over https. Block explorers are built in; the others were named by the service in
        its records since the console started, each opening only the exact name shown. A name the service gives is taken only when it is a
        public site: never an address on your network, a shared suffix such as co.uk or github.io, or an international look-alike name.
      </p>
      {linkHosts === null ? (
        <p className="muted">…</p>
      ) : 'code' in linkHosts ? (
        <ErrorNotice error={linkHosts} />
      ) : (
        <dl className="facts" aria-label="Sites links may open">
          <dt>Named by the service</dt>
          <dd data-testid="link-hosts-service">
            {linkHosts.namedByService.length === 0 ? (
              <span className="muted">None yet</span>
            ) : (
              linkHosts.namedByService.map((h, i) => (
                <span key={h}>
                  {i > 0 ? ', ' : ''}
                  <code>{h}</code>
                </span>
              ))
            )}
          </dd>
          <dt>Built in</dt>
          <dd data-testid="link-hosts-built-in">{linkHosts.builtIn.join(', ')}</dd>
        </dl>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => void loadLinkHosts()}>
          Read again
        </button>
      </div>
    </div>
  );
}
