import type { AppInfo } from '../../../shared/ipc/schemas';
import { useEffect } from 'react';
import { DemoClockControls, DemoClockDate, keyAbsence, useSettingsStore } from '../settings';

/**
 * Always visible: which world the console is looking at. Demo must never be mistaken for real
 * funds, a service read without a key must say what it cannot show or do, and offline must say
 * that nothing leaves the machine.
 */
export function ModeBanner({ info, onOpenSettings }: { info: AppInfo | null; onOpenSettings: () => void }) {
  if (!info) return <div className="mode-banner mode-banner-loading">Connecting…</div>;
  if (info.mode === 'demo') {
    return (
      <div className="mode-banner mode-banner-demo" role="status" data-testid="mode-banner">
        <strong>DEMO</strong>
        <span>Embedded simulation: simulated service, local chain and emulated Ledger. Nothing here is real money.</span>
        <DemoClockDate />
        {info.simulation === 'ready' ? <DemoClockControls compact /> : null}
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Connect a real service
        </button>
      </div>
    );
  }
  if (info.mode === 'public') return <PublicBanner serviceUrl={info.serviceUrl} onOpenSettings={onOpenSettings} />;
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

/** Read-only: the service's public records without a key, and why there is no key (never saved, key file locked, keychain unreadable). */
function PublicBanner({ serviceUrl, onOpenSettings }: { serviceUrl: string; onOpenSettings: () => void }) {
  const status = useSettingsStore((s) => s.status);
  const load = useSettingsStore((s) => s.load);
  // The status is asked for again whenever the banner turns read-only (the mode changes with it).
  useEffect(() => void load(), [load, serviceUrl]);
  const { reason, action } = keyAbsence(status);
  return (
    <div className="mode-banner mode-banner-public" role="status" data-testid="mode-banner">
      <strong>READ-ONLY</strong>
      <span>
        Public data of {serviceUrl}, {reason}: the service's public records and your RPCs' chains; nothing can be signed.
      </span>
      <button type="button" className="link-button" onClick={onOpenSettings}>
        {action}
      </button>
    </div>
  );
}
