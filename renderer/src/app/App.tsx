import { useEffect } from 'react';
import { getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SettingsScreen } from '../settings';
import { VaultsScreen, VaultScreen } from '../vaults';
import { WalletsScreen } from '../wallets';
import { OverviewScreen, PositionsScreen, RequestsScreen } from '../portfolio';
import { TransactionsScreen } from '../transactions';
import { CampaignsScreen, CampaignScreen } from '../campaigns';
import { PerformanceScreen } from '../performance';
import { OperatorsScreen, OperatorScreen } from '../operators';
import { SigningScreen, useSigningStore } from '../signing';
import { BundlesScreen, SnapshotScreen } from '../bundles';
import { useNavigationStore, type Screen } from '../navigation/navigation-store';
import { ModeBanner } from './ModeBanner';
import { DevicePanel, DeviceStatus, useDeviceStore } from '../device';

const NAV: Array<{ screen: Screen; label: string }> = [
  { screen: 'overview', label: 'Overview' },
  { screen: 'positions', label: 'Positions' },
  { screen: 'requests', label: 'Requests' },
  { screen: 'transactions', label: 'Transactions' },
  { screen: 'signing', label: 'Signing' },
  { screen: 'bundles', label: 'Bundles' },
  { screen: 'vaults', label: 'Vaults' },
  { screen: 'campaigns', label: 'Campaigns' },
  { screen: 'performance', label: 'Performance' },
  { screen: 'operators', label: 'Operators' },
  { screen: 'wallets', label: 'Wallets' },
  { screen: 'settings', label: 'Settings' },
];

/** Pages opened from a list keep their list's entry lit. */
const PARENT_SCREEN: Partial<Record<Screen, Screen>> = { vault: 'overview', campaign: 'campaigns', operator: 'operators', snapshot: 'bundles' };

function ScreenView({ screen }: { screen: Screen }) {
  switch (screen) {
    case 'overview':
      return <OverviewScreen />;
    case 'positions':
      return <PositionsScreen />;
    case 'requests':
      return <RequestsScreen />;
    case 'transactions':
      return <TransactionsScreen />;
    case 'vault':
      return <VaultScreen />;
    case 'signing':
      return <SigningScreen />;
    case 'bundles':
      return <BundlesScreen />;
    case 'snapshot':
      return <SnapshotScreen />;
    case 'vaults':
      return <VaultsScreen />;
    case 'campaigns':
      return <CampaignsScreen />;
    case 'campaign':
      return <CampaignScreen />;
    case 'performance':
      return <PerformanceScreen />;
    case 'operators':
      return <OperatorsScreen />;
    case 'operator':
      return <OperatorScreen />;
    case 'wallets':
      return <WalletsScreen />;
    case 'settings':
      return <SettingsScreen />;
  }
}

export function App() {
  const { info, screen, error, notice, showNotice, loadInfo, setInfo, go } = useNavigationStore();

  const initDevice = useDeviceStore((s) => s.init);
  const sourceVersion = useNavigationStore((s) => s.sourceVersion);

  useEffect(() => {
    void loadInfo();
    return getBridge().events.modeChanged((next) => setInfo(next));
  }, [loadInfo, setInfo]);
  // The device changes with the mode (emulated in the demo): subscribe again when the source changes.
  useEffect(() => initDevice(), [initDevice, sourceVersion]);
  const initSigning = useSigningStore((s) => s.init);
  // A batch interrupted by a locked device, a rejection or a closed console waits for the operator.
  const pausedBatches = useSigningStore((s) => s.batches.filter((b) => b.status === 'paused').length);
  useEffect(() => initSigning(), [initSigning, sourceVersion]);

  return (
    <div className={`app mode-${info?.mode ?? 'loading'}`}>
      <ModeBanner info={info} onOpenSettings={() => go('settings')} />
      <div className="app-body">
        <nav className="sidebar" aria-label="Main">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              V
            </span>
            <span className="brand-name">Vaultdesk</span>
          </div>
          <ul>
            {NAV.map((item) => (
              <li key={item.screen}>
                <button
                  type="button"
                  className={`nav-item${screen === item.screen || PARENT_SCREEN[screen] === item.screen ? ' active' : ''}`}
                  aria-current={screen === item.screen ? 'page' : undefined}
                  onClick={() => go(item.screen)}
                >
                  {item.label}
                  {item.screen === 'signing' && pausedBatches > 0 ? (
                    <span className="nav-badge" title="Batches that stopped before the end: open Signing to resume them.">
                      {pausedBatches} paused
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          <DeviceStatus />
          <div className="sidebar-foot">{info ? `v${info.version} · ${info.shell === 'browser' ? 'browser shell' : 'desktop'}` : ''}</div>
        </nav>
        <main className="content">
          {error ? <ErrorNotice error={error} title="The console could not start properly." /> : null}
          {notice ? (
            <div className="dismissable">
              <ErrorNotice error={notice} />
              <button type="button" className="link-button" onClick={() => showNotice(null)}>
                Dismiss
              </button>
            </div>
          ) : null}
          <ScreenView screen={screen} />
        </main>
        {info?.mode === 'demo' ? <DevicePanel /> : null}
      </div>
    </div>
  );
}
