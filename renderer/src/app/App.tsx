import { useEffect, type ComponentType } from 'react';
import { getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SettingsScreen } from '../settings';
import { VaultsScreen, VaultScreen } from '../vaults';
import { WalletsScreen } from '../wallets';
import { OverviewScreen } from '../portfolio';
import { followPositionRecords, PositionsScreen } from '../positions';
import { RequestsScreen } from '../requests';
import { TransactionsScreen } from '../transactions';
import { AllowancesScreen } from '../allowances';
import { CampaignsScreen, CampaignScreen } from '../campaigns';
import { PerformanceScreen } from '../performance';
import { OperatorsScreen, OperatorScreen } from '../operators';
import { BundlePartsContext, SigningScreen, useSigningStore } from '../signing';
import { BUNDLE_PARTS } from './bundle-parts';
import { BundlesScreen, SnapshotScreen } from '../bundles';
import { menuEntryOf, screenLabel, useNavigationStore, type Screen } from '../navigation/navigation-store';
import { ModeBanner } from './ModeBanner';
import { DisplayChoices } from './DisplayChoices';
import { DevicePanel, DeviceStatus, useDeviceStore } from '../device';
import { LocaleNote } from '../components/LocaleNote';
import { AlertsBell, AlertsScreen, startAlertWatch } from '../alerts';
import { useScreenHeadingFocus } from './screen-focus';

/** The main menu, in order; each entry is labelled with its screen's name. */
const NAV: Screen[] = ['overview', 'positions', 'requests', 'transactions', 'allowances', 'signing', 'bundles', 'vaults', 'campaigns', 'performance', 'operators', 'wallets', 'settings'];


const SCREENS: Record<Screen, ComponentType> = {
  overview: OverviewScreen,
  positions: PositionsScreen,
  requests: RequestsScreen,
  transactions: TransactionsScreen,
  allowances: AllowancesScreen,
  vault: VaultScreen,
  signing: SigningScreen,
  bundles: BundlesScreen,
  snapshot: SnapshotScreen,
  vaults: VaultsScreen,
  campaigns: CampaignsScreen,
  campaign: CampaignScreen,
  performance: PerformanceScreen,
  operators: OperatorsScreen,
  operator: OperatorScreen,
  wallets: WalletsScreen,
  settings: SettingsScreen,
  alerts: AlertsScreen,
};

export function App() {
  const { info, screen, vaultOrigin, error, notice, showNotice, loadInfo, setInfo, go } = useNavigationStore();
  const ScreenView = SCREENS[screen];
  useScreenHeadingFocus();

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
  // Position records and agreements arrive pushed after each portfolio load, whichever screen loaded it.
  useEffect(() => followPositionRecords(), []);
  // Alerts read the chains through the portfolio: an offline install has none to raise.
  const watchAlerts = info !== null && info.mode !== 'offline';
  useEffect(() => (watchAlerts ? startAlertWatch() : undefined), [watchAlerts]);

  return (
    <div className={`app mode-${info?.mode ?? 'loading'}`}>
      {/* First in the tab order: past the banner and the menu, straight to the screen's content. */}
      <a
        className="skip-link"
        href="#main-content"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main-content')?.focus();
        }}
      >
        Skip to content
      </a>
      <ModeBanner info={info} onOpenSettings={() => go('settings')} />
      <div className="app-body">
        <nav className="sidebar" aria-label="Main">
          <div className="brand">
            <span className="brand-mark" aria-hidden="true">
              V
            </span>
            <span className="brand-name">Vaultdesk</span>
            {info && info.mode !== 'offline' ? <AlertsBell /> : null}
          </div>
          <ul>
            {NAV.map((item) => (
              <li key={item}>
                <button
                  type="button"
                  className={`nav-item${menuEntryOf(screen, vaultOrigin) === item ? ' active' : ''}`}
                  aria-current={screen === item ? 'page' : undefined}
                  onClick={() => go(item)}
                >
                  {screenLabel(item)}
                  {item === 'signing' && pausedBatches > 0 ? (
                    <span className="nav-badge" title="Batches that stopped before the end: open Signing to resume them.">
                      {pausedBatches} paused
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
          <DeviceStatus />
          <DisplayChoices />
          <div className="sidebar-foot">{info ? `v${info.version} · ${info.shell === 'browser' ? 'browser shell' : 'desktop'}` : ''}</div>
          <LocaleNote />
        </nav>
        <main className="content" id="main-content" tabIndex={-1}>
          {error ? <ErrorNotice error={error} title="The console could not start properly." /> : null}
          {notice ? (
            <div className="dismissable">
              <ErrorNotice error={notice} />
              <button type="button" className="link-button" onClick={() => showNotice(null)}>
                Dismiss
              </button>
            </div>
          ) : null}
          <BundlePartsContext.Provider value={BUNDLE_PARTS}>
            <ScreenView />
          </BundlePartsContext.Provider>
        </main>
        {info?.mode === 'demo' ? <DevicePanel /> : null}
      </div>
    </div>
  );
}
