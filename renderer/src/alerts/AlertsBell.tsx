import { useNavigationStore } from '../navigation/navigation-store';
import { useAlertsStore } from './alerts-store';

/** A bell drawn in the text's colour (no emoji font needed). */
function BellIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M8 1.5a4 4 0 0 0-4 4v2.6L2.6 10.7A.8.8 0 0 0 3.3 12h9.4a.8.8 0 0 0 .7-1.3L12 8.1V5.5a4 4 0 0 0-4-4Z" fill="currentColor" />
      <path d="M6.3 13a1.8 1.8 0 0 0 3.4 0" stroke="currentColor" strokeWidth="1.4" fill="none" strokeLinecap="round" />
    </svg>
  );
}

/** The bell beside the menu: how many alerts were raised since the Alerts screen was last open; opens it. */
export function AlertsBell() {
  const unread = useAlertsStore((s) => s.unread);
  const go = useNavigationStore((s) => s.go);
  const screen = useNavigationStore((s) => s.screen);
  const label = unread === 0 ? 'Alerts' : `Alerts, ${unread} new`;
  return (
    <button
      type="button"
      className={`alerts-bell${unread > 0 ? ' has-new' : ''}${screen === 'alerts' ? ' active' : ''}`}
      aria-label={label}
      title={unread === 0 ? 'Alerts: epoch windows and changes of the batch’s vaults' : `${unread} new alert${unread === 1 ? '' : 's'}`}
      aria-current={screen === 'alerts' ? 'page' : undefined}
      onClick={() => go('alerts')}
    >
      <BellIcon />
      {/* The count is in the button's name ("Alerts, 3 new"): read once, not twice. */}
      {unread > 0 ? <span className="alerts-count" aria-hidden="true">{unread > 99 ? '99+' : unread}</span> : null}
    </button>
  );
}
