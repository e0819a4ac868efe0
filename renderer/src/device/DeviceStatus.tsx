import { deviceHint, deviceIdentity, deviceSummary, useDeviceStore } from './device-store';
import './device-status.css';

/**
 * The Ledger's card in the sidebar, always visible: its state, what to do about it, and the two
 * things the console can do for the user, which the device's messages name: "Check again" (ask
 * the device now, e.g. after closing Ledger Live) and "Open Ethereum" (the device asks to confirm).
 */
export function DeviceStatus() {
  const { kind, state, target, busy, actionError, check, openEthereum } = useDeviceStore();
  const identity = deviceIdentity(target, state);
  const summary = deviceSummary(state);
  const hint = deviceHint(state);
  const reviewing = state?.status === 'awaiting-confirmation';
  const canOpen = state?.status === 'dashboard' || state?.status === 'wrong-app';
  return (
    <div className={`device-status tone-${summary.tone}`} data-testid="device-status" data-status={state?.status ?? 'unknown'}>
      <span className="dot" aria-hidden="true" />
      <div className="device-status-body">
        <span className="device-status-text" title={summary.text}>
          {summary.text}
          {kind === 'emulated' ? <span className="cell-sub"> (emulated)</span> : null}
        </span>
        {identity ? (
          <span className="device-status-hint" data-testid="device-identity">
            {identity}
          </span>
        ) : null}
        {hint ? <span className="device-status-hint">{hint}</span> : null}
        {state && !reviewing ? (
          <span className="device-status-actions">
            <button type="button" className="link-button" disabled={busy !== null} onClick={() => void check()}>
              {busy === 'check' ? 'Checking…' : 'Check again'}
            </button>
            {canOpen ? (
              <button type="button" className="link-button" disabled={busy !== null} onClick={() => void openEthereum()}>
                {busy === 'open' ? 'Confirm on the device…' : 'Open Ethereum'}
              </button>
            ) : null}
          </span>
        ) : null}
        {actionError ? (
          <span className="device-status-hint device-status-error" role="alert">
            {/* The state often says the same thing already: then only what to do. */}
            {summary.text.includes(actionError.message) ? actionError.action : `${actionError.message} ${actionError.action ?? ''}`}
          </span>
        ) : null}
      </div>
    </div>
  );
}
