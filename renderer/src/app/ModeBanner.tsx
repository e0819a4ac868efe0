import type { AppInfo } from '../../../shared/ipc/schemas';

/**
 * Always visible: which world the console is looking at. Demo must never be mistaken for real
 * funds, and offline must say that nothing leaves the machine.
 */
export function ModeBanner({ info, onOpenSettings }: { info: AppInfo | null; onOpenSettings: () => void }) {
  if (!info) return <div className="mode-banner mode-banner-loading">Connecting…</div>;
  if (info.mode === 'demo') {
    return (
      <div className="mode-banner mode-banner-demo" role="status" data-testid="mode-banner">
        <strong>DEMO</strong>
        <span>Embedded simulation: simulated service, local chain and emulated Ledger. Nothing here is real money.</span>
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Connect a real service
        </button>
      </div>
    );
  }
  if (info.mode === 'offline') {
    return (
      <div className="mode-banner mode-banner-offline" role="status" data-testid="mode-banner">
        <strong>OFFLINE</strong>
        <span>This install opens no network connection: the wallet book and the Ledger work; nothing is read from the service or the chains.</span>
      </div>
    );
  }
  return (
    <div className="mode-banner mode-banner-live" role="status" data-testid="mode-banner">
      <strong>LIVE</strong>
      <span>{info.serviceUrl}</span>
    </div>
  );
}
