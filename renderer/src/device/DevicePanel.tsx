import { useState } from 'react';
import { modelName } from '../../../shared/device/models';
import { useDeviceStore } from './device-store';
import './device-panel.css';

/**
 * The demo's emulated Ledger: its screen, and the buttons a real device has (approve, reject) plus
 * the things a user does to one (lock, unplug, switch app, blind signing), so every device
 * situation can be tried without hardware.
 */
export function DevicePanel() {
  const { emulator, press, error } = useDeviceStore();
  const [open, setOpen] = useState(true);
  if (!emulator) return null;
  const pending = emulator.pending;
  return (
    <aside className={`device-panel${pending ? ' attention' : ''}${open ? '' : ' closed'}`} aria-label="Emulated Ledger" data-testid="device-panel">
      <header>
        <strong>Emulated Ledger</strong>
        {emulator.model ? (
          <span className="cell-sub" data-testid="device-model">
            {[modelName(emulator.model), emulator.ethereumAppVersion ? `Ethereum app ${emulator.ethereumAppVersion}` : null, emulator.osVersion ? `OS ${emulator.osVersion}` : null]
              .filter(Boolean)
              .join(' · ')}
          </span>
        ) : null}
        <span className="cell-sub">
          {/* The versions are in the line before: only what is on the device now. */}
          {!emulator.plugged ? 'unplugged' : emulator.locked ? 'locked' : emulator.app === 'BOLOS' ? 'dashboard' : `${emulator.app} open`}
        </span>
        <button type="button" className="link-button" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide' : 'Show'}
        </button>
      </header>
      {open ? (
        <>
          <div className="device-screen" aria-live="polite" data-testid="device-screen">
            {pending ? (
              <ol>
                {pending.screens.map((s, i) => (
                  <li key={i}>
                    <span className="screen-title">{s.title}</span>
                    {s.value ? <span className="screen-value">{s.value}</span> : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="idle">{!emulator.plugged ? '(unplugged)' : emulator.locked ? 'PIN?' : emulator.app === 'BOLOS' ? 'Dashboard' : 'Application is ready'}</p>
            )}
          </div>
          {pending ? (
            <div className="device-buttons">
              <button type="button" className="button button-primary" onClick={() => void press('approve')}>
                Approve
              </button>
              <button type="button" className="button button-danger" onClick={() => void press('reject')}>
                Reject
              </button>
            </div>
          ) : null}
          <div className="device-controls">
            {emulator.locked ? (
              <button type="button" className="button button-small" onClick={() => void press('unlock')}>
                Enter PIN
              </button>
            ) : (
              <button type="button" className="button button-small" onClick={() => void press('lock')}>
                Lock
              </button>
            )}
            {emulator.plugged ? (
              <button type="button" className="button button-small" onClick={() => void press('unplug')}>
                Unplug
              </button>
            ) : (
              <button type="button" className="button button-small" onClick={() => void press('replug')}>
                Plug in
              </button>
            )}
            {emulator.app === 'Ethereum' ? (
              <button type="button" className="button button-small" onClick={() => void press('openDashboard')}>
                Quit app
              </button>
            ) : (
              <button type="button" className="button button-small" onClick={() => void press('openEthereum')}>
                Open Ethereum
              </button>
            )}
            <label className="toggle">
              <input type="checkbox" checked={emulator.blindSigning} onChange={(e) => void press(e.target.checked ? 'blindSigningOn' : 'blindSigningOff')} /> blind signing
            </label>
          </div>
          {error ? <p className="field-error">{error.message}</p> : null}
        </>
      ) : null}
    </aside>
  );
}
