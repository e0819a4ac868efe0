import { useEffect } from 'react';
import { getBridge } from '../bridge';
import { ErrorNotice } from '../components/ErrorNotice';
import { SettingsScreen } from '../settings/SettingsScreen';
import { VaultsScreen } from '../vaults/VaultsScreen';
import { WalletsScreen } from '../wallets/WalletsScreen';
import { useAppStore, type Screen } from './app-store';
import { ModeBanner } from './ModeBanner';

const NAV: Array<{ screen: Screen; label: string }> = [
  { screen: 'vaults', label: 'Vaults' },
  { screen: 'wallets', label: 'Wallets' },
  { screen: 'settings', label: 'Settings' },
];

export function App() {
  const { info, screen, error, loadInfo, setInfo, go } = useAppStore();

  useEffect(() => {
    void loadInfo();
    return getBridge().events.modeChanged((next) => setInfo(next));
  }, [loadInfo, setInfo]);

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
                  className={`nav-item${screen === item.screen ? ' active' : ''}`}
                  aria-current={screen === item.screen ? 'page' : undefined}
                  onClick={() => go(item.screen)}
                >
                  {item.label}
                </button>
              </li>
            ))}
          </ul>
          <div className="sidebar-foot">{info ? `v${info.version} · ${info.shell === 'browser' ? 'browser shell' : 'desktop'}` : ''}</div>
        </nav>
        <main className="content">
          {error ? <ErrorNotice error={error} title="The console could not start properly." /> : null}
          {screen === 'vaults' ? <VaultsScreen /> : screen === 'wallets' ? <WalletsScreen /> : <SettingsScreen />}
        </main>
      </div>
    </div>
  );
}
