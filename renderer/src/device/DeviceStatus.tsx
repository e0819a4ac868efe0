import { deviceSummary, useDeviceStore } from './device-store';

/** The Ledger's state in the sidebar, always visible. */
export function DeviceStatus() {
  const { kind, state } = useDeviceStore();
  const summary = deviceSummary(state);
  return (
    <div className={`device-status tone-${summary.tone}`} data-testid="device-status" title={summary.text}>
      <span className="dot" aria-hidden="true" />
      <span>
        {summary.text}
        {kind === 'emulated' ? <span className="cell-sub"> (emulated)</span> : null}
      </span>
    </div>
  );
}
